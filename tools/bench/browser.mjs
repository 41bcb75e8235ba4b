// Measurements in Debian's Chromium through Playwright and the DevTools protocol, under 4x
// CPU throttling: what a page downloads (JavaScript per app, requests, copies of React,
// bytes of remotes not on the route) and how long client-side route changes take.
import { chromium } from '@playwright/test';

export const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launch(chromePath) {
  return chromium.launch({ executablePath: chromePath, args: ARGS });
}

function appOf(url) {
  const match = /\/remotes\/([^/]+)\//.exec(new URL(url).pathname);
  return match ? match[1] : new URL(url).pathname.startsWith('/api/') ? 'api' : 'shell';
}

async function throttled(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page, cdp };
}

/**
 * One cold load of a page: bytes and requests by app, React copies, off-route bytes (another
 * remote's files asked for before the page runs) and, after, the code its cards in view load
 * (viewport intent, ADR 053).
 */
export async function measureLoad(browser, url, owner, testId, prepare) {
  const { context, page, cdp } = await throttled(browser);
  // E.g. the cart page is measured with two items in it: added through the API first, in
  // this context's session (its cookies), before the page loads.
  if (prepare) await prepare(context, new URL(url).origin);
  const requests = new Map();
  const pending = new Set();
  let lastActivity = Date.now();
  const sentAt = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    pending.add(e.requestId);
    sentAt.set(e.requestId, e.wallTime * 1000);
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', (e) =>
    requests.set(e.requestId, { url: e.response.url, type: e.type, bytes: 0, sentAt: sentAt.get(e.requestId) ?? Date.now() }),
  );
  const settled = (e) => {
    pending.delete(e.requestId);
    lastActivity = Date.now();
  };
  cdp.on('Network.loadingFinished', (e) => {
    const entry = requests.get(e.requestId);
    if (entry) entry.bytes = e.encodedDataLength;
    settled(e);
  });
  cdp.on('Network.loadingFailed', settled);
  await page.goto(url, { waitUntil: 'load' });
  await page.getByTestId(testId).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // A server-rendered page shows its test id before its scripts run, and they may start after
  // the network has gone quiet (ADR 031): the first load counts until the page has hydrated
  // (its root enabled) and the network is quiet again (nothing in flight for 500 ms).
  await page.locator('#root:not([data-hydrating])').waitFor({ state: 'attached', timeout: 30_000 });
  // From here the page runs: what it loads of another remote now is the code of a page its
  // content links to, in view, at idle (viewport intent, ADR 053), not the page's own load.
  const runningAt = Date.now();
  const giveUpAt = Date.now() + 30_000;
  while ((pending.size > 0 || Date.now() - lastActivity < 500) && Date.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, 100));
  const reactCopies = await page.evaluate(() => {
    const share = globalThis.__FEDERATION__?.__SHARE__ ?? {};
    const seen = new Set();
    for (const scopes of Object.values(share)) {
      for (const [version, info] of Object.entries(scopes?.default?.react ?? {})) if (info.loaded) seen.add(`${info.from}@${version}`);
    }
    return seen.size;
  });
  await context.close();
  const fetched = [...requests.values()];
  const intent = (r) => /\/remotes\//.test(r.url) && appOf(r.url) !== owner && r.sentAt >= runningAt;
  // The page's own load: the next page's code its cards asked for in view is reported apart.
  const all = fetched.filter((r) => !intent(r));
  const js = all.filter((r) => r.type === 'Script');
  const jsByApp = {};
  for (const r of js) jsByApp[appOf(r.url)] = (jsByApp[appOf(r.url)] ?? 0) + r.bytes;
  const offRoute = all.filter((r) => /\/remotes\//.test(r.url) && appOf(r.url) !== owner).reduce((sum, r) => sum + r.bytes, 0);
  const inViewIntent = fetched.filter(intent).reduce((sum, r) => sum + r.bytes, 0);
  return {
    jsBytes: js.reduce((sum, r) => sum + r.bytes, 0),
    jsByApp,
    jsRequests: js.length,
    requests: all.length,
    reactCopies,
    offRouteBytes: offRoute,
    inViewIntentBytes: inViewIntent,
  };
}

