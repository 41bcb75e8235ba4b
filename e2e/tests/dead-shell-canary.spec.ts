import { expect, test } from '@playwright/test';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startPrivateSite } from '../support/private-site';

// Issue 41: a shell canary that never starts. Its pages still render on the server (its server
// build is fine) but its browser entry throws, so its shoppers never get a working store and
// their browsers never tell the edge anything. The guard sees the canary's bucket silent while
// stable's page views come in, and rolls it back. Every browser here comes from 127.0.0.1: one
// client network, so the analysis sets none aside (RELEASE_DISTRUST=0, docs/adr/057).
let site: Awaited<ReturnType<typeof startPrivateSite>>;
const dead = 'dead-shell-1';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  process.env.RELEASE_DISTRUST = '0';
  site = await startPrivateSite(4350);
  const stable = JSON.parse(await readFile(join(site.root, 'shell.json'), 'utf8')).version as string;
  // The stable build's files under a new version, its browser entry replaced by one that throws
  // (a new name: no browser's cache can hold it).
  const folder = join(site.root, 'shell', dead);
  await cp(join(site.root, 'shell', stable), folder, { recursive: true });
  const build = JSON.parse(await readFile(join(folder, 'build.json'), 'utf8'));
  const main = (build.entry as string[]).find((name) => /^main\./.test(name))!;
  await writeFile(join(folder, 'main.deadbeef.js'), "throw new Error('a shell build that never starts');\n");
  build.entry = (build.entry as string[]).map((name) => (name === main ? 'main.deadbeef.js' : name));
  await writeFile(join(folder, 'build.json'), JSON.stringify(build));
  const index = await readFile(join(folder, 'index.html'), 'utf8');
  await writeFile(join(folder, 'index.html'), index.replaceAll(main, 'main.deadbeef.js'));
});
test.afterAll(async () => {
  delete process.env.RELEASE_DISTRUST;
  await site.stop();
});

test('a dead shell canary at 50 % is rolled back by the guard, and its shoppers get the store again', async ({ browser }) => {
  test.setTimeout(240_000);
  const started = site.release('canary', 'shell', dead, '--percent', '50');
  expect(started.status, started.stderr).toBe(0);
  let working = 0;
  let deadPages = 0;
  for (let shopper = 0; shopper < 90 && (working < 24 || deadPages < 3); shopper += 1) {
    const context = await browser.newContext();
    // The shopper's session, from the edge (as a first visit's remotes.json gives it).
    const minted = await context.request.get(`${site.url}/remotes.json`);
    expect(minted.ok()).toBe(true);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const beacon = page.waitForRequest((request) => request.url().endsWith('/_edge/beacon'), { timeout: 15_000 }).catch(() => null);
    await page.goto(`${site.url}/`);
    const channel = await page.locator('meta[name="eyewear-shell"]').getAttribute('data-channel');
    if (channel === 'canary') {
      deadPages += 1;
      // Server-rendered, never started: its entry threw, and the page never hydrates.
      await expect.poll(() => errors.join(' ')).toMatch(/a shell build that never starts/);
      await expect(page.locator('#root')).toHaveAttribute('data-hydrating');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    } else {
      // A working store tells the edge its page view loaded.
      expect(await beacon).not.toBeNull();
      working += 1;
    }
    await context.close();
  }
  expect(deadPages).toBeGreaterThanOrEqual(3);
  expect(working).toBeGreaterThanOrEqual(24);
  // The edge writes its signal every few seconds: the guard acts once it has.
  await expect
    .poll(
      () => {
        const run = site.release('guard', '--min-sessions', '10');
        return run.status === 12 ? run.stdout : `exit ${run.status}: ${run.stdout}${run.stderr}`;
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toMatch(/shell/);
  expect(JSON.parse(await readFile(join(site.root, 'shell.json'), 'utf8')).canary).toBeUndefined();
  const log = site.release('log', '--app', 'shell');
  expect(log.stdout).toMatch(/rollback/);
  expect(log.stdout).toMatch(/silent/);
  // Every shopper gets the working shell again: the store starts.
  const context = await browser.newContext();
  await context.request.get(`${site.url}/remotes.json`);
  const page = await context.newPage();
  const beacon = page.waitForRequest((request) => request.url().endsWith('/_edge/beacon'), { timeout: 15_000 });
  await page.goto(`${site.url}/`);
  await expect(page.locator('meta[name="eyewear-shell"]')).toHaveAttribute('data-channel', 'stable');
  await beacon;
  await context.close();
});
