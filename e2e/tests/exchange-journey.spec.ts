import { expect, test, type Page } from '@playwright/test';
import { advanceOrder } from '../support/admin';
import { registerCustomer, sideways } from '../support/customer';
import { buyFrame, fillCard, fillCheckoutAddress, type Buyer } from '../support/shopper';
import { collectPageErrors } from '../support/site';

/**
 * Issue 42, the whole exchange as a returning customer makes it: a delivered order's frame is
 * returned as an exchange for another product; the tab is in exchange mode and says the credit
 * while the customer shops (the shell's banner on a listing, the product page beside the price);
 * a frame added on the product page goes to the exchange's return step; the cart shows the credit,
 * which stays when the cart page's Gold membership is added (it used to drop the credit); the
 * order is paid (nothing to pay asks no method; a difference by card); the tab then leaves
 * exchange mode and says so, and a later "Add to cart" is an ordinary one. At phone and desktop
 * widths; nothing scrolls sideways, no page error.
 */

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
];

/** Seed products (the seed is deterministic): a full-rim frame whose lenses are chosen in the lens flow. */
const FRAME = 128001;
const FRAME_NAME = 'Rowan';

interface ApiCart {
  itemsQty: number;
  netAmountCart: number;
  items: { productId: number }[];
  totals: { discounts: { type: string; amount: number; code?: string }[] };
}

/** The page's cart as the API holds it now (same origin, the page's session). */
const cartOf = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/v2/carts', { headers: { 'x-country-code': 'in' } });
    return ((await res.json()) as { result: ApiCart }).result;
  });

/** The product page of the frame, once it shows its name. */
async function openFrame(page: Page) {
  await page.goto(`/product/${FRAME}`);
  const product = page.getByTestId('product-ProductPage');
  await expect(product.getByRole('heading', { level: 1, name: FRAME_NAME })).toBeVisible();
  return product;
}

/** The frame with single vision lenses, the first package and the power sent later: the lens flow's Add to Cart. */
async function addFrameWithLenses(page: Page) {
  const product = page.getByTestId('product-ProductPage');
  await product.getByRole('button', { name: 'Select Lenses' }).click();
  const flow = page.getByRole('dialog', { name: 'Select lenses' });
  await expect(flow.getByRole('radio', { name: /Single vision/ })).toBeChecked();
  await flow.getByRole('button', { name: 'Continue' }).click();
  await expect(flow.getByRole('group', { name: 'Choose a lens package' }).getByRole('radio').first()).toBeChecked();
  await flow.getByRole('button', { name: 'Continue' }).click();
  await flow.getByRole('radio', { name: 'Call Me/Email Me for Power' }).check();
  await flow.getByRole('button', { name: 'Add to Cart' }).click();
}

/** From the cart page: checkout, the address (filled where the form left it empty), then on to the payment page. */
async function checkoutToPayment(page: Page, buyer: Buyer) {
  await page.getByTestId('cart-checkout-CartPage').getByRole('button', { name: 'Proceed to checkout' }).click();
  await fillCheckoutAddress(page, buyer);
  const checkout = page.getByTestId('cart-checkout-CheckoutPage');
  await checkout.getByRole('button', { name: '2. Payment' }).click();
  await expect(page).toHaveURL(/\/payment$/);
}

