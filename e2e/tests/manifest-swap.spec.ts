import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { digestOf, writeJsonAtomic } from '@eyewear/tools/deploy';
import { CANARY_HEADING, STABLE_HEADING, deployCanary } from '../support/canaries';
import { startPrivateSite } from '../support/private-site';
import { collectRemoteRequests } from '../support/site';

let site: Awaited<ReturnType<typeof startPrivateSite>>;
test.beforeAll(async () => {
  site = await startPrivateSite(4311);
});
test.afterAll(() => site.stop());

test('pointing remotes.json at another build folder changes what the browser loads, shell untouched', async ({ page }) => {
  const manifest = await site.manifest();
  const stable = manifest.remotes.catalog.stable.version as string;
  const shellBefore = await digestOf(join(site.root, 'shell'));
  const shellJson = await readFile(join(site.root, 'shell.json'), 'utf8');
  const next = `${stable.split('-')[0]}-swap.1`;
  // A real rebuild of the catalog with a changed heading (support/rebuild.mjs), deployed as `next`.
  await deployCanary(site.root, 'changed', next);

  const before = collectRemoteRequests(page);
  await page.goto(`${site.url}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(STABLE_HEADING);
  expect(before.catalog!.every((file) => file.startsWith(`${stable}/`))).toBe(true);

  manifest.remotes.catalog.stable = { version: next, entry: `/remotes/catalog/${next}/mf-manifest.json` };
  await writeJsonAtomic(join(site.root, 'remotes.json'), manifest);

  const fresh = await page.context().newPage();
  const after = collectRemoteRequests(fresh);
  await fresh.goto(`${site.url}/`);
  await expect(fresh.getByRole('heading', { level: 1 })).toHaveText(CANARY_HEADING);
  expect(after.catalog!.length).toBeGreaterThan(0);
  expect(after.catalog!.every((file) => file.startsWith(`${next}/`))).toBe(true);

  expect(await digestOf(join(site.root, 'shell'))).toBe(shellBefore);
  expect(await readFile(join(site.root, 'shell.json'), 'utf8')).toBe(shellJson);
});
