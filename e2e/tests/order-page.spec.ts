import { expect, test, type Locator, type Page } from '@playwright/test';
import { advanceOrder } from '../support/admin';
import { registerCustomer, sideways } from '../support/customer';
import { addFrames, fillCheckoutAddress, payByCard, type Buyer } from '../support/shopper';
import { collectPageErrors } from '../support/site';
import { rupees } from '../support/money';

/**
 * Issue 42, the order page a customer can rely on: an order paid partly with the seed's store
 * credit shows the credit paid and totals that add up, and its invoice the tax lines; an order
 * paid wholly with store credit (the refund of an earlier one) shows it paid, never ₹0; a
 * shipped order shows the courier, tracking number and expected delivery date, and is bought
 * again in a click; an item cancelled from the page shows its refund before and after. At
 * phone and desktop widths, nothing scrolls sideways, no page error and nothing logged as an
 * error.
 */

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
];

/** The seed's store credit (apps/api/src/areas/cart/config.ts): anyone holding it spends from one ₹1,000, so a run takes a little. */
const STORE_CREDIT = 'CREDIT1000';
const CREDIT_USED = 100;

/** Rupees as the site writes them ("₹1,499", Indian grouping), for a whole amount. */

/** Page errors, and whatever the page logs as an error, read when asked. */
function collectErrors(page: Page): () => string[] {
  const thrown = collectPageErrors(page);
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  return () => [...thrown.map((error) => error.message), ...logged];
}

