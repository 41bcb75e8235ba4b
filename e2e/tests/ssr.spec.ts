import { readFile, rename, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { CANARY_HEADING, deployCanary } from '../support/canaries';
import { registerCustomer } from '../support/customer';
import { startPrivateSite } from '../support/private-site';
import { addFrame, buyFrame } from '../support/shopper';
import { collectPageErrors, collectRemoteRequests, untilRunning } from '../support/site';

/**
 * Server-rendered pages (issue 19, docs/adr/029): the edge renders the page through the remotes'
 * server builds, the HTML carries the content and the head, and the browser hydrates it without
 * a mismatch and without loading the page's data again.
 */

const PRODUCT = '/product/128001';

/** The state the server put into the document for the browser. */
function ssrState(html: string): { chosen: Record<string, string>; queries: Record<string, unknown>; state: Record<string, unknown> } | null {
  const match = /<script type="application\/json" id="eyewear-ssr"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

/** The root's HTML with scripts and tags removed: what a crawler reads. */
function visibleText(html: string): string {
  const root = html.slice(html.indexOf('id="root"'));
  return root
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Why the page's starter ran the scripts (its User Timing mark, apps/shell/src/document/starter.ts START_MARK). */
const startedBecause = (page: Page) =>
  page.evaluate(() => (performance.getEntriesByName('eyewear-scripts-start')[0] as PerformanceMark | undefined)?.detail as string | undefined);

/** Notes, from the document's start, when the shell's entry script is added to the page (`window.entryAdded`). */
const watchEntryAdded = (page: Page) =>
  page.addInitScript(() => {
    const seen = window as unknown as { entryAdded?: number };
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof HTMLScriptElement && /\/main\.[0-9a-f]+\.js$/.test(node.src)) seen.entryAdded ??= performance.now();
    }).observe(document, { childList: true, subtree: true });
  });

