import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { fillCard, guestCheckoutToPayment } from '../support/shopper';
import { collectPageErrors, untilRunning } from '../support/site';

/**
 * Issue 37, "the cart is the truth" (the "Must show"): on a phone (390 px, touch) and on
 * a desktop (1366 px), each journey starting at `/` and moving by the page's own links and
 * buttons (client-side navigation), as shoppers did when production failed:
 * - the cart popup, the header's badge, checkout and Pay show every product added, one of them
 *   after Back, and the order charges exactly what Pay said (production: charged more);
 * - three taps on + after moving between pages add three units with three requests
 *   (production: one tap added 2-3 units);
 * - a listing left for a product and come back to by Back loads to its end, and its requests
 *   stop (production: 43 of 58 frames, ~60 requests a second without end);
 * - a lens solution added from a contact lens's page is everywhere, Pay included; a payment
 *   whose expected total is not the cart's is refused (409 CART_CHANGED) and charges nothing.
 */

interface ApiCart {
  itemsQty: number;
  netAmountCart: number;
  currencyCode: string;
  items: Array<{ id: number; productId: number; name: string; quantity: number; amount: { total: number } }>;
}

interface ApiOrder {
  id: number;
  amount: { total: number; currencyCode: string };
  payments: { paymentList: Array<{ method: string; amount: number; status: string }> };
  items: Array<{ name: string; quantity: number }>;
}

const VIEWPORTS = [
  { name: 'phone, 390 px', touch: true, use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: 'desktop, 1366 px', touch: false, use: { viewport: { width: 1366, height: 900 } } },
] as const;

/** An amount as the page writes it ("Pay ₹3,219.10", "₹1,399") in paise. */
const paiseOf = (text: string) => {
  const number = /[\d,]+(?:\.\d+)?/.exec(text)?.[0];
  expect(number, `an amount in "${text}"`).toBeTruthy();
  return Math.round(Number(number!.replace(/,/g, '')) * 100);
};
const paise = (amount: number) => Math.round(amount * 100);

/** The page's cart as the API holds it now (same origin, the page's session). */
const cartOf = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/v2/carts', { headers: { 'x-country-code': 'in' } });
    return ((await res.json()) as { result: ApiCart }).result;
  });

const orderOf = (page: Page, id: number) =>
  page.evaluate(async (orderId) => {
    const res = await fetch(`/api/v2/checkout/orders/${orderId}`, { headers: { 'x-country-code': 'in' } });
    return { status: res.status, order: ((await res.json()) as { result: ApiOrder }).result };
  }, id);

const banner = (page: Page) => page.getByRole('banner');
const cartButton = (page: Page, count?: number) =>
  banner(page).getByRole('link', { name: count === undefined ? /^Cart, \d+ items$/ : `Cart, ${count} items`, exact: true });
const popupOf = (page: Page, count?: number) =>
  page.getByRole('dialog', { name: count === undefined ? /^Shopping cart \(\d+\)$/ : `Shopping cart (${count})` });
/** The cards of a listing (a list named as the page's title). */
const cardsOf = (page: Page, title: string) => page.getByRole('list', { name: title, exact: true }).getByRole('article');

/** A shopper's press: a tap on the phone, a click on the desktop. */
const pressWith = (touch: boolean) => (target: Locator) => (touch ? target.tap() : target.click());

/** From the home page's "Shop by category" tiles. */
async function openCategory(page: Page, press: (l: Locator) => Promise<void>, name: string) {
  const home = page.getByTestId('catalog-HomePage');
  await press(home.getByRole('region', { name: 'Shop by category' }).getByRole('link', { name, exact: true }));
}

/** Opens the n-th card in stock of a listing; the card's name ("Brand Model"). */
async function openCard(page: Page, press: (l: Locator) => Promise<void>, title: string, n: number): Promise<string> {
  const inStock = cardsOf(page, title).filter({ hasNot: page.getByText('Out of stock', { exact: true }) });
  const card = inStock.nth(n);
  await expect(card).toBeVisible();
  const name = (await card.getAttribute('aria-label'))!;
  await press(card.getByRole('link', { name }));
  await expect(page.getByTestId('product-ProductPage').getByRole('heading', { level: 1 })).toBeVisible();
  return name;
}

