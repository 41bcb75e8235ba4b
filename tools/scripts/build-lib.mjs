// Builds the library in the current directory: every source file (tests and testing helpers
// excepted) transpiled by swc into dist/libs/<name>/ as ES modules Node can load (relative
// imports get their .js). Apps bundle libs from source; this build proves each lib compiles
// on its own, and lets Node tools (the release CLI) use it. Types are checked by `typecheck`.
import { transformFile } from '@swc/core';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';

const projectDir = process.cwd();
const name = basename(projectDir);
const srcDir = join(projectDir, 'src');
const outDir = join(projectDir, '..', '..', 'dist', 'libs', name);

async function* sources(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing' && entry.name !== '__fixtures__') yield* sources(path);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield path;
    }
  }
}

/** `./manifest` -> `./manifest.js`, `./contract` -> `./contract/index.js`, as Node ESM needs. */
function withExtensions(code, file) {
  return code.replace(/(\bfrom\s*|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]+)\2/g, (whole, prefix, quote, spec) => {
    const base = join(dirname(file), spec);
    if (['.ts', '.tsx'].some((ext) => existsSync(base + ext))) return `${prefix}${quote}${spec}.js${quote}`;
    if (['index.ts', 'index.tsx'].some((index) => existsSync(join(base, index)))) return `${prefix}${quote}${spec}/index.js${quote}`;
    return whole;
  });
}

await rm(outDir, { recursive: true, force: true });
let count = 0;
for await (const file of sources(srcDir)) {
  const { code } = await transformFile(file, {
    jsc: {
      parser: { syntax: 'typescript', tsx: file.endsWith('.tsx') },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'es6' },
    sourceMaps: false,
  });
  const target = join(outDir, relative(srcDir, file)).replace(/\.tsx?$/, '.js');
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, withExtensions(code, file));
  count += 1;
}
await writeFile(join(outDir, 'package.json'), `${JSON.stringify({ name: `@eyewear/${name}`, type: 'module', private: true }, null, 2)}\n`);
console.log(`@eyewear/${name}: ${count} files -> ${relative(process.cwd(), outDir)}`);
