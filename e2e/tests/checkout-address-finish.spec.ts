import { expect, test, type Page, type Route } from '@playwright/test';
import { recordTexts, registerCustomer, sideways, unique } from '../support/customer';
import { addFrame, payByCard } from '../support/shopper';
import { collectPageErrors } from '../support/site';

/**
 * Issue "Shopper-facing finish", on the way to an order: a signed-in customer's new checkout
 * address goes to their address book once ('Save to my addresses', ticked; a guest never sees
 * it); the delivery date of the pincode being typed, cleared at once when the pincode changes
 * (never the old answer for the new pincode); the header's typeahead suggests each model once,
 * a model in several colours with its colours described. At phone and desktop widths.
 */

const DATE = String.raw`\d{1,2} [A-Z][a-z]{2} \d{4}`;
/** Bengaluru: a store shares its first three digits, so express delivery is offered there too. */
const WITH_EXPRESS = '560001';
/** Srinagar and Jammu: no store shares their first three digits, so standard delivery only. */
const STANDARD_ONLY = '190001';
const OTHER_STANDARD_ONLY = '180001';

/** A shopper with one frame in the cart, on the checkout page. */
async function toCheckout(page: Page) {
  await page.goto('/cart');
  await addFrame(page);
  await page.goto('/checkout/onepage/');
  return page.getByTestId('cart-checkout-CheckoutPage');
}

/**
 * Holds the delivery estimate's answers for one pincode until released: what a slow network
 * does. `requested` settles once the page asked; `release()` lets the answer through and says
 * whether the page still took it (false when it had given up on the request).
 */
async function holdEstimate(page: Page, pincode: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  const delivered: Promise<boolean>[] = [];
  const matches = (url: URL) => url.pathname.endsWith('/deliveryOptions') && url.searchParams.get('pincode') === pincode;
  const handler = (route: Route) => {
    const done = (async () => {
      await released;
      try {
        await route.fulfill({ response: await route.fetch() });
        return true;
      } catch {
        return false;
      }
    })();
    delivered.push(done);
    asked();
    return done.then(() => undefined);
  };
  await page.route(matches, handler);
  return {
    requested,
    async release() {
      release();
      const answered = await Promise.all(delivered);
      await page.unroute(matches, handler);
      return answered.some(Boolean);
    },
  };
}

/** The header's search field: behind its button on a phone, in the header on a desktop. */
async function headerSearch(page: Page) {
  const banner = page.getByRole('banner');
  const open = banner.getByRole('button', { name: 'Open search', expanded: false });
  const field = banner.getByRole('combobox', { name: 'Search' });
  await expect(open.or(field).first()).toBeVisible();
  if (await open.isVisible()) await open.click();
  await expect(field).toBeVisible();
  // Typed into once the page runs (a server-rendered page's fields are disabled until hydrated).
  await expect(field).toBeEnabled();
  return field;
}

type Suggested = { name: string; brand_name: string; product_url: string; colours?: { id: number; colour: string; product_url: string }[] };

/** Terms a shopper might type: categories, shapes and brands of the seeded catalogue. */
const TERMS = ['round', 'aviator', 'kestrel', 'clearview', 'metro', 'cat eye', 'wayfarer', 'rectangle', 'square', 'brightline'];