/** Checkout lists every name (and only those), then its guest and address steps, then '2. Payment'. */
async function checkoutAsGuest(page: Page, names: string[]) {
  await expect(page).toHaveURL(/\/checkout\/onepage\/?$/);
  const summary = page.getByTestId('cart-checkout-CheckoutPage').getByRole('region', { name: 'Order summary' });
  for (const name of names) await expect(summary.getByText(name).first()).toBeVisible();
  await expect(summary.getByRole('listitem')).toHaveCount(names.length);
  await guestCheckoutToPayment(page);
}

/**
 * On the payment page: what is paid for lists every name (and their count), Pay says the API's
 * cart total; pays, and checks that the order (on the success page and from the API) is the
 * amount Pay said, to the paisa, and charged that. The Pay amount in paise.
 */
async function payAndCompare(page: Page, names: string[], count: number): Promise<number> {
  const paying = page.getByRole('region', { name: 'What you are paying for' });
  await expect(paying.getByRole('heading', { name: `Items (${count})` })).toBeVisible();
  for (const name of names) await expect(paying.getByText(name).first()).toBeVisible();
  await fillCard(page);
  const pay = page.getByRole('button', { name: /^Pay / });
  // Pay waits for the cart read again on opening: its amount is the cart's then.
  await expect(pay).toBeEnabled();
  const shown = paiseOf((await pay.textContent())!);
  const cart = await cartOf(page);
  expect(cart.itemsQty).toBe(count);
  expect(shown).toBe(paise(cart.netAmountCart));

  await pay.click();
  await expect(page).toHaveURL(/\/checkout\/onepage\/success\?orderId=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
  const success = page.getByTestId('cart-checkout-OrderSuccessPage');
  await expect(success.getByTestId('order-number')).toHaveText(String(orderId));
  expect(paiseOf((await success.getByTestId('order-total').textContent())!)).toBe(shown);
  const { status, order } = await orderOf(page, orderId);
  expect(status).toBe(200);
  expect(paise(order.amount.total)).toBe(shown);
  const charged = order.payments.paymentList.filter((p) => p.status === 'SUCCESS').reduce((sum, p) => sum + paise(p.amount), 0);
  expect(charged).toBe(shown);
  expect(order.items.reduce((n, i) => n + i.quantity, 0)).toBe(count);
  for (const name of names) expect(order.items.map((i) => i.name)).toContainEqual(expect.stringContaining(name));
  return shown;
}

for (const viewport of VIEWPORTS) {
  test.describe(`the cart is the truth (issue 37), ${viewport.name}`, () => {
    test.describe.configure({ timeout: 90_000 });
    test.use(viewport.use);
    const press = pressWith(viewport.touch);

    test('two products, one added after Back: the popup, the badge, checkout and Pay show both, and the order charges what Pay said', async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto('/');
      await untilRunning(page);
      await expect(cartButton(page, 0)).toBeVisible();

      // Home -> the sunglasses page -> all sunglasses.
      await openCategory(page, press, 'Sunglasses');
      const content = page.getByTestId('catalog-ContentPage');
      await expect(content.getByRole('heading', { level: 1, name: 'Sunglasses' })).toBeVisible();
      await press(content.getByRole('region', { name: 'All sunglasses' }).getByRole('link', { name: 'View all' }).first());
      await expect(page.getByTestId('catalog-ListingPage').getByRole('heading', { level: 1, name: 'Sunglasses' })).toBeVisible();

      // Product A, added.
      const first = await openCard(page, press, 'Sunglasses', 0);
      const product = page.getByTestId('product-ProductPage');
      await press(product.getByRole('button', { name: 'Buy Now' }));
      let popup = popupOf(page, 1);
      await expect(popup.getByTestId('cart-item')).toHaveCount(1);
      await expect(popup.getByTestId('cart-item')).toContainText(first);
      await expect(cartButton(page, 1)).toBeVisible();
      await press(popup.getByRole('button', { name: 'Close' }));
      await expect(popup).toBeHidden();

      // Back to the listing; product B, added.
      await page.goBack();
      await expect(page.getByTestId('catalog-ListingPage').getByRole('heading', { level: 1, name: 'Sunglasses' })).toBeVisible();
      const second = await openCard(page, press, 'Sunglasses', 1);
      expect(second).not.toBe(first);
      await press(product.getByRole('button', { name: 'Buy Now' }));

      // The popup and the badge: both.
      popup = popupOf(page, 2);
      await expect(popup.getByTestId('cart-item')).toHaveCount(2);
      await expect(popup.getByTestId('cart-item').filter({ hasText: first })).toHaveCount(1);
      await expect(popup.getByTestId('cart-item').filter({ hasText: second })).toHaveCount(1);
      await expect(cartButton(page, 2)).toBeVisible();
      await expect(page.getByTestId('shell-cart-count')).toHaveText('2');
      const netInPopup = paiseOf((await popup.getByTestId('cart-net').textContent())!);

      // Checkout and Pay: both; the order is what Pay said.
      await press(popup.getByRole('button', { name: 'Proceed to checkout' }));
      await checkoutAsGuest(page, [first, second]);
      const paid = await payAndCompare(page, [first, second], 2);
      expect(paid).toBe(netInPopup);
      expect(errors).toEqual([]);
    });

    test('three taps on + after moving between pages and back add three units with three requests, on the cart page and in the popup', async ({ page }) => {
      const errors = collectPageErrors(page);
      const increases: Request[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PUT' && /\/api\/v2\/carts\/items\/\d+\/quantity$/.test(new URL(request.url()).pathname)) increases.push(request);
      });
      await page.goto('/');
      await untilRunning(page);

      // Home -> wayfarers -> a product, added -> the cart page from the popup.
      const home = page.getByTestId('catalog-HomePage');
      await press(home.getByRole('region', { name: 'Shop by shape' }).getByRole('link', { name: 'Wayfarer', exact: true }));
      await expect(page.getByTestId('catalog-ListingPage').getByRole('heading', { level: 1, name: 'Wayfarer Sunglasses' })).toBeVisible();
      const name = await openCard(page, press, 'Wayfarer Sunglasses', 0);
      await press(page.getByTestId('product-ProductPage').getByRole('button', { name: 'Buy Now' }));
      await press(popupOf(page, 1).getByRole('button', { name: 'View cart' }));
      const cartPage = page.getByTestId('cart-checkout-CartPage');
      await expect(cartPage.getByTestId('cart-item')).toHaveCount(1);

      // Away and back, three times, by the page's links: home, the sunglasses page, a listing.
      const backToCart = async () => {
        await press(cartButton(page, 1));
        await press(popupOf(page, 1).getByRole('button', { name: 'View cart' }));
        await expect(cartPage.getByTestId('cart-item')).toHaveCount(1);
      };
      for (let round = 0; round < 3; round += 1) {
        await press(banner(page).getByRole('link', { name: 'Eyewear home' }));
        await expect(home.getByRole('heading', { level: 1 })).toBeVisible();
        if (round >= 1) {
          await openCategory(page, press, 'Sunglasses');
          await expect(page.getByTestId('catalog-ContentPage').getByRole('heading', { level: 1, name: 'Sunglasses' })).toBeVisible();
        }
        if (round === 2) {
          await press(page.getByTestId('catalog-ContentPage').getByRole('region', { name: 'All sunglasses' }).getByRole('link', { name: 'View all' }).first());
          await expect(cardsOf(page, 'Sunglasses').first()).toBeVisible();
        }
        await backToCart();
      }

      // Three taps on the cart page: one unit and one request each.
      const item = cartPage.getByTestId('cart-item');
      const quantity = item.locator('.cc-qty__value');
      const plus = item.getByRole('button', { name: `Increase quantity of ${name}` });
      await expect(quantity).toHaveText('1');
      expect(increases).toHaveLength(0);
      for (let tap = 1; tap <= 3; tap += 1) {
        await press(plus);
        await expect(quantity).toHaveText(String(1 + tap));
        await expect(plus).toBeEnabled();
      }
      await expect(cartButton(page, 4)).toBeVisible();

      // Away (home) and back to the popup, which reads the cart again: 4, after exactly 3 requests.
      await press(banner(page).getByRole('link', { name: 'Eyewear home' }));
      await expect(home.getByRole('heading', { level: 1 })).toBeVisible();
      await press(cartButton(page, 4));
      await expect(popupOf(page, 4)).toBeVisible();
      // (The popup's name follows the count: it is found by its role and the start of its name.)
      const inPopup = popupOf(page).getByTestId('cart-item');
      await expect(inPopup.locator('.cc-qty__value')).toHaveText('4');
      expect(increases).toHaveLength(3);
      expect((await cartOf(page)).items.map((i) => i.quantity)).toEqual([4]);
      // One Idempotency-Key per tap: three actions, not one repeated.
      expect(new Set(increases.map((r) => r.headers()['idempotency-key'])).size).toBe(3);

      // Three taps in the popup: the same.
      const plusInPopup = inPopup.getByRole('button', { name: `Increase quantity of ${name}` });
      for (let tap = 1; tap <= 3; tap += 1) {
        await press(plusInPopup);
        await expect(inPopup.locator('.cc-qty__value')).toHaveText(String(4 + tap));
        await expect(plusInPopup).toBeEnabled();
      }
      await expect(popupOf(page, 7)).toBeVisible();
      await expect(cartButton(page, 7)).toBeVisible();
      await press(popupOf(page, 7).getByRole('button', { name: 'View cart' }));
      await expect(cartPage.getByTestId('cart-item').locator('.cc-qty__value')).toHaveText('7');
      expect(increases).toHaveLength(6);
      expect((await cartOf(page)).items.map((i) => i.quantity)).toEqual([7]);
      expect(errors).toEqual([]);
    });

    test('a listing left for a product and come back to by Back loads to its end, all its frames, and its requests stop', async ({ page }) => {
      const errors = collectPageErrors(page);
      // The listing's page endpoint (GET /api/v2/categories/:id?page=N), not its filters.
      const pages: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (request.method() === 'GET' && url.pathname === '/api/v2/categories/3100') pages.push(url.searchParams.get('page') ?? '');
      });
      await page.goto('/');
      await untilRunning(page);

      // Home -> the eyeglasses page -> all eyeglasses -> a frame -> Back.
      await openCategory(page, press, 'Eyeglasses');
      const content = page.getByTestId('catalog-ContentPage');
      await expect(content.getByRole('heading', { level: 1, name: 'Eyeglasses' })).toBeVisible();
      await press(content.getByRole('region', { name: 'All eyeglasses' }).getByRole('link', { name: 'View all' }).first());
      const listing = page.getByTestId('catalog-ListingPage');
      await expect(listing.getByRole('heading', { level: 1, name: 'Eyeglasses' })).toBeVisible();
      const shownTotal = Number((await listing.getByText(/^\d+ frames$/).textContent())!.replace(/\D/g, ''));
      await openCard(page, press, 'Eyeglasses', 0);
      await page.goBack();
      await expect(listing.getByRole('heading', { level: 1, name: 'Eyeglasses' })).toBeVisible();
      const cards = cardsOf(page, 'Eyeglasses');
      await expect(cards.first()).toBeVisible();

      // What the API counts for the category (asked outside the page: not one of its requests).
      const api = (
        (await (await page.request.get('/api/v2/categories/3100?page=0')).json()) as { result: { num_of_products: number; product_list: unknown[] } }
      ).result;
      expect(shownTotal).toBe(api.num_of_products);
      const pageCount = Math.ceil(api.num_of_products / api.product_list.length);
      expect(pageCount).toBeGreaterThan(2);

      // Scroll to the end until the count stops growing: the end of the list, every frame.
      const end = listing.getByText(`You have seen all ${api.num_of_products} frames`);
      await expect(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect(end).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 45_000 });
      await expect(cards).toHaveCount(api.num_of_products);

      // The requests for the listing's pages stop (the one wait of this file: idle is the measure).
      const asked = pages.length;
      await page.waitForTimeout(3_000);
      expect(pages).toHaveLength(asked);
      expect(asked).toBeLessThanOrEqual(pageCount + 2);
      await expect(cards).toHaveCount(api.num_of_products);
      expect(errors).toEqual([]);
    });

    test("a contact lens's solution added after the lens shows in the popup, the badge, checkout and Pay; a payment expecting another total is refused and charges nothing", async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      await page.goto('/');
      await untilRunning(page);

      // Home -> contact lenses -> a lens.
      await openCategory(page, press, 'Contact Lenses');
      await expect(page.getByTestId('catalog-ListingPage').getByRole('heading', { level: 1, name: 'Contact Lenses' })).toBeVisible();
      const lens = await openCard(page, press, 'Contact Lenses', 0);
      const product = page.getByTestId('product-ProductPage');

      // The lens, with its powers.
      await product.getByRole('group', { name: 'Right eye (OD)' }).getByLabel('SPH').selectOption('-1.00');
      await product.getByRole('group', { name: 'Left eye (OS)' }).getByLabel('SPH').selectOption('-1.50');
      await press(product.getByRole('button', { name: 'Add to Cart' }));
      let popup = popupOf(page);
      await expect(popup.getByTestId('cart-item').first()).toContainText(lens);
      const withLens = await cartOf(page);
      expect(withLens.itemsQty).toBeGreaterThan(0);
      await expect(popupOf(page, withLens.itemsQty)).toBeVisible();
      await expect(cartButton(page, withLens.itemsQty)).toBeVisible();
      const netWithLens = paiseOf((await popup.getByTestId('cart-net').textContent())!);
      await press(popup.getByRole('button', { name: 'Close' }));
      await expect(popup).toBeHidden();

      // Its solution, from "Solutions for your lenses".
      const solutions = product.getByRole('region', { name: /^Solutions for/ });
      const add = solutions.getByRole('button', { name: /^Add .+ to cart$/ }).first();
      const solution = /^Add (.+) to cart$/.exec((await add.textContent())!)![1]!;
      await press(add);
      const count = withLens.itemsQty + 1;
      popup = popupOf(page, count);
      await expect(popup.getByTestId('cart-item').filter({ hasText: solution })).toHaveCount(1);
      await expect(popup.getByTestId('cart-item').filter({ hasText: lens }).first()).toBeVisible();
      await expect(cartButton(page, count)).toBeVisible();
      const cart = await cartOf(page);
      expect(cart.itemsQty).toBe(count);
      const solutionLine = cart.items.find((i) => i.name.includes(solution));
      expect(solutionLine, `${solution} in the cart`).toBeDefined();
      const netInPopup = paiseOf((await popup.getByTestId('cart-net').textContent())!);
      expect(netInPopup).toBe(paise(cart.netAmountCart));
      expect(netInPopup).toBe(netWithLens + paise(solutionLine!.amount.total));

      // Checkout and the payment page: the solution is there, and in the Pay amount.
      await press(popup.getByRole('button', { name: 'Proceed to checkout' }));
      const lines = [...new Set(cart.items.map((i) => i.name))];
      await checkoutAsGuest(
        page,
        cart.items.map((i) => i.name),
      );
      await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();

      // A payment expecting another total than the cart's: 409 CART_CHANGED, nothing charged.
      const refused = await page.evaluate(
        async ({ expectedTotal, year }) => {
          const res = await fetch('/api/v2/orders/payment', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-country-code': 'in', 'idempotency-key': `cart-truth-${Date.now()}` },
            body: JSON.stringify({
              paymentMethod: 'cc',
              card: { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: year, cvv: '123', saveCard: false },
              expectedTotal,
            }),
          });
          return { status: res.status, body: (await res.json()) as { code?: string; total?: number; result?: unknown } };
        },
        { expectedTotal: cart.netAmountCart - 1, year: new Date().getFullYear() + 3 },
      );
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('CART_CHANGED');
      expect(paise(refused.body.total!)).toBe(paise(cart.netAmountCart));
      expect(refused.body.result).toBeUndefined();
      const after = await cartOf(page);
      expect(after.itemsQty).toBe(count);
      expect(after.items.map((i) => [i.productId, i.quantity])).toEqual(cart.items.map((i) => [i.productId, i.quantity]));

      // Pay: the amount with the solution; the order is that amount, solution included.
      const paid = await payAndCompare(page, lines, count);
      expect(paid).toBe(netInPopup);
      expect(errors).toEqual([]);
    });
  });
}
