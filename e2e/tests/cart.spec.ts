import { expect, test, type Page } from '@playwright/test';
import { fillCard, guestCheckoutToPayment } from '../support/shopper';
import { collectPageErrors, untilRunning } from '../support/site';

/** Adds in-stock frames through the cart API from the page (same origin, the page's session, once it holds one). */
async function addFrames(page: Page, count: number): Promise<number[]> {
  await untilRunning(page);
  return page.evaluate(async (wanted) => {
    const added: number[] = [];
    for (let id = 128001; added.length < wanted && id < 128200; id++) {
      const res = await fetch('/api/v2/carts/items', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-country-code': 'in' },
        body: JSON.stringify({ productId: id }),
      });
      if (!res.ok) continue;
      const cart = (await res.json()) as { result: { items: Array<{ id: number; productId: number; classification: string; availableQuantity?: number }> } };
      const item = cart.result.items.find((i) => i.productId === id)!;
      // Frames with stock to spare only; anything else goes back out.
      if (item.classification === 'eyeframe' && (item.availableQuantity ?? 0) > 3) added.push(id);
      else await fetch(`/api/v2/carts/items/${item.id}`, { method: 'DELETE', headers: { 'x-country-code': 'in' } });
    }
    return added;
  }, count);
}

async function openCartWithFrames(page: Page, count: number) {
  await page.goto('/cart');
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  const ids = await addFrames(page, count);
  expect(ids).toHaveLength(count);
  await page.reload();
  await expect(page.getByTestId('cart-item')).toHaveCount(count);
}

async function checkoutWithAddress(page: Page) {
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/onepage\/?$/);
  await guestCheckoutToPayment(page);
}

test.describe('cart and checkout', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a guest adds two frames, applies a voucher, pays by card, then by UPI after pending, and sees the success page', async ({ page }) => {
    const errors = collectPageErrors(page);
    await openCartWithFrames(page, 2);
    const net = page.getByTestId('cart-net');
    const before = await net.textContent();
    await page.getByLabel('Gift voucher code').fill('GIFT500');
    await page.getByRole('button', { name: 'Apply' }).first().click();
    await expect(page.getByText(/Voucher GIFT500 applied/)).toBeVisible();
    await expect(net).not.toHaveText(before ?? '');

    await checkoutWithAddress(page);
    await fillCard(page, '4111 1111 1111 1111');
    await expect(page.getByTestId('card-type')).toHaveText('Card: visa');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/checkout\/onepage\/success\?orderId=\d+/);
    const success = page.getByTestId('cart-checkout-OrderSuccessPage');
    await expect(success.getByTestId('order-number')).toHaveText(/\d+/);
    await expect(success.getByText('Credit card')).toBeVisible();
    await expect(success.getByText(/Gift voucher/)).toBeVisible();

    // Second order: UPI, pending while polled, then paid.
    await openCartWithFrames(page, 1);
    await checkoutWithAddress(page);
    await page.getByRole('radio', { name: /^UPI/ }).check();
    await page.getByLabel('UPI id').fill('success@upi');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByTestId('upi-waiting')).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/onepage\/success\?orderId=\d+/, { timeout: 20_000 });
    await expect(page.getByTestId('cart-checkout-OrderSuccessPage').getByText('UPI')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a failing card shows the error and keeps the cart', async ({ page }) => {
    await openCartWithFrames(page, 1);
    await checkoutWithAddress(page);
    await fillCard(page, '4000000000000002');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByTestId('payment-error')).toHaveText('Your card was declined by the bank. Please try another card.');
    await expect(page).toHaveURL(/\/payment$/);
    await page.goto('/cart');
    await expect(page.getByTestId('cart-item')).toHaveCount(1);
  });

  test('a double-clicked Pay creates one order', async ({ page }) => {
    await openCartWithFrames(page, 1);
    await checkoutWithAddress(page);
    const keys: string[] = [];
    const orders: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v2/orders/payment')) keys.push(request.headers()['idempotency-key'] ?? '');
    });
    page.on('response', async (response) => {
      if (response.request().method() === 'POST' && response.url().endsWith('/api/v2/orders/payment') && response.ok()) {
        orders.push(((await response.json()) as { result: { order: { id: number } } }).result.order.id);
      }
    });
    await fillCard(page, '4111111111111111');
    await page.getByRole('button', { name: /^Pay / }).dblclick();
    await expect(page).toHaveURL(/\/checkout\/onepage\/success\?orderId=\d+/);
    const shown = Number(await page.getByTestId('order-number').textContent());
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(new Set(keys).size).toBe(1);
    expect(new Set(orders)).toEqual(new Set([shown]));
    // The cart is empty: a second order could not have been made from it.
    await page.goto('/cart');
    await expect(page.getByTestId('cart-empty')).toBeVisible();
  });

  test('the header cart opens the popup with the count; checkout leads to /checkout/onepage/', async ({ page }) => {
    await openCartWithFrames(page, 2);
    await page.goto('/eyeglasses.html');
    await page.getByRole('link', { name: /^Cart, 2 items/ }).click();
    const popup = page.getByRole('dialog', { name: 'Shopping cart (2)' });
    await expect(popup).toBeVisible();
    await expect(popup.getByTestId('cart-item')).toHaveCount(2);
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await page.getByRole('link', { name: /^Cart, 2 items/ }).click();
    await page.getByRole('dialog', { name: 'Shopping cart (2)' }).getByRole('button', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\/onepage\/$/);
    await expect(page.getByTestId('cart-checkout-CheckoutPage')).toBeVisible();
  });

  test("a cart the store no longer knows (401) opens as an empty cart, not as a failure (the remote reads the shell's client's errors)", async ({ page }) => {
    await page.goto('/eyeglasses.html');
    await untilRunning(page);
    await page.route('**/api/v2/carts', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Your session has expired. Please sign in again.' }) })
        : route.continue(),
    );
    await page.getByRole('link', { name: /^Cart, / }).click();
    const popup = page.getByRole('dialog', { name: /^Shopping cart/ });
    await expect(popup.getByTestId('cart-empty')).toBeVisible();
    await expect(popup.getByRole('alert')).toHaveCount(0);
  });
});