/** Nothing left to pay (store credit paid it all): the payment page asks for no method (issue 42), it says so and places the order. */
async function placeOrder(page: Page): Promise<number> {
  await page.getByTestId('cart-checkout-CheckoutPage').getByRole('button', { name: '2. Payment' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  const paid = page.getByRole('form', { name: 'Nothing to pay' });
  await expect(paid.getByRole('status')).toHaveText('Your order is fully paid by your store credit: no payment method is needed.');
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await paid.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/onepage\/success\?orderId=\d+/);
  return Number(new URL(page.url()).searchParams.get('orderId'));
}

/** From a filled cart: checkout, the address (when asked), then the payment (a card for what is left to pay); the order id. */
async function checkOut(page: Page, buyer: Buyer, pay: (page: Page, buyer: Buyer) => Promise<number> = payByCard): Promise<number> {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await fillCheckoutAddress(page, buyer);
  return pay(page, buyer);
}

/** The label: value rows of a region's totals list. */
async function rowsOf(region: Locator): Promise<Record<string, string>> {
  const rows = await region
    .locator('dl > div')
    .evaluateAll((divs) => divs.map((d) => [d.querySelector('dt')!.textContent!, d.querySelector('dd')!.textContent!]));
  return Object.fromEntries(rows);
}

/** Rupees written by the site ("₹1,499.50", "-₹250") as a number. */
const amountOf = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

async function openOrder(page: Page, orderId: number) {
  await page.goto(`/sales/order/history/order-detail/${orderId}`);
  const order = page.getByTestId('account-OrderDetailPage');
  await expect(order.getByRole('region', { name: 'Payments' })).toBeVisible();
  return order;
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`the order page at ${name} width`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 120_000 });

    test('an order paid partly with store credit shows the credit paid and totals that add up; its invoice shows the tax lines', async ({ page }) => {
      const errors = collectErrors(page);
      const buyer = await registerCustomer(page, 'Meera');
      await page.goto('/cart');
      await addFrames(page, 1);
      const applied = await page.request.post('/api/v2/carts/store-credits', {
        data: { code: STORE_CREDIT, amount: CREDIT_USED },
        headers: { 'x-country-code': 'in', 'idempotency-key': `order-page-${Date.now()}-${Math.floor(Math.random() * 1e9)}` },
      });
      expect(applied.status()).toBe(200);
      const orderId = await checkOut(page, buyer);

      const order = await openOrder(page, orderId);
      const payments = order.getByRole('region', { name: 'Payments' });
      await expect(payments.getByRole('listitem').filter({ hasText: /^Store credit: / })).toHaveText(`Store credit: ${rupees(CREDIT_USED)}, paid`);
      await expect(payments.getByRole('listitem').filter({ hasText: /^Credit card: ₹[\d,.]+, paid$/ })).toHaveCount(1);
      const card = amountOf(
        (await payments
          .getByRole('listitem')
          .filter({ hasText: /^Credit card: / })
          .textContent())!
          .split(',')
          .slice(0, -1)
          .join(','),
      );
      const totals = await rowsOf(order.getByRole('region', { name: 'Totals' }));
      // Items + shipping = the order total = what was paid, the card and the store credit together.
      expect(amountOf(totals['Items']!) + amountOf(totals['Shipping']!)).toBeCloseTo(amountOf(totals['Order total']!), 2);
      expect(amountOf(totals['Total paid']!)).toBeCloseTo(amountOf(totals['Order total']!), 2);
      expect(card + CREDIT_USED).toBeCloseTo(amountOf(totals['Total paid']!), 2);
      expect(amountOf(totals['Tax included']!)).toBeGreaterThan(0);
      // Never the "₹0" the issue saw: what the order cost and what was paid.
      for (const label of ['Order total', 'Total paid']) expect(amountOf(totals[label]!), label).toBeGreaterThan(CREDIT_USED);
      await expect(order.getByRole('region', { name: 'Refunds' })).toContainText('No refunds yet.');
      expect.soft(await sideways(page), 'the order page fits the screen (no sideways scrolling)').toBeLessThanOrEqual(0);

      await order.getByRole('link', { name: 'Invoice' }).click();
      const invoice = page.getByTestId('account-OrderInvoicePage');
      await expect(invoice.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible();
      await expect(
        invoice
          .getByRole('region', { name: `Tax invoice for order ${orderId}` })
          .getByRole('table', { name: 'Items' })
          .getByRole('row'),
      ).toHaveCount(2);
      const taxes = await rowsOf(invoice.getByRole('region', { name: 'Taxes included' }));
      expect(Object.keys(taxes)).toEqual(['CGST 9% (included)', 'SGST 9% (included)', 'Total tax']);
      expect(amountOf(taxes['CGST 9% (included)']!) + amountOf(taxes['SGST 9% (included)']!)).toBeCloseTo(amountOf(taxes['Total tax']!), 2);
      expect(amountOf(taxes['Total tax']!)).toBeCloseTo(amountOf(totals['Tax included']!), 2);
      await expect(invoice.getByRole('button', { name: 'Print' })).toBeVisible();
      expect.soft(await sideways(page), 'the invoice fits the screen (no sideways scrolling)').toBeLessThanOrEqual(0);
      await invoice.getByRole('link', { name: 'Back to the order' }).click();
      await expect(page.getByTestId('account-OrderDetailPage').getByRole('region', { name: 'Payments' })).toBeVisible();
      expect(errors()).toEqual([]);
    });

    test('an order paid wholly with store credit (a refund of an earlier one) shows the credit paid and what it cost, never ₹0', async ({ page }) => {
      const errors = collectErrors(page);
      const buyer = await registerCustomer(page, 'Ishaan');
      await page.goto('/cart');
      await addFrames(page, 1);
      const first = await checkOut(page, buyer);
      // The first order's frame cancelled, its refund chosen as store credit.
      const order = await openOrder(page, first);
      const item = order.getByTestId('account-order-item');
      const itemName = (await item.getByRole('heading', { level: 3 }).textContent())!;
      await item.getByRole('button', { name: `Cancel ${itemName}` }).click();
      const form = item.getByRole('form', { name: `Cancel ${itemName}` });
      await form.getByRole('radio', { name: /store credit/i }).check();
      const refund = form.getByRole('region', { name: 'Your refund' });
      await expect(refund.getByRole('listitem')).toHaveText([/^₹[\d,.]+ to store credit$/]);
      const credit = amountOf((await refund.getByText(/^Refund: /).textContent())!);
      await form.getByRole('button', { name: 'Confirm cancellation' }).click();
      await expect(order.getByRole('region', { name: 'Refunds' }).getByRole('listitem')).toHaveText([
        `Refund for ${itemName} (cancelled): ${rupees(credit)} to store credit, refunded`,
      ]);

      // The store credit's code, spent on the same frame again: nothing left to pay.
      await page.goto('/customer/account/storecredit/');
      const code = /^(SC[0-9A-F]+): /.exec((await page.getByText(/^SC[0-9A-F]+: ₹/).textContent())!)![1]!;
      await page.goto('/cart');
      await addFrames(page, 1);
      await page.reload();
      const codeForm = page.locator('form').filter({ has: page.getByLabel('Store credit code') });
      await codeForm.getByLabel('Store credit code').fill(code);
      await codeForm.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText(`Store credit: −${rupees(credit)}`)).toBeVisible();
      const second = await checkOut(page, buyer, placeOrder);

      const paid = await openOrder(page, second);
      await expect(paid.getByRole('region', { name: 'Payments' }).getByRole('listitem')).toHaveText([`Store credit: ${rupees(credit)}, paid`]);
      const totals = await rowsOf(paid.getByRole('region', { name: 'Totals' }));
      expect(amountOf(totals['Order total']!)).toBeCloseTo(credit, 2);
      expect(amountOf(totals['Total paid']!)).toBeCloseTo(credit, 2);
      expect(amountOf(totals['Tax included']!)).toBeGreaterThan(0);
      expect.soft(await sideways(page), 'the order page fits the screen (no sideways scrolling)').toBeLessThanOrEqual(0);
      expect(errors()).toEqual([]);
    });

    test('a shipped order shows the courier, its tracking number and the expected delivery date, and is bought again in a click', async ({ page }) => {
      const errors = collectErrors(page);
      const buyer = await registerCustomer(page, 'Kabir');
      await page.goto('/cart');
      await addFrames(page, 1);
      const orderId = await checkOut(page, buyer);
      let order = await openOrder(page, orderId);
      const delivery = () => order.getByRole('region', { name: 'Delivery' });
      await expect(delivery().getByText(/^Expected delivery: \d{1,2} [A-Z][a-z]{2,3} \d{4}$/)).toBeVisible();
      await expect(delivery().getByText('Not shipped yet')).toBeVisible();

      expect((await advanceOrder(page.request, orderId, 'SHIPPED')).status()).toBe(200);
      order = await openOrder(page, orderId);
      await expect(delivery().getByText('Courier: Eyewear Express')).toBeVisible();
      await expect(delivery().getByText(`Tracking number: EX${String(orderId).padStart(9, '0')}IN`)).toBeVisible();
      await expect(delivery().getByText(/^Expected delivery: \d{1,2} [A-Z][a-z]{2,3} \d{4}$/)).toBeVisible();
      await expect(delivery().getByText(/^Shipped on /)).toBeVisible();
      await expect(order.getByRole('link', { name: 'Help with this order' })).toHaveAttribute('href', `/support?orderId=${orderId}`);
      expect.soft(await sideways(page), 'the order page fits the screen (no sideways scrolling)').toBeLessThanOrEqual(0);

      // Buy it again: the order's frame is in the cart, and the cart page shows it.
      await order.getByRole('button', { name: 'Buy it again' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByTestId('cart-item')).toHaveCount(1);
      expect(errors()).toEqual([]);
    });

    test('an item cancelled from the page shows its refund, and where it goes, before and after', async ({ page }) => {
      const errors = collectErrors(page);
      const buyer = await registerCustomer(page, 'Tara');
      await page.goto('/cart');
      await addFrames(page, 2);
      const orderId = await checkOut(page, buyer);
      const order = await openOrder(page, orderId);
      const items = order.getByTestId('account-order-item');
      await expect(items).toHaveCount(2);
      const first = items.first();
      const itemName = (await first.getByRole('heading', { level: 3 }).textContent())!;

      await first.getByRole('button', { name: `Cancel ${itemName}` }).click();
      const form = first.getByRole('form', { name: `Cancel ${itemName}` });
      const refund = form.getByRole('region', { name: 'Your refund' });
      await expect(refund.getByText(/^Refund: ₹[\d,.]+$/)).toBeVisible();
      const before = amountOf((await refund.getByText(/^Refund: /).textContent())!);
      expect(before).toBeGreaterThan(0);
      await expect(refund.getByRole('listitem')).toHaveText([`${rupees(before)} to the original payment method`]);
      // Chosen as store credit, the preview says so before anything is done.
      await form.getByRole('radio', { name: /store credit/i }).check();
      await expect(refund.getByRole('listitem')).toHaveText([`${rupees(before)} to store credit`]);
      await form.getByRole('radio', { name: /original payment method/i }).check();
      await expect(refund.getByRole('listitem')).toHaveText([`${rupees(before)} to the original payment method`]);
      expect.soft(await sideways(page), 'the cancel form fits the screen (no sideways scrolling)').toBeLessThanOrEqual(0);
      await form.getByRole('button', { name: 'Confirm cancellation' }).click();

      await expect(order.getByRole('status').filter({ hasText: `Your order has been cancelled. Refund: ${rupees(before)}.` })).toBeVisible();
      await expect(items.first().getByText(/ · Cancelled$/)).toBeVisible();
      await expect(order.getByRole('region', { name: 'Refunds' }).getByRole('listitem')).toHaveText([
        `Refund for ${itemName} (cancelled): ${rupees(before)} to the original payment method, on its way`,
      ]);
      const totals = await rowsOf(order.getByRole('region', { name: 'Totals' }));
      expect(amountOf(totals['Refunded']!)).toBeCloseTo(-before, 2);
      expect(amountOf(totals['Total paid']!) - before).toBeCloseTo(amountOf(totals['Net paid']!), 2);
      // The other item can still be cancelled; the cancelled one cannot.
      await expect(items.first().getByRole('button', { name: /^Cancel / })).toHaveCount(0);
      await expect(items.nth(1).getByRole('button', { name: /^Cancel / })).toHaveCount(1);
      expect.soft(await sideways(page), 'the order page fits the screen (no sideways scrolling)').toBeLessThanOrEqual(0);
      expect(errors()).toEqual([]);
    });
  });
}
