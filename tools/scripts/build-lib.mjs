// Builds the library in the current directory: every source file (tests and testing helpers
// excepted) transpiled by swc into dist/libs/<name>/, keeping the folder shape. Apps bundle
// libs from source; this build proves each lib compiles on its own and is what a publish
// would ship. Types are checked by the `typecheck` target, not here.
import { transformFile } from '@swc/core';
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
  await writeFile(target, code);
  count += 1;
}
console.log(`@eyewear/${name}: ${count} files -> ${relative(process.cwd(), outDir)}`);