/** Console errors and warnings (React reports a hydration mismatch there) and page errors. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    // A resource the browser could not fetch is another test's subject (a missing product image).
    // Chromium's hint that a preloaded file was not used within a few seconds of the load event
    // is not a problem of the page: the scripts start after the main image's paint (ADR 031), and
    // on a loaded machine they use the remote's preloaded files later than that.
    if (
      (message.type() === 'error' || message.type() === 'warning') &&
      !/Failed to load resource|was preloaded using link preload but not used within a few seconds/.test(text)
    )
      problems.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test.describe('what a crawler gets without JavaScript', () => {
  test('a product page carries its name, price, rating and Product JSON-LD', async ({ request }) => {
    const answer = await request.get(PRODUCT);
    expect(answer.status()).toBe(200);
    const html = await answer.text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    const product = blocks.find((block) => block['@type'] === 'Product');
    expect(product, 'Product JSON-LD').toBeTruthy();
    expect(product.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'INR' });
    expect(Number(product.offers.price)).toBeGreaterThan(0);
    const text = visibleText(html);
    expect(text).toContain(product.name);
    expect(html).toMatch(new RegExp(`<title>[^<]*${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    if (product.aggregateRating) expect(Number(product.aggregateRating.ratingValue)).toBeGreaterThan(0);
    // Opened by its id, the page names the product's own URL as canonical, once, for every country.
    expect(product.url).toMatch(/-128001\.html$/);
    expect([...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1])).toEqual([product.url]);
    expect(html).toContain(`<link rel="alternate" hreflang="en-AE" href="${product.url.replace('https://www.eyewear.in', 'https://www.eyewear.ae')}"`);
    // The data the page was rendered from travels with it: the browser does not ask again.
    expect(Object.keys(ssrState(html)?.queries ?? {}).length).toBeGreaterThan(0);
  });

  test("a product's own URL (the routing lookup resolves it, the route table does not) carries its remote's CSS and preloads its scripts", async ({
    request,
  }) => {
    const listing = await (await request.get('/catalog/3100')).text();
    const href = /href="(\/[^"]+-\d+\.html)"/.exec(listing)?.[1];
    expect(href, "a product's URL in the listing").toBeTruthy();
    const answer = await request.get(href!);
    expect(answer.status()).toBe(200);
    const html = await answer.text();
    expect(html).toContain('id="main-image"');
    // Its gallery is styled in the first paint, not once the scripts have run.
    expect(html).toMatch(/<style [^>]*data-href="\/remotes\/product\/[^"]+\.css"[^>]*>[^<]*\.pdp-gallery__stage img/);
    // A shared page (docs/adr/048) preloads its scripts by its Link header: a preload tag without a
    // nonce is refused under 'strict-dynamic', a header's is not.
    const link = answer.headers()['link'] ?? '';
    expect(link).toMatch(/<\/remotes\/product\/[^>]+\/remoteEntry\.[0-9a-f]+\.js>; rel=preload; as=script/);
    expect(link).toMatch(/<\/remotes\/product\/[^>]+\/__federation_expose_ProductPage\.[0-9a-f]+\.js>; rel=preload; as=script/);
    expect(answer.headers()['cache-control']).toMatch(/^public, /);
  });

  test('a listing carries its products, a home page its sections, both with their head', async ({ request }) => {
    const listing = await request.get('/catalog/3100');
    expect(listing.status()).toBe(200);
    const html = await listing.text();
    // Product cards: links to product pages, with names and prices, as the API lists them.
    const products = (await (await request.get('/api/v2/categories/3100', { headers: { 'x-country-code': 'in' } })).json()).result.product_list as {
      modelName: string;
      productUrl: string;
    }[];
    expect((html.match(/class="catalog-card__link"/g) ?? []).length).toBeGreaterThan(3);
    expect(html).toContain(`href="${products[0]!.productUrl}"`);
    expect(visibleText(html)).toContain(products[0]!.modelName);
    expect(visibleText(html)).toMatch(/₹\s?[\d,]+/);
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/catalog\/3100"/);

    const home = await (await request.get('/')).text();
    expect(home).toContain('"@type":"Organization"');
    // The header's menu and the footer's links are the page's too (issue 39): in its HTML.
    const footer = (await (await request.get('/api/v2/content/footer', { headers: { 'x-country-code': 'in' } })).json()).result as {
      sections: { links: { label: string }[] }[];
    };
    for (const page of [html, home]) {
      expect(page).not.toContain('class="shell-menu-placeholder"');
      expect(visibleText(page)).toContain(footer.sections[0]!.links[0]!.label);
    }
    expect(home).toContain('data-testid="catalog-HomePage"');
    expect(home).toMatch(/<style data-href="\/remotes\/catalog\//);
    // In place: no part of either page waits in a hidden <div> for an inline script of React's
    // streaming runtime to move it where it belongs (a long task on a phone, ADR 037).
    for (const page of [html, home]) expect(page).not.toMatch(/<div hidden id="S:\d+">|\$RC\(/);
  });

  test('an unknown page answers 404 with the not-found page rendered, a legacy URL 301', async ({ request }) => {
    const missing = await request.get('/this/page/does-not-exist');
    expect(missing.status()).toBe(404);
    expect(visibleText(await missing.text())).toContain("We couldn't find that page");
    const legacy = await request.get('/eyetest', { maxRedirects: 0 });
    expect(legacy.status()).toBe(301);
  });
});

test.describe('hydration', () => {
  for (const [name, url, ready] of [
    ['home', '/', (page: Page) => expect(page.getByTestId('catalog-HomePage')).toBeVisible()],
    ['listing', '/catalog/3100', (page: Page) => expect(page.getByTestId('catalog-ListingPage').getByRole('link').first()).toBeVisible()],
    ['product', PRODUCT, (page: Page) => expect(page.getByTestId('product-ProductPage').getByRole('heading', { level: 1 })).toBeVisible()],
  ] as const) {
    test(`${name}: the server's HTML hydrates without a mismatch and works`, async ({ page }) => {
      const problems = collectProblems(page);
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/v2/')) apiCalls.push(new URL(request.url()).pathname);
      });
      await page.goto(url);
      await ready(page);
      // Interactive after hydration: the header's search opens.
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      // The menu and the footer came with the page: the browser does not ask for them again.
      expect(apiCalls.filter((path) => /^\/api\/v2\/content\/(navigation|mobile|footer)/.test(path))).toEqual([]);
      if (name === 'product') {
        // The product itself was in the document: the browser did not fetch it again.
        expect(apiCalls.filter((path) => /^\/api\/v2\/products\/\d+$/.test(path))).toEqual([]);
        // The canonical link is still the product's own URL once the browser has run the page.
        expect(await page.evaluate(() => [...document.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute('href')))).toEqual([
          expect.stringMatching(/\/eyeglasses\/[^/]+-128001\.html$/),
        ]);
      }
    });
  }

  for (const [name, url] of [
    ['home', '/'],
    ['listing', '/catalog/3100'],
    ['product', PRODUCT],
  ] as const) {
    test(`${name}: the scripts start once the page's main image has painted, and the page hydrates`, async ({ page }) => {
      const problems = collectProblems(page);
      await watchEntryAdded(page);
      await page.addInitScript(() => {
        const seen = window as unknown as { imagePainted?: number };
        // The browser's report of the main image's paint (Element Timing), when it comes.
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { identifier?: string })[])
            if (entry.identifier === 'main-image') seen.imagePainted ??= performance.now();
        }).observe({ type: 'element', buffered: true });
      });
      const answer = await page.goto(url);
      // The entry is not a parser script of the document (it would run before the image shows).
      expect(await answer!.text()).not.toMatch(/<script[^>]*\bsrc="\/main\./);
      await expect(page.locator('#root:not([data-hydrating])')).toHaveCount(1);
      const { imagePainted, entryAdded } = await page.evaluate(() => {
        const seen = window as unknown as { imagePainted?: number; entryAdded?: number };
        return { imagePainted: seen.imagePainted, entryAdded: seen.entryAdded };
      });
      expect(imagePainted, 'the page has a main image, painted').toBeDefined();
      expect(entryAdded).toBeDefined();
      expect(entryAdded!).toBeGreaterThanOrEqual(imagePainted!);
      expect(await startedBecause(page)).toBe('painted');
      expect(problems).toEqual([]);
    });
  }

  test("a listing on a phone: the scripts start once the first screen's other images have loaded too (the largest paint can be one of them)", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      const problems = collectProblems(page);
      await watchEntryAdded(page);
      await page.addInitScript(() => {
        const seen = window as unknown as { loaded?: Record<string, number> };
        seen.loaded = {};
        document.addEventListener(
          'load',
          (event) => {
            if (event.target instanceof HTMLImageElement) seen.loaded![event.target.src] ??= performance.now();
          },
          true,
        );
      });
      // The other cards' images come a second after the main one.
      const main = /<img [^>]*src="([^"]+)"[^>]*id="main-image"/.exec(await (await page.request.get('/catalog/3100')).text())?.[1];
      expect(main, "the listing's main image").toBeTruthy();
      await page.route(/\/api\/v2\/images\//, async (route) => {
        if (!route.request().url().endsWith(main!)) await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      await page.goto('/catalog/3100');
      await expect(page.locator('#root:not([data-hydrating])')).toHaveCount(1);
      const { loaded, entryAdded, inView } = await page.evaluate(() => {
        const seen = window as unknown as { loaded: Record<string, number>; entryAdded?: number };
        const inView = [...document.querySelectorAll<HTMLImageElement>('#root img')]
          .filter((image) => image.loading !== 'lazy')
          .filter((image) => {
            const box = image.getBoundingClientRect();
            return box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
          })
          .map((image) => image.src);
        return { loaded: seen.loaded, entryAdded: seen.entryAdded, inView };
      });
      expect(inView.length, 'images on the first screen besides the main one').toBeGreaterThan(1);
      expect(entryAdded).toBeDefined();
      for (const src of inView) {
        expect(loaded[src], `${src} loaded`).toBeDefined();
        expect(loaded[src]!, `${src} loaded before the scripts started`).toBeLessThanOrEqual(entryAdded!);
      }
      expect(await startedBecause(page)).toBe('painted');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('cart: a page without a main image starts its scripts once the browser has reported its first contentful paint', async ({ page }) => {
    const problems = collectProblems(page);
    await watchEntryAdded(page);
    await page.addInitScript(() => {
      const seen = window as unknown as { firstPaint?: number };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.firstPaint ??= performance.now();
      }).observe({ type: 'paint', buffered: true });
    });
    const answer = await page.goto('/cart');
    expect(await answer!.text()).not.toMatch(/<script[^>]*\bsrc="\/main\./);
    await expect(page.locator('#root:not([data-hydrating])')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { firstPaint, entryAdded } = await page.evaluate(() => {
      const seen = window as unknown as { firstPaint?: number; entryAdded?: number };
      return { firstPaint: seen.firstPaint, entryAdded: seen.entryAdded };
    });
    expect(await page.locator('#root img[elementtiming="main-image"]').count(), 'the page has no main image').toBe(0);
    expect(firstPaint, 'the first contentful paint, reported').toBeDefined();
    expect(entryAdded).toBeDefined();
    expect(entryAdded!).toBeGreaterThanOrEqual(firstPaint!);
    expect(await startedBecause(page)).toBe('first-paint');
    expect(problems).toEqual([]);
  });

  test("the ids in the server's HTML are React's: the header search's suggestions are the list its field names", async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/');
    await expect(page.locator('#root:not([data-hydrating])')).toHaveCount(1);
    const field = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
    await field.fill('round');
    const list = page.getByRole('listbox');
    await expect(list).toBeVisible();
    // The field's `aria-controls` came with the server's HTML; the list was rendered in the browser.
    expect(await list.getAttribute('id')).toBe(await field.getAttribute('aria-controls'));
    await field.press('ArrowDown');
    const active = await field.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('role', 'option');
    expect(problems).toEqual([]);
  });

  test("another remote's piece in a page (the product's wishlist toggle) hydrates when it comes into view, not with the page", async ({ page }) => {
    // A phone whose first screen ends above the toggle.
    await page.setViewportSize({ width: 412, height: 640 });
    const problems = collectProblems(page);
    const requests = collectRemoteRequests(page);
    await page.goto(PRODUCT);
    await expect(page.locator('#root:not([data-hydrating])')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    const toggle = page.getByTestId('product-ProductPage').getByRole('button', { name: /Add to wishlist|Remove from wishlist/ });
    await expect(toggle).not.toBeInViewport();
    // The server sent it (waiting for the session); the catalog's code is not part of the first load.
    await expect(toggle).toBeDisabled();
    expect(requests.catalog ?? []).toEqual([]);
    await toggle.scrollIntoViewIfNeeded();
    await expect(toggle).toBeEnabled();
    expect((requests.catalog ?? []).length).toBeGreaterThan(0);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(problems).toEqual([]);
  });

  test('a page whose main image fails still starts its scripts and hydrates', async ({ page }) => {
    const problems = collectProblems(page);
    await page.route('**/api/v2/images/banner/home-hero-1.svg', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('#root:not([data-hydrating])')).toHaveCount(1);
    // Started for the failure, whether the image failed before the starter ran or after it (not
    // after the starter's longest wait).
    expect(await startedBecause(page)).toBe('image-failed');
    // It runs: a search goes to its page without a new document.
    const banner = page.getByRole('banner');
    const open = banner.getByRole('button', { name: 'Open search', expanded: false });
    if (await open.isVisible()) await open.click();
    const field = banner.getByRole('combobox', { name: 'Search' });
    await field.fill('round');
    await field.press('Enter');
    await expect(page.getByTestId('catalog-SearchPage')).toContainText('Results for "round"');
    expect(problems.filter((problem) => !/net::ERR_FAILED/.test(problem))).toEqual([]);
  });

  test('with JavaScript off, a product page still shows the product', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(PRODUCT);
    await expect(page.getByTestId('product-ProductPage').getByRole('heading', { level: 1 })).not.toHaveText('');
    await expect(page.getByRole('banner')).toBeVisible();
    // Styled without a script: the shell's CSS is in the document (the page's margin is its own).
    expect(await page.evaluate(() => getComputedStyle(document.body).marginTop)).toBe('0px');
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    expect(await page.locator('noscript').textContent()).toMatch(/Turn on JavaScript to search, filter and buy/);
    await context.close();
  });

  for (const [name, url] of [
    ['home', '/'],
    ['listing', '/catalog/3100'],
    ['product', PRODUCT],
  ] as const) {
    test(`${name} on a phone: loading, hydrating and the page's own loads move nothing on the screen`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const shifts: { value: number; nodes: string[] }[] = [];
        (window as unknown as { shifts: typeof shifts }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[])
            if (!entry.hadRecentInput)
              shifts.push({ value: entry.value, nodes: entry.sources.map((source) => (source.node as Element | undefined)?.className?.toString() ?? '?') });
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(url);
      await expect(page.locator('#root:not([data-hydrating])')).toBeAttached();
      await page.waitForLoadState('networkidle');
      const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; nodes: string[] }[] }).shifts);
      // Lighthouse's "good" is 0.1; the page's target is 0.02. Whatever moved is named on failure.
      expect(
        shifts.reduce((sum, shift) => sum + shift.value, 0),
        JSON.stringify(shifts),
      ).toBeLessThan(0.02);
      await context.close();
    });
  }
});