/** A term whose suggestions include a model in several colours (asked of the running API, as the header asks), and that model. */
async function termWithColours(page: Page) {
  for (const term of TERMS) {
    const answer = await page.request.get(`/api/v2/search/suggestions/${encodeURIComponent(term)}`, { headers: { 'x-country-code': 'in' } });
    expect(answer.status()).toBe(200);
    const models = ((await answer.json()) as { result: { productRecommendations: Suggested[] } }).result.productRecommendations;
    const model = models.find((p) => (p.colours?.length ?? 0) > 1);
    if (model) return { term, model };
  }
  throw new Error(`none of ${TERMS.join(', ')} suggests a model in several colours`);
}

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
];

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`checkout address finish at ${name} width`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 120_000 });

    test("a signed-in customer's new address, kept with 'Save to my addresses', is in the address book once after the order", async ({ page }) => {
      const errors = collectPageErrors(page);
      const buyer = await registerCustomer(page, 'Divya');
      const checkout = await toCheckout(page);
      const form = checkout.getByRole('form', { name: '1. Delivery address' });
      await expect(form.getByLabel('First name')).toHaveValue(buyer.firstName);
      const keep = form.getByRole('checkbox', { name: 'Save to my addresses' });
      await expect(keep).toBeChecked();

      const street = `${unique().slice(-4)} Residency Road`;
      await form.getByLabel('Mobile number', { exact: true }).fill('9876543210');
      await form.getByLabel('Address line 1').fill(street);
      await form.getByLabel('City').fill('Bengaluru');
      await form.getByLabel('State', { exact: true }).fill('Karnataka');
      await form.getByLabel('Pincode').fill('560025');
      await form.getByRole('button', { name: 'Save and continue' }).click();
      await expect(checkout.getByTestId('checkout-address')).toHaveText(`Deliver to ${buyer.firstName} ${buyer.lastName}, Bengaluru 560025`);
      await expect(checkout.getByRole('status').filter({ hasText: 'Saved to your addresses.' })).toBeVisible();

      // Changed and sent again as it was (still ticked): the book already has it.
      await checkout.getByRole('button', { name: 'Change address' }).click();
      await expect(form.getByLabel('Address line 1')).toHaveValue(street);
      await expect(keep).toBeChecked();
      await form.getByRole('button', { name: 'Save and continue' }).click();
      await expect(checkout.getByTestId('checkout-address')).toContainText('Bengaluru 560025');
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      await payByCard(page, buyer);
      await page.goto('/customer/account/address/');
      const kept = page.getByTestId('account-address');
      await expect(kept.filter({ hasText: street })).toHaveCount(1);
      await expect(kept).toHaveCount(1);
      await expect(kept).toContainText(`${street}, Bengaluru, Karnataka 560025`);
      expect(errors).toEqual([]);
    });

    test('a guest is never offered the address book; the delivery date follows the pincode typed, the old one cleared at once', async ({ page }) => {
      const errors = collectPageErrors(page);
      const shown = await recordTexts(page, 'delivery-estimate');
      const checkout = await toCheckout(page);
      await checkout.getByLabel('Email').fill('asha@example.com');
      await checkout.getByLabel('Mobile number').fill('9876543210');
      await checkout.getByRole('button', { name: 'Save and continue' }).click();
      const form = checkout.getByRole('form', { name: '1. Delivery address' });
      await expect(form.getByLabel('Address line 1')).toBeVisible();
      await expect(form.getByRole('checkbox', { name: 'Save to my addresses' })).toHaveCount(0);

      // Typed digit by digit: the date of the whole pincode (here with express delivery).
      const pincode = form.getByLabel('Pincode');
      const estimate = form.getByTestId('delivery-estimate');
      await pincode.pressSequentially(WITH_EXPRESS);
      await expect(estimate).toHaveText(new RegExp(`^Delivery by ${DATE} to ${WITH_EXPRESS}\\. Express delivery by ${DATE} is available\\.$`));

      // Another pincode whose answer is slow: the old date goes at once, the new one comes with its answer.
      const before = (await shown()).length;
      const slow = await holdEstimate(page, STANDARD_ONLY);
      await pincode.fill(STANDARD_ONLY);
      await expect(estimate).toHaveText(`Checking delivery to ${STANDARD_ONLY}…`);
      await slow.requested;
      await expect(estimate).toHaveText(`Checking delivery to ${STANDARD_ONLY}…`);
      expect(await slow.release()).toBe(true);
      await expect(estimate).toHaveText(new RegExp(`^Delivery by ${DATE} to ${STANDARD_ONLY}$`));
      const sinceChange = (await shown()).slice(before);
      expect(sinceChange[0]).toBe(`Checking delivery to ${STANDARD_ONLY}…`);
      expect(sinceChange.filter((text) => text.includes(WITH_EXPRESS) || text.includes('Express'))).toEqual([]);

      // A pincode left before its answer came: that late answer is never shown for the pincode now typed.
      const late = await holdEstimate(page, OTHER_STANDARD_ONLY);
      const beforeLate = (await shown()).length;
      await pincode.fill(OTHER_STANDARD_ONLY);
      await late.requested;
      await expect(estimate).toHaveText(`Checking delivery to ${OTHER_STANDARD_ONLY}…`);
      await pincode.fill(WITH_EXPRESS);
      await expect(estimate).toHaveText(new RegExp(`^Delivery by ${DATE} to ${WITH_EXPRESS}\\. Express`));
      await late.release();
      // The address is saved with the pincode shown: what was shown meanwhile never named the pincode left behind.
      await form.getByLabel('First name').fill('Asha');
      await form.getByLabel('Last name').fill('Rao');
      await form.getByLabel('Address line 1').fill('12 MG Road');
      await form.getByLabel('City').fill('Bengaluru');
      await form.getByLabel('State', { exact: true }).fill('Karnataka');
      await expect(estimate).toHaveText(new RegExp(`^Delivery by ${DATE} to ${WITH_EXPRESS}\\. Express`));
      const afterLate = (await shown()).slice(beforeLate);
      expect(afterLate.filter((text) => text.includes(OTHER_STANDARD_ONLY))).toEqual([`Checking delivery to ${OTHER_STANDARD_ONLY}…`]);
      await form.getByRole('button', { name: 'Save and continue' }).click();
      await expect(checkout.getByTestId('checkout-address')).toHaveText(`Deliver to Asha Rao, Bengaluru ${WITH_EXPRESS}`);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    });

    test('the header typeahead suggests each model once, a model in several colours with its colours described', async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto('/');
      await expect(page.getByTestId('catalog-HomePage')).toBeVisible();
      const { term, model } = await termWithColours(page);
      const field = await headerSearch(page);
      await field.pressSequentially(term);

      const list = page.getByRole('listbox', { name: 'Search suggestions' });
      const label = `${model.brand_name} ${model.name}`;
      const option = list.getByRole('option', { name: label, exact: true });
      await expect(option).toHaveCount(1);
      await expect(option).toBeVisible();
      // Products are the options with a picture: no two of them name the same model.
      const products = list.getByRole('option').filter({ has: page.locator('img') });
      const names = await products.evaluateAll((options) => options.map((o) => o.getAttribute('aria-label') ?? ''));
      expect(names.length).toBeGreaterThan(0);
      expect(names).toContain(label);
      expect(new Set(names).size).toBe(names.length);

      // Its colours, described: the one it shows first, then the others; a swatch for each.
      const colours = model.colours!;
      const lead = colours.find((c) => c.product_url === model.product_url) ?? colours[0]!;
      const others = colours.filter((c) => c.id !== lead.id);
      await expect(option).toHaveAccessibleDescription(`${lead.colour}, also in ${others.map((c) => c.colour).join(', ')}`);
      for (const c of colours) await expect(option.getByTitle(c.colour, { exact: true })).toBeVisible();
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      // Pressing another colour's swatch opens that colour's page.
      const other = others[0]!;
      await option.getByTitle(other.colour, { exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === new URL(other.product_url, url).pathname);
      await expect(page.getByTestId('product-ProductPage').getByRole('heading', { level: 1 })).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}
