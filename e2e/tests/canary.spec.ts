import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CANARY_HEADING, STABLE_HEADING, deployCanary, sessionWhere, signalOf } from '../support/canaries';
import { startPrivateSite, workspace as repo } from '../support/private-site';
import { collectPageErrors, collectRemoteRequests } from '../support/site';

// Canary releases of a real rebuilt catalog (support/rebuild.mjs: its own build id, namespace,
// hashes and chunk ids), driven by the release CLI against an edge of the test's own.
let site: Awaited<ReturnType<typeof startPrivateSite>>;
let stable: string;
const canary = '0.2.0-rc.1';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  site = await startPrivateSite(4312);
  stable = (await site.manifest()).remotes.catalog.stable.version;
  await deployCanary(site.root, 'changed', canary);
});
test.afterAll(() => site.stop());

/** A shopper's visit in the page's browser context (its session cookie, if any, kept). */
async function visit(page: Page, path = '/') {
  await page.goto(`${site.url}${path}`);
  return page.getByRole('heading', { level: 1 });
}

async function withSession(page: Page, cookie: string) {
  await page.context().addCookies([{ name: 'mf_sid', value: cookie, url: site.url }]);
}

test('a canary at 100 % is what shoppers load, at 0 % nobody does', async ({ page }) => {
  const errors = collectPageErrors(page);
  const started = site.release('canary', 'catalog', canary, '--percent', '100');
  expect(started.status, started.stderr).toBe(0);
  const files = collectRemoteRequests(page);
  await expect(await visit(page)).toHaveText(CANARY_HEADING);
  expect(files.catalog!.length).toBeGreaterThan(0);
  expect(files.catalog!.every((file) => file.startsWith(`${canary}/`))).toBe(true);

  expect(site.release('canary', 'catalog', canary, '--percent', '0').status).toBe(0);
  await expect(await visit(page)).toHaveText(STABLE_HEADING);
  expect(errors).toEqual([]);
});

test('the session bucket decides at 10 %, and the session keeps its build across visits', async ({ browser }) => {
  expect(site.release('canary', 'catalog', canary, '--percent', '10').status).toBe(0);
  const inside = await sessionWhere(site.url, 'catalog', (bucket) => bucket < 10);
  const outside = await sessionWhere(site.url, 'catalog', (bucket) => bucket >= 10);

  // The bucket picks the canary on every visit of this session. What the page shows is the
  // canary, unless the canary missed its share of the deadline on a loaded machine and the page
  // fell back to stable, as it must (canary-faults.spec): the debug panel says which.
  const low = await browser.newPage();
  await withSession(low, inside.cookie);
  for (let visit = 1; visit <= 2; visit += 1) {
    await low.goto(`${site.url}/?mf-debug=1`);
    const row = low.getByTestId('shell-debug-panel').locator('tr[data-remote="catalog"]');
    const heading = low.getByRole('heading', { level: 1 });
    await expect(heading, `visit ${visit}`).toHaveText(new RegExp(`^(${CANARY_HEADING}|${STABLE_HEADING})$`));
    await expect(row, `visit ${visit}`).toContainText(`bucket ${inside.bucket}`);
    if ((await heading.textContent()) === CANARY_HEADING) await expect(row).toContainText(canary);
    else await expect(row, `visit ${visit}: stable only as the canary's fallback`).toContainText('canary failed, stable loaded');
  }

  const high = await browser.newPage();
  await withSession(high, outside.cookie);
  await expect(await visit(high)).toHaveText(STABLE_HEADING);
  // A cookie nobody signed is replaced by a new session, never trusted for a bucket.
  const forged = await browser.newPage();
  await withSession(forged, `${'A'.repeat(22)}.${'B'.repeat(22)}`);
  await forged.goto(`${site.url}/`);
  const cookies = await forged.context().cookies(site.url);
  expect(cookies.find((c) => c.name === 'mf_sid')?.value).not.toBe(`${'A'.repeat(22)}.${'B'.repeat(22)}`);

  // QA forces the canary whatever the bucket, with a version the manifest names.
  await high.goto(`${site.url}/?remote-override=catalog@${canary}&mf-debug=1`);
  await expect(high.getByRole('heading', { level: 1 })).toHaveText(CANARY_HEADING);
  const panel = high.getByTestId('shell-debug-panel');
  await expect(panel).toContainText("Buckets from the edge's signed session");
  const row = panel.locator('tr[data-remote="catalog"]');
  await expect(row).toContainText(canary);
  await expect(row).toContainText('canary, override');
  await expect(row).toContainText(`bucket ${outside.bucket}`);
  await Promise.all([low.close(), high.close(), forged.close()]);
});

