import { expect, test, type Browser } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readSignal } from '@eyewear/tools/release/signal';
import { STABLE_HEADING, deployCanary, signalOf } from '../support/canaries';
import { startPrivateSite } from '../support/private-site';

/**
 * The bake watch (issue 41, docs/adr/056): a build that passed as a canary is promoted, turns
 * out broken for everyone (the real rebuilt catalog whose home page throws while rendering,
 * support/rebuild.mjs), and the guard, watching the new stable for its bake time, rolls it back
 * to the previous build on the evidence of real shoppers' sessions: the new stable's failures
 * since the promote against the previous stable's just before it. The site then serves the
 * previous build's content. Nothing waits on a clock: the guard judges as soon as both sides
 * have their sessions, well inside the 15-minute bake.
 */

const VISITS = 10;
const broken = '0.2.0-bake.crash';

/**
 * One shopper (a new session) on the home page twice, who leaves once the page has run: the
 * second view is the session's own (its document came with the session's cookie), whatever the
 * edge makes of a first view's votes.
 */
async function shopper(browser: Browser, url: string, heading?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  for (let view = 0; view < 2; view += 1) {
    await page.goto(`${url}/`);
    if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: 30_000 });
    // The broken build's area shows its fallback: its failure has been reported (sent as the page hides).
    else await expect(page.getByTestId('shell-fallback-catalog')).toBeVisible({ timeout: 30_000 });
  }
  // Leaving sends what the page has not sent yet (on pagehide).
  await page.goto('about:blank');
  await context.close();
}

// Every browser here comes from 127.0.0.1, one client network: the analysis sets none aside
// (docs/adr/057), as in the other release journeys.
test.beforeAll(() => {
  process.env.RELEASE_DISTRUST = '0';
});
test.afterAll(() => {
  delete process.env.RELEASE_DISTRUST;
});

test('a promoted build that fails its bake is rolled back to the previous build by the guard, and the site serves that build again', async ({ browser }) => {
  test.setTimeout(300_000);
  const site = await startPrivateSite(4398);
  try {
    const previous = (await site.manifest()).remotes.catalog.stable.version as string;

    // Before the promote: the previous stable's shoppers, the bake's baseline.
    for (let visit = 0; visit < VISITS; visit += 1) await shopper(browser, site.url, STABLE_HEADING);
    await expect
      .poll(async () => (await signalOf(site.root, 'catalog', previous))?.sessions ?? 0, {
        timeout: 30_000,
        message: `the previous stable's sessions (beacons the edge refused: ${JSON.stringify((await readSignal(site.root, { since: 0 })).rejected)})`,
      })
      .toBeGreaterThanOrEqual(VISITS);

    // The broken build is promoted (by hand, as after a canary too small to judge), with a bake.
    await deployCanary(site.root, 'crash', broken);
    const started = site.release('canary', 'catalog', broken, '--percent', '0');
    expect(started.status, started.stderr).toBe(0);
    const promoted = site.release('promote', 'catalog', '--force', '--reason', 'the journey promotes a broken build', '--bake', '15m');
    expect(promoted.status, promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain('baking until');
    expect((await site.manifest()).remotes.catalog.stable.version).toBe(broken);

    // Shoppers after the promote get the broken build; each session's failure reaches the edge.
    for (let visit = 0; visit < VISITS; visit += 1) await shopper(browser, site.url);
    await expect.poll(async () => (await signalOf(site.root, 'catalog', broken))?.failed ?? 0, { timeout: 30_000 }).toBeGreaterThanOrEqual(VISITS);

    // One guard tick: the bake fails, stable goes back to the previous build, exit code 12.
    const guard = site.release('guard', '--min-sessions', String(VISITS), '--alpha', '0.05');
    expect([guard.status, guard.stderr]).toEqual([12, '']);
    expect(guard.stdout).toMatch(new RegExp(`Rolled back catalog stable ${broken.replace(/\./g, '\\.')} to ${previous}: its bake failed`));
    expect((await site.manifest()).remotes.catalog.stable.version).toBe(previous);
    const history = JSON.parse(await readFile(join(site.root, 'history.json'), 'utf8')).entries;
    expect(history.at(-1)).toMatchObject({ action: 'rollback', channel: 'stable', from: broken, to: previous, by: 'guard', bake: 'failed' });

    // The next shopper gets the previous build's content again, from the same edge.
    await shopper(browser, site.url, STABLE_HEADING);
    // And the next tick has nothing left to do.
    expect(site.release('guard', '--min-sessions', String(VISITS)).status).toBe(0);
  } finally {
    await site.stop();
  }
});
