import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, untilRunning } from '../support/site';

/** The shell's own journeys: search bar, header and footer rules, countries, banners, metadata. */

const searchBox = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Search' });

/**
 * The search bar once the page runs: typed into by key presses (which, unlike a click or a fill,
 * do not wait for a field to be enabled; a server-rendered page's fields are until hydrated).
 */
async function readySearchBox(page: Page) {
  await expect(searchBox(page)).toBeEnabled();
  return searchBox(page);
}

test('typing in the search bar shows suggestions, and Enter opens the search page after 300 ms', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/cart');
  await searchBox(page).click();
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  // Trending searches on focus, before typing.
  await expect(list.getByRole('option', { name: 'Round eyeglasses' })).toBeVisible();
  await searchBox(page).pressSequentially('round');
  await expect(list.getByRole('option').filter({ hasText: /round/i }).first()).toBeVisible();
  const product = list
    .getByRole('option')
    .filter({ has: page.locator('img') })
    .first();
  await expect(product).toContainText('₹');
  const started = await page.evaluate(() => performance.now());
  await searchBox(page).press('Enter');
  await page.waitForURL(/\/search\?q=round$/);
  const elapsed = (await page.evaluate(() => performance.now())) - started;
  expect(elapsed).toBeGreaterThanOrEqual(300);
  await expect(page.getByTestId('catalog-SearchPage')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the blocked characters never appear in the search bar, and a blank search does nothing', async ({ page }) => {
  await page.goto('/cart');
  await (await readySearchBox(page)).pressSequentially('a\\b[c]d(e)f?g%h');
  await expect(searchBox(page)).toHaveValue('abcdefgh');
  await searchBox(page).fill('');
  await searchBox(page).pressSequentially('   ');
  await searchBox(page).press('Enter');
  await page.waitForTimeout(600);
  expect(new URL(page.url()).pathname).toBe('/cart');
});

const HIDDEN = [
  '/checkout/onepage',
  '/checkout/onepage/presales',
  '/sales/order/history',
  '/checkout/payment/qr/1200001',
  '/checkout/payment/collect/1200001',
  '/checkout/payment/confirm',
  '/hto',
  '/HTO',
  '/lens-package-upgrade/1200001',
];

for (const path of HIDDEN) {
  test(`header and footer are absent on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('main#main')).toBeVisible();
    await expect(page.locator('main#main [data-testid]').first()).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });
}

for (const path of ['/', '/cart', '/eyeglasses.html', '/no-such-page-here']) {
  test(`header, menu and footer are present on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Eyeglasses' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'Services' })).toBeVisible();
    await expect(footer.getByText('Site Map')).toHaveCount(0);
  });
}

const COUNTRIES = [
  ['', '₹', 'Toll free: 1800-202-4444'],
  ['/ae', 'AED', 'UAE time'],
  ['/sg', '$', null],
  ['/sa', 'SAR', null],
  ['/us', '$', null],
] as const;

for (const [prefix, mark, strip] of COUNTRIES) {
  test(`the ${prefix || '/in'} site shows its currency mark ${mark}`, async ({ page }) => {
    await page.goto(`${prefix}/no-such-page-here`);
    await expect(page.getByTestId('shell-NotFoundPage')).toBeVisible();
    if (strip) await expect(page.getByTestId('shell-top-strip')).toContainText(strip);
    await (await readySearchBox(page)).pressSequentially('round');
    const product = page
      .getByRole('listbox', { name: 'Search suggestions' })
      .getByRole('option')
      .filter({ has: page.locator('img') })
      .first();
    await expect(product).toBeVisible();
    const price = (await product.locator('[data-currency-mark]').textContent()) ?? '';
    expect(price.startsWith(mark)).toBe(true);
    if (mark === 'AED' || mark === 'SAR') expect(price).toMatch(new RegExp(`^${mark} \\d`));
    // The menu's links stay on the country's site.
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Eyeglasses' })).toHaveAttribute(
      'href',
      `${prefix}/eyeglasses.html`,
    );
  });
}

/**
 * What the API answers the edge for a visitor at `address`. The edge replaces a client's
 * X-Forwarded-For with the socket address (docs/adr/022), and every browser here is on
 * 127.0.0.1, so the test asks the API as the edge would for a visitor elsewhere and gives the
 * page that answer.
 */
async function visitFrom(page: Page, address: string) {
  const apiPort = process.env.E2E_API_PORT || 4320;
  const response = await fetch(`http://127.0.0.1:${apiPort}/v2/utility/location`, { headers: { 'x-forwarded-for': address, 'x-country-code': 'in' } });
  const answer = await response.json();
  // With the cookie it sets (audienceType).
  const headers = { 'set-cookie': response.headers.getSetCookie().join('\n') };
  await page.route('**/api/v2/utility/location*', (route) => route.fulfill({ json: answer, headers }));
}

test('a visitor from another country sees the country banner, with the referrer and stored campaign on its button', async ({ page }) => {
  // 192.0.2.0/24 is placed in Dubai by the API's location table.
  await visitFrom(page, '192.0.2.10');
  await page.goto('/cart?utm_source=newsletter&utm_campaign=winter');
  const banner = page.getByTestId('shell-country-banner');
  await expect(banner).toContainText('Dubai, United Arab Emirates');
  const href = new URL((await banner.getByRole('link').getAttribute('href'))!);
  expect(href.origin).toBe('https://www.eyewear.ae');
  expect(href.searchParams.get('referrer')).toBe('www.eyewear.in');
  expect(href.searchParams.get('utm_source')).toBe('newsletter');
  expect(href.searchParams.get('utm_campaign')).toBe('winter');
  expect(await page.evaluate(() => document.cookie)).toContain('audienceType=international');
});