/** The exchange credit row of the cart's totals (its amount, as the cart writes it). */
const creditRow = (page: Page) =>
  page
    .getByTestId('cart-totals')
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: /^Exchange credit$/ }) })
    .locator('dd');

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`the exchange journey at ${name} width`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 180_000 });

    test('a delivered frame exchanged for another: the credit is shown while shopping, holds with Gold, pays; the tab then leaves exchange mode and shops normally', async ({
      page,
    }) => {
      const errors = collectPageErrors(page);

      // A customer's frame, bought and delivered by the simulated courier.
      const buyer = await registerCustomer(page, 'Kavya');
      const orderId = await buyFrame(page, buyer);
      expect((await advanceOrder(page.request, orderId, 'DELIVERED')).status()).toBe(200);

      // Its return, as an exchange for another product: the credit is said before the return is made.
      await page.goto(`/sales/order/history/order-detail/${orderId}`);
      await page.getByTestId('account-OrderDetailPage').getByRole('link', { name: 'Return or exchange items' }).click();
      const returns = page.getByTestId('account-ReturnProductsPage');
      const item = returns.getByTestId('account-return-item');
      await expect(item).toContainText('Can be returned');
      await item.getByRole('button', { name: /^Return / }).click();
      const form = returns.getByRole('form', { name: /^Return / });
      await form.getByLabel('An exchange for another product').check();
      // No refund is asked for an exchange.
      await expect(form.getByRole('group', { name: 'How should we refund you?' })).toHaveCount(0);
      const offer = form.getByTestId('account-return-credit');
      await expect(offer).toHaveText(
        /^Your exchange credit: ₹[\d,.]+\. After you start the return, choose the new product: the credit pays for it first and you pay only the difference\.$/,
      );
      const credit = /₹\d[\d,]*(?:\.\d+)?/.exec((await offer.textContent())!)![0];
      expect.soft(await sideways(page), 'the return form fits the screen (no sideways scrolling)').toBeLessThanOrEqual(0);
      await form.getByRole('button', { name: 'Start return' }).click();
      await expect(returns.getByRole('status').filter({ hasText: /^Your return RG-\d+ has been requested\.$/ })).toBeVisible();

      // Exchange mode while shopping: the listing's banner says the order and the credit.
      await returns.getByRole('link', { name: 'Shop for the exchange' }).click();
      await expect(page).toHaveURL(/\/eyeglasses\.html$/);
      const banner = page.getByTestId('shell-exchange-banner');
      await expect(banner).toContainText(`You are exchanging an item of order ${orderId}. Pick the new product.`);
      await expect(banner.getByTestId('shell-exchange-credit')).toHaveText(
        `Your exchange credit: ${credit}. It pays first for what you choose; you pay only the difference.`,
      );
      // This tab opened it: no "open in another tab" question.
      await expect(page.getByTestId('shell-exchange-modal')).toHaveCount(0);
      expect.soft(await sideways(page), 'the listing with the exchange banner fits the screen (no sideways scrolling)').toBeLessThanOrEqual(0);

      // The product page says it beside the price; the frame added there goes to the exchange's return step.
      const product = await openFrame(page);
      await expect(page.getByTestId('shell-exchange-banner')).toBeVisible();
      await expect(product.getByTestId('product-exchange-credit')).toHaveText(
        `Your exchange credit of ${credit} pays for this first: you pay only the difference at the cart.`,
      );
      await addFrameWithLenses(page);
      await expect(page).toHaveURL(new RegExp(`/customer/my/order/return/${orderId}/\\d+$`));
      const step = page.getByTestId('account-ReturnStepPage');
      await step.getByRole('link', { name: 'Go to the cart to finish your exchange' }).click();

      // The cart shows the credit; Gold added from the cart page (no exchange headers) keeps it.
      const cartPage = page.getByTestId('cart-checkout-CartPage');
      await expect(cartPage.getByTestId('cart-item')).toHaveCount(1);
      await expect(creditRow(page)).toHaveText(/^−₹[\d,.]+$/);
      await expect(page.getByTestId('cart-totals')).toContainText('Difference to pay');
      await cartPage.getByRole('button', { name: 'Join Gold membership: extra savings on house-brand frames' }).click();
      await expect(cartPage.getByTestId('cart-item')).toHaveCount(2);
      await expect(creditRow(page)).toHaveText(/^−₹[\d,.]+$/);
      const withGold = await cartOf(page);
      expect(withGold.items.map((i) => i.productId)).toEqual(expect.arrayContaining([FRAME, 128269]));
      const exchangeLine = withGold.totals.discounts.find((d) => d.type === 'exchange');
      expect(exchangeLine?.amount ?? 0).toBeGreaterThan(0);
      expect.soft(await sideways(page), 'the cart with the exchange credit fits the screen (no sideways scrolling)').toBeLessThanOrEqual(0);

      // Paid: nothing to pay asks no method; a difference is paid by card.
      await checkoutToPayment(page, buyer);
      const toPay = await cartOf(page);
      expect(toPay.totals.discounts.find((d) => d.type === 'exchange')?.code).toBe(exchangeLine!.code);
      if (toPay.netAmountCart === 0) {
        const paid = page.getByRole('form', { name: 'Nothing to pay' });
        await expect(paid.getByRole('status')).toHaveText('Your order is fully paid by your exchange credit: no payment method is needed.');
        await expect(page.getByLabel('Card number')).toHaveCount(0);
        await paid.getByRole('button', { name: 'Place order' }).click();
      } else {
        await fillCard(page);
        await page.getByRole('button', { name: /^Pay ₹/ }).click();
      }
      await expect(page).toHaveURL(/\/checkout\/onepage\/success\?orderId=\d+/);
      const exchangeOrderId = Number(new URL(page.url()).searchParams.get('orderId'));
      expect(exchangeOrderId).not.toBe(orderId);

      // The tab leaves exchange mode, and says so.
      await expect(
        page.getByRole('status').filter({ hasText: 'Your exchange is complete. Anything you add to the cart now is an ordinary purchase.' }).first(),
      ).toBeVisible();
      await expect(page.getByTestId('shell-exchange-banner')).toHaveCount(0);
      await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'exchange_session' || c.name === 'exchange_credit')).toBe(false);

      // A later "Add to cart" is an ordinary one: the cart popup, not the return step, and no refusal.
      const again = await openFrame(page);
      await expect(page.getByTestId('shell-exchange-banner')).toHaveCount(0);
      await expect(again.getByTestId('product-exchange-credit')).toHaveCount(0);
      await addFrameWithLenses(page);
      await expect(page.getByTestId('cart-popup')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/product/${FRAME}$`));
      await expect(page.getByText(/This exchange was already used/)).toHaveCount(0);
      const after = await cartOf(page);
      expect(after.items.map((i) => i.productId)).toEqual([FRAME]);
      expect(after.totals.discounts.filter((d) => d.type === 'exchange')).toEqual([]);
      expect(after.netAmountCart).toBeGreaterThan(0);
      expect.soft(await sideways(page), 'the product page fits the screen (no sideways scrolling)').toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    });
  });
}