test.describe("a shopper's own pages, rendered for them (docs/adr/033)", () => {
  test('the cart: its items are in the HTML for its shopper alone, never kept, and the browser hydrates it without asking again', async ({ page, browser }) => {
    await page.goto('/');
    await untilRunning(page);
    await addFrame(page);
    const cart = await (await page.request.get('/api/v2/carts', { headers: { 'x-country-code': 'in' } })).json();
    const name: string = cart.result.items[0].name;
    const stranger = await browser.newContext();
    try {
      // Both at once, twice: each gets their own cart, whichever render finishes first.
      for (let round = 0; round < 2; round += 1) {
        const [own, theirs] = await Promise.all([page.request.get('/cart'), stranger.request.get('/cart')]);
        for (const answer of [own, theirs]) {
          expect(answer.status()).toBe(200);
          expect(answer.headers()['x-edge-render']).toBe('rendered');
          expect(answer.headers()['cache-control']).toContain('private');
        }
        const mine = await own.text();
        expect(mine).toContain('data-testid="cart-item"');
        expect(visibleText(mine)).toContain(name.slice(0, 20));
        const other = await theirs.text();
        expect(other).not.toContain('data-testid="cart-item"');
        expect(other).not.toContain(name);
      }
    } finally {
      await stranger.close();
    }

    const problems = collectProblems(page);
    const cartReads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/v2/carts') cartReads.push(request.url());
    });
    await page.goto('/cart');
    await expect(page.locator('#root:not([data-hydrating])')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    // Hydrated from the server's cart: the browser did not read it again.
    expect(cartReads).toEqual([]);
    // And it works: one more of the frame.
    const item = page.getByTestId('cart-item');
    await item.getByRole('button', { name: `Increase quantity of ${name}` }).click();
    await expect(item.getByRole('group', { name: 'Quantity' })).toContainText('2');
    expect(problems).toEqual([]);

    // A first visit (no session yet): the empty cart, rendered and hydrated.
    const newcomer = await browser.newContext();
    try {
      const first = await newcomer.newPage();
      const theirProblems = collectProblems(first);
      const answer = await first.goto('/cart');
      expect(await answer!.text()).toContain('data-testid="cart-empty"');
      await expect(first.locator('#root:not([data-hydrating])')).toHaveCount(1);
      await expect(first.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
      await first.waitForLoadState('networkidle');
      expect(theirProblems).toEqual([]);
    } finally {
      await newcomer.close();
    }
  });

  test("checkout: a guest's page at the guest step, what they gave back after a reload; a customer's at the address, filled in; both hydrate", async ({
    page,
    browser,
  }) => {
    await page.goto('/');
    await untilRunning(page);
    await addFrame(page);
    const guestHtml = await (await page.request.get('/checkout/onepage/')).text();
    expect(visibleText(guestHtml)).toContain('Have an account? Sign in for faster checkout');
    const problems = collectProblems(page);
    await page.goto('/checkout/onepage/');
    const checkout = page.getByTestId('cart-checkout-CheckoutPage');
    await checkout.getByLabel('Email').fill('nila@example.com');
    await checkout.getByLabel('Mobile number').fill('9876543210');
    await checkout.getByRole('button', { name: 'Save and continue' }).click();
    await expect(checkout.getByRole('form', { name: '1. Delivery address' })).toBeVisible();
    await page.reload();
    await expect(page.locator('#root:not([data-hydrating])')).toHaveCount(1);
    await expect(checkout.getByLabel('Email')).toHaveValue('nila@example.com');
    await expect(checkout.getByLabel('Mobile number')).toHaveValue('9876543210');
    expect(problems).toEqual([]);

    const customer = await browser.newContext();
    try {
      const own = await customer.newPage();
      const buyer = await registerCustomer(own, 'Tara');
      await addFrame(own);
      const html = await (await own.request.get('/checkout/onepage/')).text();
      // The address step, with the customer's name filled in: no guest step first.
      expect(html).toContain(`value="${buyer.firstName}"`);
      expect(visibleText(html)).not.toContain('Have an account? Sign in for faster checkout');
      const theirProblems = collectProblems(own);
      await own.goto('/checkout/onepage/');
      await expect(own.locator('#root:not([data-hydrating])')).toHaveCount(1);
      const form = own.getByTestId('cart-checkout-CheckoutPage').getByRole('form', { name: '1. Delivery address' });
      await expect(form.getByLabel('First name')).toHaveValue(buyer.firstName);
      await own.waitForLoadState('networkidle');
      expect(theirProblems).toEqual([]);
    } finally {
      await customer.close();
    }
  });

  test("my orders: a customer's orders are in the HTML, a guest's page asks to sign in, and both hydrate", async ({ page, browser }) => {
    const buyer = await registerCustomer(page, 'Nila');
    const orderId = await buyFrame(page, buyer);
    const own = await page.request.get('/sales/order/history');
    expect(own.status()).toBe(200);
    expect(own.headers()['cache-control']).toContain('private');
    const text = visibleText(await own.text());
    expect(text).toContain(`Order #${orderId}`);
    // The header knows the customer too (the session was read on the server).
    expect(text).toContain(buyer.firstName);

    const guest = await browser.newContext();
    try {
      const theirs = visibleText(await (await guest.request.get('/sales/order/history')).text());
      expect(theirs).not.toContain(`Order #${orderId}`);
      expect(theirs).not.toContain(buyer.firstName);
      // Without a session, a guest: the server sends the sign-in request, not a skeleton.
      expect(theirs).toContain('Please sign in to see your account.');
      // Their page hydrates and asks them to sign in.
      const visitor = await guest.newPage();
      const theirProblems = collectProblems(visitor);
      await visitor.goto('/sales/order/history');
      await expect(visitor.getByRole('dialog')).toBeVisible();
      expect(theirProblems).toEqual([]);
    } finally {
      await guest.close();
    }

    const problems = collectProblems(page);
    await page.goto('/sales/order/history');
    await expect(page.locator('#root:not([data-hydrating])')).toHaveCount(1);
    await expect(page.getByTestId('account-order').filter({ hasText: `Order #${orderId}` })).toBeVisible();
    await page.getByRole('link', { name: `View order #${orderId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/order-detail/${orderId}`));
    expect(problems).toEqual([]);
  });
});