test('each canary draws its buckets with its own salt', async () => {
  expect(site.release('canary', 'catalog', canary, '--percent', '10').status).toBe(0);
  const { salt } = (await site.manifest()).remotes.catalog.canary;
  expect(salt).toMatch(/^[0-9a-f]{8,64}$/);
  // The same version at another share keeps its salt (who had it keeps it); a new canary draws anew.
  expect(site.release('canary', 'catalog', canary, '--percent', '20').status).toBe(0);
  expect((await site.manifest()).remotes.catalog.canary.salt).toBe(salt);
});

test('a canary whose folder is gone falls back to stable, charged to the canary', async ({ page }) => {
  expect(site.release('canary', 'catalog', canary, '--percent', '100').status).toBe(0);
  await rm(join(site.root, 'remotes/catalog', canary), { recursive: true, force: true });
  const stableFailedBefore = (await signalOf(site.root, 'catalog', stable))?.failed ?? 0;
  const errors = collectPageErrors(page);
  const files = collectRemoteRequests(page);
  await expect(await visit(page, '/?mf-debug=1')).toHaveText(STABLE_HEADING);
  expect(files.catalog!.some((file) => file.startsWith(`${stable}/`))).toBe(true);
  await expect(page.getByTestId('shell-debug-panel')).toContainText('canary failed, stable loaded');
  expect(errors).toEqual([]);
  // The edge counts the session's failed vote for the canary (its files are flushed every 5 s).
  await expect.poll(async () => (await signalOf(site.root, 'catalog', canary))?.failed ?? 0, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  await expect.poll(async () => (await signalOf(site.root, 'catalog', canary))?.edge.s4xx ?? 0, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  // Stable is not charged for it (whatever earlier visits of this site counted).
  expect((await signalOf(site.root, 'catalog', stable))?.failed ?? 0).toBe(stableFailedBefore);
});

test('promote (forced, with a reason) and rollback take effect on the next page load, without a rebuild', async ({ page }) => {
  // The canary deployed again (its folder was removed above), at 5 %.
  await deployCanary(site.root, 'changed', canary);
  expect(site.release('canary', 'catalog', canary, '--percent', '5').status).toBe(0);
  const outside = await sessionWhere(site.url, 'catalog', (bucket) => bucket >= 5);
  await withSession(page, outside.cookie);
  await expect(await visit(page)).toHaveText(STABLE_HEADING);

  // Without enough sessions the analysis cannot pass: promote refuses unless forced with a reason.
  const refused = site.release('promote', 'catalog');
  expect(refused.status).toBe(2);
  expect(refused.stderr).toMatch(/--force/);
  expect((await site.manifest()).remotes.catalog.canary.version).toBe(canary);

  const promoted = site.release('promote', 'catalog', '--force', '--reason', 'e2e: promote without a sample');
  expect(promoted.status, promoted.stderr).toBe(0);
  expect((await site.manifest()).remotes.catalog).toEqual({ stable: { version: canary, entry: `/remotes/catalog/${canary}/mf-manifest.json` } });
  await expect(await visit(page)).toHaveText(CANARY_HEADING);

  const rolledBack = site.release('rollback', 'catalog');
  expect(rolledBack.status, rolledBack.stderr).toBe(0);
  expect((await site.manifest()).remotes.catalog.stable.version).toBe(stable);
  await expect(await visit(page)).toHaveText(STABLE_HEADING);

  // The audit log names what was done, by whom, and the reason of the forced promote.
  const log = site.release('log', '--app', 'catalog');
  expect(log.status, log.stderr).toBe(0);
  expect(log.stdout).toMatch(/promote/);
  expect(log.stdout).toMatch(/e2e: promote without a sample/);
  expect(log.stdout).toMatch(/rollback/);
});

test('deploy refuses a real build whose shared React the live shell cannot meet, naming it, and copies nothing', async () => {
  // The mismatch canary (support/rebuild.mjs) as a team's workspace would hold it in dist/apps.
  const workspace = await mkdtemp(join(tmpdir(), 'team-'));
  const built = JSON.parse(await readFile(join(repo, '.e2e-builds/canaries.json'), 'utf8')).mismatch;
  await cp(built.distDir, join(workspace, 'dist/apps/catalog'), { recursive: true });
  const before = await site.manifest();
  const refused = spawnSync(
    process.execPath,
    [join(repo, 'tools/release/cli.mjs'), 'deploy', 'catalog', '--version', '0.3.0-mismatch', '--root', site.root, '--workspace', workspace],
    { encoding: 'utf8' },
  );
  expect(refused.status).toBe(2);
  expect(refused.stderr).toMatch(/react: the build requires \^99\.0\.0, the live shell \S+ provides 19\./);
  expect(existsSync(join(site.root, 'remotes/catalog/0.3.0-mismatch'))).toBe(false);
  expect(await site.manifest()).toEqual(before);
  await rm(workspace, { recursive: true, force: true });
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
