import { expect, test, type Page } from '@playwright/test';
import { addFrame, guestCheckoutToPayment } from '../support/shopper';
import { collectPageErrors } from '../support/site';

/**
 * Issue 20, cart-checkout: the QR screen draws a code, a declined or abandoned payment lands on
 * the order's retry page with its real amount, no debug text, the payment page shows what is paid
 * for and why Pay cannot be pressed, a guest's details survive a reload. At phone and desktop width.
 */

/** A guest with one frame in the cart, through the guest step and the address, on the payment page. */
async function toPayment(page: Page) {
  await page.goto('/cart');
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await addFrame(page);
  await page.goto('/checkout/onepage/');
  await guestCheckoutToPayment(page);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test.describe(`checkout finish at ${viewport.width}px`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 90_000 });

    test('the payment page shows the items and the address, says why Pay is disabled, and no debug text', async ({ page }) => {
      const errors = collectPageErrors(page);
      await toPayment(page);
      const payment = page.getByTestId('cart-checkout-PaymentPage');
      await expect(payment).not.toContainText('Mode:');
      const summary = payment.getByRole('region', { name: 'What you are paying for' });
      await expect(summary).toContainText('× 1');
      await expect(summary.getByTestId('pay-address')).toContainText('Deliver to Asha Rao, Bengaluru 560001');
      const pay = payment.getByRole('button', { name: /^Pay ₹[1-9]/ });
      await expect(pay).toBeDisabled();
      await expect(payment.getByText('Choose a payment method to pay.')).toBeVisible();
      await payment.getByRole('radio', { name: /^UPI/ }).check();
      await expect(pay).toBeEnabled();
      expect(errors).toEqual([]);
    });

    test('the QR screen draws a code named with the amount, with the UPI link for phones, then the order is paid', async ({ page }) => {
      const errors = collectPageErrors(page);
      await toPayment(page);
      await page.getByRole('radio', { name: /^Pay by QR code/ }).check();
      await page.getByRole('button', { name: /^Pay ₹/ }).click();
      await expect(page).toHaveURL(/\/checkout\/payment\/qr\/\d+$/);
      const status = page.getByTestId('cart-checkout-PaymentStatusPage');
      await expect(status.getByRole('img', { name: /^QR code to pay ₹[1-9][\d,]*(\.\d\d)? with any UPI app$/ })).toBeVisible();
      await expect(status.getByRole('link', { name: 'Paying on this phone? Open your UPI app' })).toHaveAttribute('href', /^upi:\/\//);
      await expect(status).not.toContainText('upi://');
      await expect(page).toHaveURL(/\/checkout\/onepage\/success\?orderId=\d+/, { timeout: 20_000 });
      expect(errors).toEqual([]);
    });

    test('a declined UPI payment lands on the retry page with the order amount, and paying again succeeds', async ({ page }) => {
      const errors = collectPageErrors(page);
      await toPayment(page);
      await page.getByRole('radio', { name: /^UPI/ }).check();
      // The UPI offer re-prices the cart first: the amount to compare is the one after it.
      await expect(page.getByTestId('offer-applied')).toBeVisible();
      await page.getByLabel('UPI id').fill('failure@upi');
      const pay = page.getByRole('button', { name: /^Pay ₹/ });
      await expect(pay).toBeEnabled();
      const amount = (await pay.textContent())!.replace(/^Pay /, '');
      await pay.click();
      await expect(page.getByTestId('upi-waiting')).toBeVisible();
      await expect(page).toHaveURL(/\/checkout\/onepage\/retrypayment\?orderId=\d+$/, { timeout: 20_000 });
      const retry = page.getByTestId('cart-checkout-PaymentPage');
      await expect(retry.getByTestId('retry-amount')).toHaveText(`Amount to pay: ${amount}`);
      await expect(retry.getByRole('button', { name: `Pay ${amount}` })).toBeVisible();
      await expect(retry.getByRole('button', { name: 'Pay ₹0' })).toHaveCount(0);
      // A reload keeps the retry: the amount comes from the order, not the (empty) cart.
      await page.reload();
      await expect(retry.getByTestId('retry-amount')).toHaveText(`Amount to pay: ${amount}`);
      await retry.getByRole('radio', { name: /^UPI/ }).check();
      await retry.getByLabel('UPI id').fill('success@upi');
      await retry.getByRole('button', { name: `Pay ${amount}` }).click();
      await expect(page).toHaveURL(/\/checkout\/onepage\/success\?orderId=\d+/, { timeout: 20_000 });
      expect(errors).toEqual([]);
    });

    test('the UPI offer beside the method re-prices the total, and the order charges exactly that', async ({ page }) => {
      const errors = collectPageErrors(page);
      await toPayment(page);
      const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
      const pay = page.getByRole('button', { name: /^Pay ₹/ });
      const before = rupees(await pay.textContent());
      await page.getByRole('radio', { name: /^UPI/ }).check();
      await expect(page.getByTestId('offer-applied')).toContainText('Offer applied');
      await expect(page.getByRole('region', { name: 'Order total' })).toContainText('Payment offer');
      await expect(pay).toBeEnabled();
      const offered = rupees(await pay.textContent());
      expect(offered).toBeLessThan(before);
      // Another method takes the offer away again; back to UPI brings it back.
      await page.getByRole('radio', { name: 'Net banking' }).check();
      await expect(page.getByRole('button', { name: /^Pay ₹/ })).toHaveText(new RegExp(`${before.toLocaleString('en-IN')}`));
      await page.getByRole('radio', { name: /^UPI/ }).check();
      await expect(page.getByTestId('offer-applied')).toBeVisible();
      await expect(pay).toBeEnabled();
      expect(rupees(await pay.textContent())).toBe(offered);
      await page.getByLabel('UPI id').fill('success@upi');
      await pay.click();
      await expect(page).toHaveURL(/\/checkout\/onepage\/success\?orderId=\d+/, { timeout: 20_000 });
      const orderId = new URL(page.url()).searchParams.get('orderId');
      const order = (await (await page.request.get(`/api/v2/checkout/orders/${orderId}`, { headers: { 'x-country-code': 'in' } })).json()).result;
      expect(order.amount.total).toBe(offered);
      expect(errors).toEqual([]);
    });

    test('a shopper who gives up waiting for the UPI request can choose another method for the same order', async ({ page }) => {
      await toPayment(page);
      await page.getByRole('radio', { name: /^UPI/ }).check();
      await expect(page.getByTestId('offer-applied')).toBeVisible();
      await page.getByLabel('UPI id').fill('pending@upi');
      await page.getByRole('button', { name: /^Pay ₹/ }).click();
      await page.getByRole('link', { name: 'Cancel and choose another payment method' }).click();
      await expect(page).toHaveURL(/\/checkout\/onepage\/retrypayment\?orderId=\d+$/);
      await expect(page.getByTestId('retry-amount')).toHaveText(/^Amount to pay: ₹[1-9][\d,]*(\.\d\d)?$/);
      await expect(page.getByRole('button', { name: /^Pay ₹[1-9]/ })).toBeVisible();
    });

    test("a guest's e-mail and mobile survive a reload of checkout", async ({ page }) => {
      await page.goto('/cart');
      await addFrame(page);
      await page.goto('/checkout/onepage/');
      const checkout = page.getByTestId('cart-checkout-CheckoutPage');
      await expect(checkout).not.toContainText('Mode:');
      await checkout.getByLabel('Email').fill('asha@example.com');
      await checkout.getByLabel('Mobile number').fill('9876543210');
      await checkout.getByRole('button', { name: 'Save and continue' }).click();
      await expect(checkout.getByRole('form', { name: '1. Delivery address' })).toBeVisible();
      await page.reload();
      await expect(checkout.getByLabel('Email')).toHaveValue('asha@example.com');
      await expect(checkout.getByLabel('Mobile number')).toHaveValue('9876543210');
    });
  });
}
