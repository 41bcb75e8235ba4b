import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page, type Response } from '@playwright/test';
import { adminOrigin } from '../support/admin';
import { unique } from '../support/customer';
import { E2E_CACHE_PORT } from '../playwright.config';

/**
 * Through the shared page cache (issue 39, docs/adr/048): Varnish with the generated VCL in front
 * of the journeys' edge (support/varnish.mjs), which the edge purges by key. Shared pages are the
 * same for everyone, so what belongs to one shopper (a name, an e-mail, an address, a cart) never
 * reaches another shopper's or a guest's HTML, and a shopper's own pages arrive rendered for them,
 * never from the cache.
 */

const CACHE = `http://127.0.0.1:${E2E_CACHE_PORT}`;
test.use({ baseURL: CACHE });

/** Pages anyone may be served from the cache (catalogue and product remotes, rendered on the server). */
const PUBLIC_PAGES = [
  '/',
  '/eyeglasses.html',
  '/sunglasses.html',
  '/premium-eyeglasses',
  '/catalog/3100',
  '/category/3201',
  '/catalog/category/view/3100/3101/2/3',
  '/search?q=round',
  '/product/128001',
  '/product/128269',
  '/customer-feedback',
  '/reviews',
];
/** A shopper's own pages: rendered for them, never kept. */
const OWN_PAGES = ['/customer/account/', '/customer/account/address/', '/cart', '/checkout/onepage/', '/sales/order/history'];

const SHARED = /^public, .*s-maxage=\d+/;
const PRIVATE = /private.*no-store|no-store.*private/;

interface Shopper {
  label: string;
  context: BrowserContext;
  page: Page;
}

interface Customer extends Shopper {
  firstName: string;
  lastName: string;
  email: string;
  street?: string;
  cartLine?: string;
}

/** A distinctive name nobody else in the suite uses. */
const distinctive = (prefix: string) => `${prefix}${unique().slice(-7)}${String.fromCharCode(97 + Math.floor(Math.random() * 26))}`;

/**
 * Waits until the page runs (its root hydrated, whichever way the shell marks that) and holds its
 * session: the shell's first call through the cache made it, so calls from the page's origin act in it.
 */
async function untilRunning(page: Page): Promise<void> {
  await expect(page.locator('#root:not([disabled]):not([data-hydrating])')).toHaveCount(1, { timeout: 15_000 });
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'clientV1_in_active')).toBe(true);
}

/** A shopper in a context of their own, holding a session (the shell's first call through the cache made it). */
async function shopper(browser: Browser, label: string): Promise<Shopper> {
  const context = await browser.newContext({ baseURL: CACHE });
  const page = await context.newPage();
  await page.goto('/');
  await untilRunning(page);
  return { label, context, page };
}

/** A new customer, signed in on their context's session (registered through the cache's origin). */
async function customer(browser: Browser, label: string, firstName: string): Promise<Customer> {
  const who = await shopper(browser, label);
  const lastName = distinctive('Quillfeather');
  const email = `${firstName.toLowerCase()}.${unique()}@example.com`;
  const registered = await who.page.request.post('/api/v2/customers', { data: { firstName, lastName, email, password: 'secret-pass' } });
  expect(registered.status(), await registered.text()).toBe(200);
  return { ...who, firstName, lastName, email };
}

