import { expect, type Page } from '@playwright/test';
import { untilRunning } from './site';

/** Who buys in a journey (the address form fills the fields the session did not). */
export interface Buyer {
  firstName: string;
  lastName: string;
  email: string;
}

const ASHA: Buyer = { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com' };

/**
 * Adds `count` different in-stock frames through the cart API from the page (same origin, the
 * page's session); their product ids. Waits for the page to run and hold its session first: a
 * server-rendered cart shows before its scripts run, and a call made before the shell's first
 * one would start a second session.
 */
export async function addFrames(page: Page, count: number): Promise<number[]> {
  await untilRunning(page);
  const added = await page.evaluate(async (wanted) => {
    const ids: number[] = [];
    // Not Rowan (128001): the product, exchange and phone journeys open it by name and buy it,
    // and a suite of orders taking its last units would leave it sold out for them.
    for (let id = 128002; id < 128300 && ids.length < wanted; id++) {
      const res = await fetch('/api/v2/carts/items', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-country-code': 'in' },
        body: JSON.stringify({ productId: id }),
      });
      if (!res.ok) continue;
      const cart = (await res.json()) as { result: { items: Array<{ id: number; productId: number; classification: string; availableQuantity?: number }> } };
      const item = cart.result.items.find((i) => i.productId === id)!;
      if (item.classification === 'eyeframe' && (item.availableQuantity ?? 0) > 3) ids.push(id);
      else await fetch(`/api/v2/carts/items/${item.id}`, { method: 'DELETE', headers: { 'x-country-code': 'in' } });
    }
    return ids;
  }, count);
  expect(added).toHaveLength(count);
  return added;
}

/** Adds one in-stock frame (addFrames); its product id. */
export async function addFrame(page: Page): Promise<number> {
  return (await addFrames(page, 1))[0]!;
}

/** Checkout through the cart remote's pages: address, card payment, success. Returns the order id. */
export async function buyFrame(page: Page, buyer: Buyer = ASHA): Promise<number> {
  await page.goto('/cart');
  await untilRunning(page);
  await addFrame(page);
  return checkoutTheCart(page, buyer);
}

/**
 * From the cart page holding one item: reloaded (the server's cart), Proceed to checkout, the
 * delivery address (when the page asks for it), card payment, the success page. Returns the order id.
 */
export async function checkoutTheCart(page: Page, buyer: Buyer = ASHA): Promise<number> {
  await page.reload();
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await fillCheckoutAddress(page, buyer);
  return payByCard(page, buyer);
}

/**
 * On checkout's address step: the delivery address (a Bengaluru one), each field the form left
 * empty (a signed-in customer's contact fills some), saved; done when the summary shows it.
 */
export async function fillCheckoutAddress(page: Page, buyer: Buyer = ASHA): Promise<void> {
  const checkout = page.getByTestId('cart-checkout-CheckoutPage');
  const form = checkout.getByRole('form', { name: '1. Delivery address' });
  const saved = checkout.getByTestId('checkout-address');
  await expect(form.or(saved).first()).toBeVisible();
  if (await form.isVisible()) {
    for (const [label, value] of [
      ['First name', buyer.firstName],
      ['Last name', buyer.lastName],
      ['Email', buyer.email],
      ['Mobile number', '9876543210'],
      ['Address line 1', '12 MG Road'],
      ['City', 'Bengaluru'],
      ['State', 'Karnataka'],
      ['Pincode', '560001'],
    ] as const) {
      const field = form.getByLabel(label, { exact: true });
      if ((await field.count()) > 0 && !(await field.inputValue())) await field.fill(value);
    }
    await form.getByRole('button', { name: 'Save and continue' }).click();
  }
  await expect(saved).toContainText('560001');
}

/** From checkout's address summary: '2. Payment', a test card, Pay, the success page. Returns the order id. */
export async function payByCard(page: Page, buyer: Buyer = ASHA): Promise<number> {
  await page.getByTestId('cart-checkout-CheckoutPage').getByRole('button', { name: '2. Payment' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByLabel('Credit card').check();
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Name on card').fill(`${buyer.firstName} ${buyer.lastName}`);
  await page.getByLabel('Expiry month').selectOption('12');
  await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 3));
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/checkout\/onepage\/success\?orderId=\d+/);
  return Number(new URL(page.url()).searchParams.get('orderId'));
}

/**
 * On checkout (`/checkout/onepage`): a guest's details, then the delivery address (each only when
 * the page asks for it), then '2. Payment': the journey is on the payment page.
 */
export async function guestCheckoutToPayment(page: Page): Promise<void> {
  const checkout = page.getByTestId('cart-checkout-CheckoutPage');
  const guestEmail = checkout.getByLabel('Email');
  const form = checkout.getByRole('form', { name: '1. Delivery address' });
  const address = checkout.getByTestId('checkout-address');
  await expect(guestEmail.or(form).or(address).first()).toBeVisible();
  if (await checkout.getByRole('button', { name: 'Sign in' }).isVisible()) {
    await guestEmail.fill('asha@example.com');
    await checkout.getByLabel('Mobile number').fill('9876543210');
    await checkout.getByRole('button', { name: 'Save and continue' }).click();
    await expect(form).toBeVisible();
  }
  if (await form.isVisible()) {
    await form.getByLabel('First name').fill('Asha');
    await form.getByLabel('Last name').fill('Rao');
    await form.getByLabel('Address line 1').fill('12 MG Road');
    await form.getByLabel('City').fill('Bengaluru');
    await form.getByLabel('State', { exact: true }).fill('Karnataka');
    await form.getByLabel('Pincode').fill('560001');
    await form.getByRole('button', { name: 'Save and continue' }).click();
  }
  await expect(address).toContainText('Bengaluru 560001');
  await checkout.getByRole('button', { name: '2. Payment' }).click();
  await expect(page).toHaveURL(/\/payment$/);
}

/** On the payment page: a credit card (Visa that pays at once unless another number is given). */
export async function fillCard(page: Page, number = '4111 1111 1111 1111'): Promise<void> {
  await page.getByLabel('Credit card').check();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Name on card').fill('Asha Rao');
  await page.getByLabel('Expiry month').selectOption('12');
  await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 3));
  await page.getByLabel('CVV').fill('123');
}
