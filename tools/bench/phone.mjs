// The phone profile of issue 39, as a person on a mid-range phone meets a page: slow 4G (150 ms
// round trip, 1.6 Mbps down, 750 kbps up), a CPU four times slower, 390 px wide, touch, a cold
// cache. Two measures per page, each a fresh context:
// - LCP: the page's largest contentful paint (the browser's own report), untouched;
// - the first working tap: a thumb taps the header's cart control every 100 ms from the moment
//   the navigation starts, as an impatient shopper does, and the first tap that does something
//   (the cart's popup opens, or the page goes to the cart) is timed from the navigation's start.
//   Taps that do nothing (the control not there yet, or not answering) are the wait a person feels.
import { median } from './lighthouse.mjs';

export const PHONE = {
  latencyMs: 150,
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
  cpuSlowdown: 4,
  viewport: { width: 390, height: 844 },
};

const TAP_EVERY_MS = 100;
const GIVE_UP_MS = 20_000;
/**
 * The controls tapped: the header's cart (a link to the cart page until the scripts run, its
 * popup's opener after: issue 39), and the phone menu's button, which only the page's scripts
 * can answer (a measure of when the page itself starts answering: what the cart's tap was while
 * it was a button).
 */
export const CONTROLS = { cart: 'header [aria-label^="Cart,"]', menu: '[data-testid="shell-menu-button"]' };

export async function phoneContext(browser) {
  const context = await browser.newContext({
    viewport: PHONE.viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: PHONE.downloadBitsPerSecond / 8,
    uploadThroughput: PHONE.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  return { context, page, cdp };
}

/** The page's LCP (ms from navigation start) on the phone profile, or null when none was reported. */
export async function measurePhoneLcp(browser, url, prepare) {
  const { context, page } = await phoneContext(browser);
  try {
    if (prepare) await prepare(context, new URL(url).origin);
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) globalThis.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(1500);
    // LCP is final once the page has had an input or is hidden; a click on nothing ends it.
    return await page.evaluate(() => (typeof globalThis.__lcp === 'number' ? Math.round(globalThis.__lcp) : null));
  } finally {
    await context.close();
  }
}

/**
 * The first working tap on the header's cart control (ms from the navigation's start), and what
 * it did ('popup' or 'navigated'); null when no tap worked within GIVE_UP_MS.
 */
export async function measureFirstTap(browser, url, prepare, control = CONTROLS.cart) {
  const { context, page, cdp } = await phoneContext(browser);
  try {
    if (prepare) await prepare(context, new URL(url).origin);
    let navigated = false;
    const start = Date.now();
    const loading = page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await loading;
    const first = page.url();
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url() !== first) navigated = true;
    });
    while (Date.now() - start < GIVE_UP_MS) {
      const box = await page
        .locator(control)
        .first()
        .boundingBox({ timeout: 50 })
        .catch(() => null);
      if (box && box.width > 0) {
        const tappedAt = Date.now() - start;
        const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        // What the tap did: a navigation, or the popup (a dialog) open. Given a moment to show.
        await page.waitForTimeout(TAP_EVERY_MS);
        if (navigated || new URL(page.url()).pathname !== new URL(first).pathname) return { ms: tappedAt, did: 'navigated' };
        const opened = await page.evaluate(() => Boolean(document.querySelector('[role="dialog"]'))).catch(() => false);
        if (opened) return { ms: tappedAt, did: 'popup' };
      } else {
        await page.waitForTimeout(TAP_EVERY_MS);
      }
    }
    return null;
  } finally {
    await context.close();
  }
}

/** Median first working tap and LCP of `runs` cold loads of each page on the phone profile. */
export async function measurePhone(browser, base, pages, runs) {
  const results = {};
  for (const { name, path, prepare } of pages) {
    const taps = [];
    const menuTaps = [];
    const lcps = [];
    for (let i = 0; i < runs; i += 1) {
      taps.push(await measureFirstTap(browser, `${base}${path}`, prepare));
      menuTaps.push(await measureFirstTap(browser, `${base}${path}`, prepare, CONTROLS.menu));
      lcps.push(await measurePhoneLcp(browser, `${base}${path}`, prepare));
    }
    const worked = taps.filter((tap) => tap !== null);
    const menuWorked = menuTaps.filter((tap) => tap !== null);
    results[name] = {
      firstTapMs: worked.length ? median(worked.map((tap) => tap.ms)) : null,
      tapDid: [...new Set(worked.map((tap) => tap.did))],
      noWorkingTap: taps.length - worked.length,
      menuTapMs: menuWorked.length ? median(menuWorked.map((tap) => tap.ms)) : null,
      lcpMs: median(lcps.filter((lcp) => lcp !== null)),
      samples: { taps: taps.map((tap) => tap?.ms ?? null), menuTaps: menuTaps.map((tap) => tap?.ms ?? null), lcps },
    };
  }
  return results;
}
