import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { digestOf, writeJsonAtomic } from '@eyewear/tools/deploy';
import { collectRemoteRequests } from '../support/site';

const PORT = 4311;
const here = dirname(fileURLToPath(import.meta.url));
const deployed = join(here, '../../.deploy-e2e');

let root: string;
let edge: ChildProcess;

async function waitForEdge() {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('edge server did not start');
}

test.beforeAll(async () => {
  // An edge server of its own over a copy of the deploy root, so changing remotes.json here
  // disturbs no other test.
  root = await mkdtemp(join(tmpdir(), 'swap-'));
  await cp(deployed, root, { recursive: true });
  edge = spawn(process.execPath, [join(here, '../../tools/serve/edge.mjs'), '--root', root, '--port', String(PORT)], { stdio: 'ignore' });
  await waitForEdge();
});

test.afterAll(async () => {
  edge.kill();
  await rm(root, { recursive: true, force: true });
});

test('pointing remotes.json at another build folder changes what the browser loads, shell untouched', async ({ page }) => {
  const manifest = JSON.parse(await readFile(join(root, 'remotes.json'), 'utf8'));
  const stable = manifest.remotes.catalog.stable.version as string;
  const shellBefore = await digestOf(join(root, 'shell'));
  const shellJson = await readFile(join(root, 'shell.json'), 'utf8');

  // A second build of the catalogue in its own folder, whose home page says so.
  const next = `${stable.split('-')[0]}-swap.1`;
  const nextDir = join(root, 'remotes/catalog', next);
  await cp(join(root, 'remotes/catalog', stable), nextDir, { recursive: true });
  let marked = 0;
  for (const file of await readdir(nextDir)) {
    if (!file.endsWith('.js')) continue;
    const text = await readFile(join(nextDir, file), 'utf8');
    if (text.includes('Eyeglasses, sunglasses and contact lenses')) {
      await writeFile(join(nextDir, file), text.replaceAll('Eyeglasses, sunglasses and contact lenses', 'Swapped build of the catalogue'));
      marked += 1;
    }
  }
  expect(marked).toBeGreaterThan(0);

  const before = collectRemoteRequests(page);
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Eyeglasses, sunglasses and contact lenses');
  expect(before.catalog!.every((file) => file.startsWith(`${stable}/`))).toBe(true);

  manifest.remotes.catalog.stable = { version: next, entry: `/remotes/catalog/${next}/mf-manifest.json` };
  await writeJsonAtomic(join(root, 'remotes.json'), manifest);

  const fresh = await page.context().newPage();
  const after = collectRemoteRequests(fresh);
  await fresh.goto(`http://127.0.0.1:${PORT}/`);
  await expect(fresh.getByRole('heading', { level: 1 })).toHaveText('Swapped build of the catalogue');
  expect(after.catalog!.length).toBeGreaterThan(0);
  expect(after.catalog!.every((file) => file.startsWith(`${next}/`))).toBe(true);

  expect(await digestOf(join(root, 'shell'))).toBe(shellBefore);
  expect(await readFile(join(root, 'shell.json'), 'utf8')).toBe(shellJson);
});
