import { expect, test, type Page } from '@playwright/test';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { markedBuild, startPrivateSite } from '../support/private-site';
import { collectPageErrors, collectRemoteRequests } from '../support/site';

const STABLE_TITLE = 'Eyeglasses, sunglasses and contact lenses';
const CANARY_TITLE = 'Canary build of the catalogue';

let site: Awaited<ReturnType<typeof startPrivateSite>>;
let stable: string;
const canary = '0.2.0-rc.1';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  site = await startPrivateSite(4312);
  stable = (await site.manifest()).remotes.catalog.stable.version;
  await markedBuild(site.root, 'catalog', stable, canary, STABLE_TITLE, CANARY_TITLE);
});
test.afterAll(() => site.stop());

/** A shopper's visit in a fresh browser context, in the given cohort. */
async function visit(page: Page, cohort: number, path = '/') {
  await page.context().addCookies([{ name: 'mf_cohort', value: String(cohort), url: site.url }]);
  await page.goto(`${site.url}${path}`);
  return page.getByRole('heading', { level: 1 });
}

test('a canary at 100 % is what shoppers load, at 0 % nobody does', async ({ page }) => {
  const errors = collectPageErrors(page);
  const started = site.release('canary', 'catalog', canary, '--percent', '100');
  expect(started.status, started.stderr).toBe(0);
  const files = collectRemoteRequests(page);
  await expect(await visit(page, 99)).toHaveText(CANARY_TITLE);
  expect(files.catalog!.every((file) => file.startsWith(`${canary}/`))).toBe(true);

  expect(site.release('canary', 'catalog', canary, '--percent', '0').status).toBe(0);
  await expect(await visit(page, 0)).toHaveText(STABLE_TITLE);
  expect(errors).toEqual([]);
});

test('the cohort decides at 10 %: cohort 9 gets the canary, cohort 10 stable', async ({ browser }) => {
  expect(site.release('canary', 'catalog', canary, '--percent', '10').status).toBe(0);
  const low = await browser.newPage();
  await expect(await visit(low, 9)).toHaveText(CANARY_TITLE);
  const high = await browser.newPage();
  await expect(await visit(high, 10)).toHaveText(STABLE_TITLE);
  // QA forces the canary whatever the cohort, with a version the manifest names.
  await high.goto(`${site.url}/?remote-override=catalog@${canary}&mf-debug=1`);
  await expect(high.getByRole('heading', { level: 1 })).toHaveText(CANARY_TITLE);
  await expect(high.getByTestId('shell-debug-panel')).toContainText(`catalog${canary}canary, override`);
});

test('a canary whose folder is gone falls back to stable and is reported', async ({ page, request }) => {
  expect(site.release('canary', 'catalog', canary, '--percent', '100').status).toBe(0);
  await rm(join(site.root, 'remotes/catalog', canary), { recursive: true, force: true });
  const errors = collectPageErrors(page);
  const files = collectRemoteRequests(page);
  await expect(await visit(page, 50, '/?mf-debug=1')).toHaveText(STABLE_TITLE);
  expect(files.catalog!.some((file) => file.startsWith(`${stable}/`))).toBe(true);
  await expect(page.getByTestId('shell-debug-panel')).toContainText('canary failed, stable loaded');
  expect(errors).toEqual([]);
  await expect
    .poll(async () => {
      const summary = await (await request.get(`${site.url}/api/v2/telemetry/summary?minutes=10`)).json();
      return summary.result.byVersion.some((row: { remote: string; version: string; kind: string }) => row.remote === 'catalog' && row.version === canary && row.kind === 'load');
    }, { timeout: 10_000 })
    .toBe(true);
});

test('promote and rollback take effect on the next page load, without a rebuild', async ({ page }) => {
  // The canary deployed again (its folder was removed above), at 5 %.
  await markedBuild(site.root, 'catalog', stable, canary, STABLE_TITLE, CANARY_TITLE);
  expect(site.release('canary', 'catalog', canary, '--percent', '5').status).toBe(0);
  await expect(await visit(page, 50)).toHaveText(STABLE_TITLE);

  const promoted = site.release('promote', 'catalog');
  expect(promoted.status, promoted.stderr).toBe(0);
  expect((await site.manifest()).remotes.catalog).toEqual({ stable: { version: canary, entry: `/remotes/catalog/${canary}/mf-manifest.json` } });
  await expect(await visit(page, 50)).toHaveText(CANARY_TITLE);

  const rolledBack = site.release('rollback', 'catalog');
  expect(rolledBack.status, rolledBack.stderr).toBe(0);
  expect((await site.manifest()).remotes.catalog.stable.version).toBe(stable);
  await expect(await visit(page, 50)).toHaveText(STABLE_TITLE);
});

test('the CLI refuses what it cannot do, and changes nothing', async () => {
  const before = await site.manifest();
  const unknown = site.release('canary', 'admin', canary, '--percent', '5');
  expect(unknown.status).toBe(2);
  expect(unknown.stderr).toMatch(/admin/);
  expect(site.release('canary', 'catalog', '9.9.9', '--percent', '5').status).toBe(2);
  expect(site.release('canary', 'catalog', canary, '--percent', '101').status).toBe(2);
  expect(await site.manifest()).toEqual(before);
});