/**
 * Client-side route changes home -> listing -> product -> cart, each timed in the page from
 * the navigation to the new page's content (its `shown` selector: the listing's prices, the
 * product's price, the cart; the page's test id where it has none), under 4x CPU throttling; a
 * fresh page each round. Timed to the frame alone (the test id, there with the skeleton), a
 * step left its data loading into the next step's time.
 * With `preload`, the shopper points at a link to the next page first (the shell's intent
 * preloading), and clicks a second later. With `dwellMs`, the shopper looks at each page that
 * long, pointing at nothing, before moving on (what the page's cards in view start: ADR 053);
 * without either, the next page is asked for the moment this one's content shows (its code
 * and data are fetched on the click).
 */
export async function measureRouteChanges(browser, base, steps, rounds, { preload = false, dwellMs = 0 } = {}) {
  const times = Object.fromEntries(steps.slice(1).map((s) => [s.name, []]));
  for (let round = 0; round < rounds; round += 1) {
    const { context, page } = await throttled(browser);
    await page.goto(`${base}${steps[0].path}`, { waitUntil: 'load' });
    await page.getByTestId(steps[0].testId).waitFor({ timeout: 30_000 });
    // A server-rendered page shows its test id before its scripts run (they may start after the
    // load event, docs/adr/031): the route changes are timed from a page that runs.
    await page.locator('#root:not([data-hydrating])').waitFor({ state: 'attached', timeout: 30_000 });
    for (const step of steps.slice(1)) {
      if (preload) {
        await page.evaluate((path) => {
          const a = document.createElement('a');
          a.href = path;
          a.textContent = 'next';
          document.body.appendChild(a);
          a.dispatchEvent(new Event('pointerover', { bubbles: true }));
          a.remove();
        }, step.path);
        await page.waitForTimeout(1000);
      } else if (dwellMs > 0) await page.waitForTimeout(dwellMs);
      const ms = await page.evaluate(
        ({ path, shown }) =>
          new Promise((resolve) => {
            const started = performance.now();
            const done = () => {
              if (document.querySelector(shown)) {
                observer.disconnect();
                resolve(performance.now() - started);
                return true;
              }
              return false;
            };
            const observer = new MutationObserver(done);
            observer.observe(document.body, { childList: true, subtree: true });
            history.pushState({}, '', path);
            dispatchEvent(new PopStateEvent('popstate'));
          }),
        { path: step.path, shown: step.shown ?? `[data-testid="${step.testId}"]` },
      );
      times[step.name].push(ms);
    }
    await context.close();
  }
  return times;
}

/**
 * The largest interaction delay of one action on a page (an INP proxy), under 4x CPU
 * throttling: the page loads, `prepare` brings it to the point of the action, then `act`
 * does it with real input events and the Event Timing API reports each interaction's
 * duration (input delay + processing + the next paint). Returns the longest, in ms.
 */
export async function measureInteraction(browser, url, testId, { prepare, act }) {
  const { context, page } = await throttled(browser);
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.getByTestId(testId).waitFor({ timeout: 30_000 });
    await page.locator('#root:not([data-hydrating])').waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    if (prepare) await prepare(page);
    await page.evaluate(() => {
      globalThis.__interactions = [];
      new PerformanceObserver((list) => {
        for (const entry of /** @type {Array<PerformanceEntry & { interactionId?: number }>} */ (list.getEntries())) {
          if (entry.interactionId) globalThis.__interactions.push(entry.duration);
        }
      }).observe(/** @type {PerformanceObserverInit} */ ({ type: 'event', durationThreshold: 16 }));
    });
    await act(page);
    // The interaction's entry is queued after its next paint.
    await page.waitForTimeout(1500);
    const durations = await page.evaluate(() => globalThis.__interactions);
    // Below the 16 ms threshold nothing is reported: the interaction took less than a frame.
    return durations.length ? Math.max(...durations) : 16;
  } finally {
    await context.close();
  }
}

/**
 * Milliseconds from navigation start to the first element with `testId` on screen, in a cold
 * throttled context prepared by `prepare` (e.g. a signed-in customer with orders): what the
 * shopper waits for, compared with the shell's area loading deadline.
 */
export async function measureFirstView(browser, url, testId, prepare) {
  const { context, page } = await throttled(browser);
  try {
    if (prepare) await prepare(context, new URL(url).origin);
    await page.addInitScript((id) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector(`[data-testid="${id}"]`)) return;
        globalThis.__firstView ??= performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    }, testId);
    await page.goto(url, { waitUntil: 'load' });
    await page.getByTestId(testId).first().waitFor({ timeout: 30_000 });
    return await page.evaluate(() => globalThis.__firstView ?? null);
  } finally {
    await context.close();
  }
}
