#!/usr/bin/env node
// The deterministic size check: gzip bytes of what each app sends first, from its production
// build, against bench/budgets.json. Bytes do not vary from run to run, so this may fail CI.
//   shell: every JavaScript file of its build (its entry, bootstrap and the shared modules it
//     provides; it carries no page code).
//   remote: its remoteEntry plus the largest exposed module's synchronous chunks.
import { readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const workspace = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const gz = async (file) => gzipSync(await readFile(file), { level: 9 }).length;

/** @returns {Promise<Record<string, { bytes: number, detail: string }>>} */
export async function measureSizes(root = workspace) {
  /** @type {Record<string, { bytes: number, detail: string }>} */
  const sizes = {};
  const shellDir = join(root, 'dist/apps/shell');
  let shell = 0;
  for (const file of await readdir(shellDir)) if (file.endsWith('.js')) shell += await gz(join(shellDir, file));
  sizes.shell = { bytes: shell, detail: 'all JS of the shell build' };
  for (const remote of ['catalog', 'product', 'cart-checkout', 'account', 'appointments']) {
    const dir = join(root, 'dist/apps', remote);
    const manifest = JSON.parse(await readFile(join(dir, 'mf-manifest.json'), 'utf8'));
    const entry = await gz(join(dir, manifest.metaData.remoteEntry.name));
    let largest = { name: '', bytes: 0 };
    for (const expose of manifest.exposes) {
      let bytes = 0;
      for (const file of expose.assets.js.sync) bytes += await gz(join(dir, file));
      if (bytes > largest.bytes) largest = { name: expose.name, bytes };
    }
    sizes[remote] = { bytes: entry + largest.bytes, detail: `remoteEntry ${entry} + ${largest.name} ${largest.bytes}` };
  }
  return sizes;
}

async function main() {
  if (!existsSync(join(workspace, 'dist/apps/shell/index.html'))) {
    console.error('✗ size check: no production builds in dist/apps (run the builds first)');
    process.exit(1);
  }
  const budgets = JSON.parse(await readFile(join(workspace, 'bench/budgets.json'), 'utf8')).sizes;
  const sizes = await measureSizes();
  let broken = 0;
  console.log('app            gzip bytes   budget   ');
  for (const [app, { bytes, detail }] of Object.entries(sizes)) {
    const ok = bytes <= budgets[app];
    if (!ok) broken += 1;
    console.log(`${app.padEnd(14)} ${String(bytes).padStart(10)} ${String(budgets[app]).padStart(8)}  ${ok ? 'ok' : 'OVER'}  (${detail})`);
  }
  if (broken) {
    console.error(`✗ ${broken} app(s) over their size budget (bench/budgets.json)`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