/** Saves an address with a distinctive street in the customer's address book (the API, through the cache). */
async function saveAddress(who: Customer): Promise<string> {
  const street = `${unique().slice(-4)} ${distinctive('Marrowgate')} Lane`;
  const saved = await who.page.request.post('/api/v2/addresses', {
    headers: { 'x-country-code': 'in', 'idempotency-key': randomUUID() },
    data: {
      firstName: who.firstName,
      lastName: who.lastName,
      email: who.email,
      phone: '9876543210',
      addressline1: street,
      city: 'Bengaluru',
      state: 'Karnataka',
      postcode: '560001',
      country: 'in',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return street;
}

/** Adds an in-stock frame to the customer's cart through the API; the cart's line as its page names it (the product's name). */
async function fillCart(who: Customer): Promise<string> {
  for (let id = 128002; id < 128100; id++) {
    const answer = await who.page.request.post('/api/v2/carts/items', { headers: { 'x-country-code': 'in' }, data: { productId: id } });
    if (!answer.ok()) continue;
    type Item = { id: number; productId: number; classification: string; availableQuantity?: number; name?: string; modelName?: string };
    const item = ((await answer.json()) as { result: { items: Item[] } }).result.items.find((i) => i.productId === id)!;
    const name = item.name ?? item.modelName;
    if (item.classification === 'eyeframe' && (item.availableQuantity ?? 0) > 3 && name) return name;
    await who.page.request.delete(`/api/v2/carts/items/${item.id}`, { headers: { 'x-country-code': 'in' } });
  }
  throw new Error('no frame in stock to put in the cart');
}

/** What a person reads in a document: the root's text without scripts and tags. */
function visibleText(html: string): string {
  return html
    .slice(Math.max(0, html.indexOf('id="root"')))
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Pages that show a cart's lines (the product's name alone is on public pages too: it is sold to anyone). */
const CART_PAGES = ['/cart', '/checkout/onepage/'];

/**
 * Which of a customer's own details a document carries (any case): their name, e-mail and street
 * anywhere, their cart's line on a cart page, and their cart's count (the others' carts are empty).
 */
function traces(html: string, who: Customer, path: string): string[] {
  const lower = html.toLowerCase().replace(/&#x27;|&#39;/g, "'");
  const found = [who.firstName, who.lastName, who.email, who.street]
    .filter((secret): secret is string => Boolean(secret))
    .filter((secret) => lower.includes(secret.toLowerCase()));
  if (who.cartLine && CART_PAGES.includes(path) && lower.includes(who.cartLine.toLowerCase())) found.push(who.cartLine);
  // The others' carts are empty: a count above zero is the customer's.
  const count = who.cartLine ? /Cart, ([1-9]\d*) items?/.exec(html) : null;
  if (count) found.push(count[0]);
  return found;
}

interface Visit {
  who: string;
  path: string;
  status: number;
  cache: string;
  cacheControl: string;
  setCookie: boolean;
  html: string;
}

/** A page load in the shopper's browser: its document as the cache delivered it (before any script ran). */
async function load(who: Shopper, path: string): Promise<Visit> {
  const response = (await who.page.goto(path, { waitUntil: 'domcontentloaded' })) as Response;
  const headers = await response.allHeaders();
  return {
    who: who.label,
    path,
    status: response.status(),
    cache: headers['x-cache'] ?? 'none',
    cacheControl: headers['cache-control'] ?? '',
    setCookie: 'set-cookie' in headers,
    html: await response.text(),
  };
}

const describe = (v: Visit) => `${v.who} ${v.path}: ${v.status} x-cache ${v.cache}, ${v.cacheControl}`;

test.describe('through the shared page cache', () => {
  test.describe.configure({ timeout: 360_000 });

  test("a signed-in customer's name, e-mail, address and cart never reach a guest's or another customer's HTML (100 page loads, interleaved)", async ({
    browser,
  }) => {
    const zenobia = await customer(browser, 'Zenobia', distinctive('Zenobia'));
    zenobia.street = await saveAddress(zenobia);
    zenobia.cartLine = await fillCart(zenobia);
    const guest = await shopper(browser, 'guest');
    const ottoline = await customer(browser, 'Ottoline', distinctive('Ottoline'));

    // Whoever asks first fills the cache for a shared page: Zenobia first, then the others, then
    // the reverse order (she is served what a guest was).
    const visits: Visit[] = [];
    const rounds: Shopper[][] = [
      [zenobia, guest, ottoline],
      [guest, ottoline, zenobia],
    ];
    for (const order of rounds) {
      for (const path of [...PUBLIC_PAGES, ...OWN_PAGES]) {
        for (const who of order) visits.push(await load(who, path));
      }
    }
    expect(visits.length).toBeGreaterThanOrEqual(100);
    expect(visits.filter((v) => v.status >= 500).map(describe)).toEqual([]);

    // Nobody else's HTML carries anything of Zenobia's, nor Ottoline's of hers.
    const leaks = visits
      .filter((v) => v.who !== zenobia.label)
      .flatMap((v) => traces(v.html, zenobia, v.path).map((secret) => `${describe(v)} carries Zenobia's "${secret}"`))
      .concat(
        visits
          .filter((v) => v.who !== ottoline.label)
          .flatMap((v) => traces(v.html, ottoline, v.path).map((secret) => `${describe(v)} carries Ottoline's "${secret}"`)),
      );
    expect(leaks).toEqual([]);

    // Shared pages are the same for everyone: Zenobia's own copies of them carry nothing of hers
    // either (her name fills in after load), carry no cookie, and are served from the cache.
    const shared = visits.filter((v) => PUBLIC_PAGES.includes(v.path));
    const personalised = shared
      .filter((v) => v.who === zenobia.label)
      .flatMap((v) => traces(v.html, zenobia, v.path).map((secret) => `${describe(v)}: "${secret}"`));
    expect(personalised).toEqual([]);
    expect(shared.filter((v) => SHARED.test(v.cacheControl) && v.setCookie).map(describe)).toEqual([]);
    for (const path of PUBLIC_PAGES) {
      expect(
        shared.filter((v) => v.path === path && SHARED.test(v.cacheControl)),
        `${path} is shareable at least once`,
      ).not.toHaveLength(0);
    }
    // The cache is in the path: the shoppers after the first are served its copy.
    const hits = shared.filter((v) => v.cache === 'HIT');
    expect(hits.filter((v) => v.who === guest.label).length, 'the guest gets pages from the cache').toBeGreaterThan(0);
    expect(hits.filter((v) => v.who === zenobia.label).length, 'the customer gets pages a guest filled the cache with').toBeGreaterThan(0);
    expect(hits.length, shared.map(describe).join('\n')).toBeGreaterThanOrEqual(PUBLIC_PAGES.length);

    // A shopper's own pages: private, never from the cache, and each rendered for its shopper.
    const own = visits.filter((v) => OWN_PAGES.includes(v.path));
    expect(own.filter((v) => !PRIVATE.test(v.cacheControl) || v.cache === 'HIT').map(describe)).toEqual([]);
    const zenobiasOwn = (path: string) => own.filter((v) => v.who === zenobia.label && v.path === path);
    for (const visit of zenobiasOwn('/customer/account/')) expect(visibleText(visit.html), describe(visit)).toContain(zenobia.firstName);
    for (const visit of zenobiasOwn('/cart')) expect(visibleText(visit.html), describe(visit)).toContain(zenobia.cartLine);
    // The address book is one of the account's sections, rendered in the browser (ADR 048): its HTML is private (above) and anonymous.
    for (const visit of own.filter((v) => v.who === ottoline.label && v.path === '/customer/account/'))
      expect(visibleText(visit.html), describe(visit)).toContain(ottoline.firstName);

    await Promise.all([zenobia, guest, ottoline].map((who) => who.context.close()));
  });

  test('/customer/account/ arrives rendered for its customer, without scripts, and a guest asking for it gets no trace of them', async ({ browser }) => {
    const zenobia = await customer(browser, 'Zenobia', distinctive('Zenobia'));
    const guest = await shopper(browser, 'guest');

    for (let i = 0; i < 3; i++) {
      // Her document as the cache hands it over, before any script.
      const answer = await zenobia.page.request.get('/customer/account/');
      expect(answer.status()).toBe(200);
      expect(answer.headers()['cache-control']).toMatch(PRIVATE);
      expect(answer.headers()['x-cache']).not.toBe('HIT');
      const text = visibleText(await answer.text());
      expect(text).toContain(zenobia.firstName);
      expect(text).toContain('You have not placed any orders yet.');
      expect(text).not.toContain('Please sign in');

      // The guest right after her: the sign-in prompt, nothing of hers.
      const theirs = await guest.page.request.get('/customer/account/');
      expect(theirs.status()).toBe(200);
      expect(theirs.headers()['cache-control']).toMatch(PRIVATE);
      expect(theirs.headers()['x-cache']).not.toBe('HIT');
      const html = await theirs.text();
      expect(traces(html, zenobia, '/customer/account/')).toEqual([]);
      expect(visibleText(html)).toContain('Please sign in to see your account.');
      expect(visibleText(html)).not.toContain('You have not placed any orders yet.');
    }

    // Without JavaScript (her cookies, no scripts at all): her account area, not a guest's empty page.
    const noScripts = await browser.newContext({ baseURL: CACHE, javaScriptEnabled: false, storageState: await zenobia.context.storageState() });
    const page = await noScripts.newPage();
    const response = await page.goto('/customer/account/');
    expect(response?.headers()['x-cache']).not.toBe('HIT');
    await expect(page.getByRole('link', { name: `Account menu for ${zenobia.firstName}` })).toBeVisible();
    const area = page.getByTestId('account-AccountPage');
    await expect(area.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    await expect(area).toContainText('You have not placed any orders yet.');
    await expect(page.getByText('Please sign in to see your account.')).toHaveCount(0);

    await Promise.all([zenobia.context, guest.context, noScripts].map((context) => context.close()));
  });

  test("a price changed through the API shows on the product page's next request through the cache", async ({ playwright }) => {
    // A product no other journey reads the price of (they use 128001-128300 and 128392): kids' glasses.
    const productId = 128365;
    const path = `/product/${productId}`;
    const guest = await playwright.request.newContext({ baseURL: CACHE });
    const api = async () => {
      const answer = await guest.get(`/api/v2/products/product/${productId}`, { headers: { 'x-country-code': 'in' } });
      expect(answer.status()).toBe(200);
      return ((await answer.json()) as { result: { prices: Array<{ price: number }> } }).result.prices[1]!.price;
    };
    const before = await api();
    expect(before).toBeGreaterThan(100);

    // Cached first: the next request is a hit, and it prints the price.
    const page = (request: APIRequestContext) => request.get(path);
    await page(guest);
    const cached = await page(guest);
    expect(cached.status()).toBe(200);
    expect(cached.headers()['cache-control']).toMatch(SHARED);
    expect(cached.headers()['x-cache']).toBe('HIT');
    const html = await cached.text();
    expect(shows(html, before), `${path} prints ₹${before}`).toBe(true);

    // A new price the page does not print yet.
    const wanted = [7, 13, 29, 41, 53, 67].map((d) => before - d).find((p) => p > 0 && !shows(html, p))!;
    const changed = await guest.put(`${adminOrigin}/catalogue/products/${productId}/price`, { data: { country: 'in', sellingPrice: wanted } });
    expect(changed.status(), await changed.text()).toBe(200);
    try {
      expect(await api()).toBe(wanted);
      await expect
        .poll(async () => shows(await (await page(guest)).text(), wanted), { timeout: 10_000, message: `${path} prints ₹${wanted} through the cache` })
        .toBe(true);
      // The new page is kept again.
      await expect.poll(async () => (await page(guest)).headers()['x-cache'], { timeout: 10_000 }).toBe('HIT');
    } finally {
      await guest.put(`${adminOrigin}/catalogue/products/${productId}/price`, { data: { country: 'in', sellingPrice: before } });
      await guest.dispose();
    }
  });
});

/**
 * Whether a page prints an Indian price as shoppers read it (formatPrice of @eyewear/i18n/rules: the
 * rupee sign, then the amount in Indian grouping; React may put a comment between the two).
 */
function shows(html: string, price: number): boolean {
  const amount = price.toLocaleString('en-IN', { maximumFractionDigits: 2 }).replaceAll('.', '\\.');
  return new RegExp(`₹(?:<!-- -->)?\\s?${amount}(?![\\d,.])`).test(html);
}