test.describe('failure stays contained', () => {
  test('a remote whose server build is gone: its area renders in the browser, the page answers 200 and works', async ({ page }) => {
    const site = await startPrivateSite(4391);
    try {
      const manifest = await site.manifest();
      const catalog = manifest.remotes.catalog.stable.version as string;
      await rm(join(site.root, 'remotes', 'catalog', catalog, 'server'), { recursive: true, force: true });
      const answer = await page.request.get(`${site.url}/catalog/3100`);
      expect(answer.status()).toBe(200);
      const html = await answer.text();
      // The shell's part is server-rendered; the catalog's area was left to the browser.
      expect(html).toContain('class="shell-header"');
      const errors = collectPageErrors(page);
      await page.goto(`${site.url}/catalog/3100`);
      // A fresh edge's first page, rendered in the browser: on the loaded CI machine its files
      // alone took 3 s (cold), and the listing showed at 6 s. A generous bound, not a speed check.
      await expect(page.getByTestId('catalog-ListingPage').getByRole('link').first()).toBeVisible({ timeout: 30_000 });
      expect(errors).toEqual([]);
    } finally {
      await site.stop();
    }
  });

  test('a first page request dropped by its shopper at once does not leave the later pages to the browser', async ({ request }) => {
    const site = await startPrivateSite(4395);
    try {
      // This edge's first page request, its socket closed as soon as it is sent: the edge loads
      // the builds' server containers for it after the client has gone (a Lighthouse run did so).
      await new Promise<void>((resolve, reject) => {
        const socket = connect(4395, '127.0.0.1', () =>
          socket.write('GET /catalog/3100 HTTP/1.1\r\nHost: 127.0.0.1:4395\r\n\r\n', () => {
            socket.destroy();
            resolve();
          }),
        );
        socket.on('error', reject);
      });
      // Time for that request to reach its render before the next one asks.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const answer = await request.get(`${site.url}/catalog/3100`);
      expect(answer.status()).toBe(200);
      const html = await answer.text();
      expect(html).toContain('id="eyewear-ssr"');
      expect(html).toContain('class="shell-header"');
    } finally {
      await site.stop();
    }
  });

  test("the shell's server build failing to load for a moment: pages render in the browser, then on the server again", async ({ request }) => {
    const site = await startPrivateSite(4396, undefined, { env: { SSR_RETRY_FAILED_MS: '1000' } });
    try {
      const { version } = JSON.parse(await readFile(join(site.root, 'shell.json'), 'utf8')) as { version: string };
      const entry = join(site.root, 'shell', version, 'server', 'remoteEntry.js');
      await rename(entry, `${entry}.away`);
      const during = await request.get(`${site.url}/catalog/3100`);
      expect(during.status()).toBe(200);
      expect(await during.text()).not.toContain('id="eyewear-ssr"');
      await rename(`${entry}.away`, entry);
      // Asked for again once the edge's wait (1 s here) is over.
      await expect
        .poll(async () => (await (await request.get(`${site.url}/catalog/3100`)).text()).includes('id="eyewear-ssr"'), { timeout: 20_000 })
        .toBe(true);
    } finally {
      await site.stop();
    }
  });

  test('a page past its render deadline, asked for by two shoppers at once: each runs its scripts under its own nonce, and no error detail reaches them', async ({
    browser,
  }) => {
    // An API whose listing answers late: the render misses its deadline and leaves the listing
    // to the browser (React finishes that area with a script of its own in the page).
    const api = `http://127.0.0.1:${process.env.E2E_API_PORT || 4320}`;
    const slow = createServer((req, res) => {
      const late = req.method === 'GET' && /^\/v2\/categories\/3100(\?|$)/.test(req.url ?? '');
      setTimeout(
        () => {
          const forward = request(`${api}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          });
          forward.on('error', () => res.destroy());
          req.pipe(forward);
        },
        late ? 2500 : 0,
      );
    });
    await new Promise<void>((resolve) => slow.listen(4393, '127.0.0.1', resolve));
    const site = await startPrivateSite(4394, undefined, { apiUrl: 'http://127.0.0.1:4393', env: { SSR_DEADLINE_MS: '1000' } });
    try {
      // The two requests arrive within the one render, so they share it.
      const shoppers = await Promise.all([browser.newContext(), browser.newContext()]);
      const pages = await Promise.all(shoppers.map((context) => context.newPage()));
      const problems = pages.map((page) => collectProblems(page));
      const answers = await Promise.all(pages.map((page) => page.goto(`${site.url}/catalog/3100`)));
      for (const [index, answer] of answers.entries()) {
        const page = pages[index]!;
        expect(answer!.status()).toBe(200);
        const html = await answer!.text();
        expect(html, 'the listing was left to the browser').toContain('<template id="B:');
        // Every script of the document carries the nonce its own CSP allows.
        const nonce = /'nonce-([^']+)'/.exec(answer!.headers()['content-security-policy'] ?? '')![1];
        const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
        expect(scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
        // The deadline's error is told by a digest only: no message, no stack, no file of the server.
        expect(html).not.toContain('render deadline');
        expect(html).not.toMatch(/\.m?js:\d+:\d+/);
        await expect(page.getByTestId('catalog-ListingPage').getByRole('link').first()).toBeVisible({ timeout: 15_000 });
        await expect(page.locator('#root:not([data-hydrating])')).toHaveCount(1);
        expect(problems[index]).toEqual([]);
      }
      await Promise.all(shoppers.map((context) => context.close()));
    } finally {
      await site.stop();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  test("a canary shopper's HTML and hydrating code come from the same build (a real rebuilt canary)", async ({ page }) => {
    // Generous deadlines: the first request loads the canary's server build cold, and on a loaded
    // machine that once took longer than the usual 1.5 s (the area then renders in the browser,
    // tested above). This journey is about which build renders, not how fast.
    const site = await startPrivateSite(4392, undefined, { env: { SSR_MODULE_DEADLINE_MS: '10000', SSR_DEADLINE_MS: '12000' } });
    try {
      const canary = '0.3.0-ssr.1';
      await deployCanary(site.root, 'changed', canary);
      const started = site.release('canary', 'catalog', canary, '--percent', '100');
      expect(started.status, started.stderr).toBe(0);

      // The server rendered the canary's page (its changed heading) and says so in the state.
      const html = await (await page.request.get(`${site.url}/`)).text();
      expect(ssrState(html)?.chosen.catalog).toBe(canary);
      expect(visibleText(html)).toContain(CANARY_HEADING);
      expect(html).toContain(`/remotes/catalog/${canary}/`);

      // The browser hydrates that HTML with the canary's code: every catalog file is the
      // canary's, and nothing mismatched (a mismatch is a page error).
      const problems = collectProblems(page);
      const requests = collectRemoteRequests(page);
      await page.goto(`${site.url}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(CANARY_HEADING);
      await expect(page.locator('#root:not([data-hydrating])')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      expect((requests.catalog ?? []).length).toBeGreaterThan(0);
      expect((requests.catalog ?? []).filter((file) => !file.startsWith(`${canary}/`))).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await site.stop();
    }
  });
});