test('a visitor from home, or a crawler, does not see the country banner', async ({ browser }) => {
  const home = await browser.newPage();
  await home.goto('/cart');
  await expect(home.getByTestId('shell-top-strip')).toBeVisible();
  await home.waitForTimeout(800);
  await expect(home.getByTestId('shell-country-banner')).toHaveCount(0);
  await home.close();
  const crawler = await browser.newPage({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
  await visitFrom(crawler, '192.0.2.10');
  await crawler.goto('/cart');
  await expect(crawler.getByTestId('shell-top-strip')).toBeVisible();
  await crawler.waitForTimeout(800);
  await expect(crawler.getByTestId('shell-country-banner')).toHaveCount(0);
  await crawler.close();
});

test('an open exchange shows the exchange banner, and a new tab is told the exchange is open in another tab', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'exchange_session', value: '1200001:3', url: baseURL! }]);
  await page.goto('/eyeglasses.html');
  await expect(page.getByTestId('shell-exchange-banner')).toContainText('order 1200001');
  const modal = page.getByRole('dialog', { name: 'Exchange open in another tab' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Continue here' }).click();
  await expect(modal).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('shell-exchange-banner')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Exchange open in another tab' })).toHaveCount(0);
  await page.getByTestId('shell-exchange-banner').getByRole('button', { name: 'Close exchange session' }).click();
  await expect(page.getByTestId('shell-exchange-banner')).toHaveCount(0);
  expect((await context.cookies()).find((c) => c.name === 'exchange_session')).toBeUndefined();
});

test('an exchange opened in another tab reaches a tab already open on its next page, and closing it there ends it everywhere', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('catalog-HomePage')).toBeVisible();
  // The tab runs (the server's HTML shows before its scripts start, which read the cookies).
  await untilRunning(page);
  await expect(page.getByTestId('shell-exchange-banner')).toHaveCount(0);
  // The other tab's account flow wrote the shared exchange cookies (the shell's exchange saga there).
  await context.addCookies([{ name: 'exchange_session', value: '1200002:4', url: baseURL! }]);
  // This tab's next page (a client-side route change, no reload) is in exchange mode, and says it was opened elsewhere.
  await page.getByRole('link', { name: 'Eyeglasses', exact: true }).first().click();
  await expect(page.getByTestId('shell-exchange-banner')).toContainText('order 1200002');
  const modal = page.getByRole('dialog', { name: 'Exchange open in another tab' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Close exchange session' }).click();
  await expect(page.getByTestId('shell-exchange-banner')).toHaveCount(0);
  const other = await context.newPage();
  await other.goto('/eyeglasses.html');
  await expect(other.getByRole('heading', { name: 'All eyeglasses' })).toBeVisible();
  await other.waitForLoadState('networkidle');
  await expect(other.getByTestId('shell-exchange-banner')).toHaveCount(0);
  await other.close();
});

test('no exchange banner in store_return mode', async ({ page, context, baseURL }) => {
  await context.addCookies([
    { name: 'exchange_session', value: '1200001:3', url: baseURL! },
    { name: 'return_mode', value: 'store_return', url: baseURL! },
  ]);
  await page.goto('/eyeglasses.html');
  await expect(page.getByRole('banner')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByTestId('shell-exchange-banner')).toHaveCount(0);
});

async function structuredData(page: Page) {
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  return JSON.parse((await scripts.textContent()) ?? '') as Array<Record<string, unknown>>;
}

test('structured data parses as JSON-LD: Organization with an AggregateRating on /, WebSite with a search action', async ({ page }) => {
  await page.goto('/');
  await expect.poll(async () => ((await structuredData(page))[0] as { aggregateRating?: unknown }).aggregateRating).toBeTruthy();
  const [organization, website] = await structuredData(page);
  expect(organization).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    aggregateRating: { '@type': 'AggregateRating', bestRating: 5 },
  });
  expect((organization!.aggregateRating as { reviewCount: number }).reviewCount).toBeGreaterThan(1000);
  expect(website).toMatchObject({ '@type': 'WebSite', potentialAction: { '@type': 'SearchAction', 'query-input': 'required name=search_term_string' } });
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /30-day returns/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.eyewear.in/');
  await expect(page.locator('link[rel="alternate"]')).toHaveCount(5);

  await page.goto('/cart');
  await expect.poll(async () => (await structuredData(page))[1]?.['@type']).toBe('WebSite');
  expect((await structuredData(page))[0]!.aggregateRating).toBeUndefined();
});

test("the footer's 'Enter my power' refuses a bad number and sends a good one", async ({ page }) => {
  await page.goto('/cart');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Enter my power' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter my power' });
  await dialog.getByLabel('Phone number').fill('6876543210');
  await dialog.getByRole('button', { name: 'Call me' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid phone number');
  await dialog.getByLabel('Phone number').fill('9876543210');
  await dialog.getByRole('button', { name: 'Call me' }).click();
  await expect(dialog.getByRole('status')).toContainText('We will call you shortly');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('header fragments load on intent only; a fragment that fails shows its compact fallback', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/cart');
  await expect(page.getByTestId('cart-checkout-CartPage')).toBeVisible();
  expect(requested.filter((p) => p.startsWith('/remotes/account/'))).toEqual([]);
  await page.getByRole('banner').getByRole('link', { name: 'sign up' }).click();
  const area = page.getByTestId('shell-fragment-loginPopup');
  await expect(area).toHaveCount(1);
  // Either the account remote's popup (a dialog, portalled to the body) or, until it exposes
  // one, the compact fallback.
  await expect(page.getByRole('dialog').or(area.getByRole('button', { name: 'Try again' }))).toBeVisible();
  expect(requested.some((p) => p.startsWith('/remotes/account/'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(area).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible();
});
