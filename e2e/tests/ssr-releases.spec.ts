import { expect, test } from '@playwright/test';
import { CANARY_HEADING, STABLE_HEADING, deployCanary, sessionWhere } from '../support/canaries';
import { startPrivateSite } from '../support/private-site';

/**
 * Every build renders on the server (issue 39, docs/adr/046): one running edge, a stable catalog,
 * a real rebuilt canary at 50 % for its bucket, promoted, then rolled back. Each page of each
 * build arrives rendered on the server (never left to the browser, whole or in part), without
 * the edge restarting. The edge of issue 19 rendered only the first build of a remote it loaded.
 */

const PAGES = ['/', '/catalog/3100', '/search?q=round', '/product/128001'];
const RENDERED = ['rendered', 'fresh', 'stale'];

/** The builds the server rendered a page with (its hand-off state), and how (x-edge-render). */
async function renderOf(url: string, cookie: string) {
  const response = await fetch(url, { headers: { cookie: `mf_sid=${cookie}` } });
  const html = await response.text();
  const state = /<script type="application\/json" id="eyewear-ssr"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  const chosen = state ? (JSON.parse(state[1]!) as { chosen: Record<string, string> }).chosen : null;
  return { status: response.status, rendering: response.headers.get('x-edge-render'), chosen, html };
}

test('one edge renders stable, a canary for its bucket, the promoted canary and the rolled-back stable, every page on the server', async () => {
  test.setTimeout(180_000);
  // Generous module deadlines: a build's server code loads cold on its first page, on a loaded machine.
  const site = await startPrivateSite(4393, undefined, { env: { SSR_MODULE_DEADLINE_MS: '10000', SSR_DEADLINE_MS: '12000' } });
  try {
    const stable = (await site.manifest()).remotes.catalog.stable.version as string;
    const canary = '0.3.0-ssr.2';
    /** Every page for a session: rendered on the server with `catalog` at `version`. */
    const expectRendered = async (cookie: string, version: string, heading: string) => {
      for (const path of PAGES) {
        const page = await renderOf(`${site.url}${path}`, cookie);
        expect([path, page.status, RENDERED.includes(page.rendering ?? '')]).toEqual([path, 200, true]);
        expect([path, page.chosen?.catalog]).toEqual([path, version]);
        if (path === '/') expect(page.html).toContain(heading);
      }
    };

    // Sessions on either side of 50 % for the catalog's next canary (its salt is drawn when it starts).
    await deployCanary(site.root, 'changed', canary);
    const started = site.release('canary', 'catalog', canary, '--percent', '50');
    expect(started.status, started.stderr).toBe(0);
    const inCanary = await sessionWhere(site.url, 'catalog', (bucket) => bucket < 50);
    const inStable = await sessionWhere(site.url, 'catalog', (bucket) => bucket >= 50);

    // The canary at 50 %: each bucket gets its build, both rendered here.
    await expectRendered(inStable.cookie, stable, STABLE_HEADING);
    await expectRendered(inCanary.cookie, canary, CANARY_HEADING);

    // Promoted: everyone gets the canary's build, rendered.
    const promoted = site.release('promote', 'catalog', '--force', '--reason', 'the journey promotes by hand');
    expect(promoted.status, promoted.stderr).toBe(0);
    await expectRendered(inStable.cookie, canary, CANARY_HEADING);
    await expectRendered(inCanary.cookie, canary, CANARY_HEADING);

    // Rolled back: everyone gets the old stable again, rendered, by the same edge.
    const rolledBack = site.release('rollback', 'catalog');
    expect(rolledBack.status, rolledBack.stderr).toBe(0);
    await expectRendered(inStable.cookie, stable, STABLE_HEADING);
    await expectRendered(inCanary.cookie, stable, STABLE_HEADING);
  } finally {
    await site.stop();
  }
});
