import { expect, test, type APIRequestContext } from '@playwright/test';
import { advanceOrder, readOutbox, type OutboxMessage } from '../support/admin';
import { registerCustomer } from '../support/customer';
import { buyFrame } from '../support/shopper';
import { collectPageErrors } from '../support/site';
import { rupees } from '../support/money';

/**
 * Issue 38, "customers told what happens to their orders": a customer places an order, and the
 * order, dispatch and delivery messages reach the outbox (through the job queue's worker) with
 * the right items and amounts, by e-mail (HTML and text) and SMS; a cancelled item's message
 * names its refund and where it goes. Each message arrives once.
 */

const HEADERS = { 'x-country-code': 'in' };
const MOBILE = '+91 9876543210';

interface OrderView {
  amount: { total: number };
  items: { name: string; quantity?: number }[];
}

async function orderOf(request: APIRequestContext, orderId: number): Promise<OrderView> {
  return (await (await request.get(`/api/v2/orders/${orderId}`, { headers: HEADERS })).json()).result as OrderView;
}

/** The messages to `to` about order `orderId` whose subject (e-mail) or text (SMS) matches, once the worker sent them. */
async function messagesAbout(request: APIRequestContext, to: string, orderId: number, what: RegExp, channel: 'email' | 'sms'): Promise<OutboxMessage[]> {
  let found: OutboxMessage[] = [];
  await expect
    .poll(
      async () => {
        found = (await readOutbox(request, to, channel)).filter(
          (m) => `${m.subject ?? ''} ${m.body}`.includes(`#${orderId}`) && what.test(m.subject ?? m.body),
        );
        return found.length;
      },
      { timeout: 20_000, message: `a ${channel} to ${to} about order #${orderId} matching ${what}` },
    )
    .toBeGreaterThan(0);
  return found;
}

test('a customer is told the order is placed, dispatched and delivered, with its items and amounts, once each', async ({ page }) => {
  const errors = collectPageErrors(page);
  const buyer = await registerCustomer(page, 'Nisha');
  const orderId = await buyFrame(page, buyer);
  const order = await orderOf(page.request, orderId);
  const total = rupees(order.amount.total);
  const names = order.items.map((item) => item.name);
  expect(names.length).toBeGreaterThan(0);

  const [placed] = await messagesAbout(page.request, buyer.email, orderId, /is placed/, 'email');
  expect(placed!.subject).toContain(total);
  for (const name of names) expect(placed!.body).toContain(name);
  expect(placed!.body).toContain(total);
  expect(placed!.body).toMatch(/Credit card/);
  expect(placed!.html).toContain(names[0]!);
  const [sms] = await messagesAbout(page.request, MOBILE, orderId, /placed/i, 'sms');
  expect(sms!.body.length).toBeLessThanOrEqual(160);

  expect((await advanceOrder(page.request, orderId, 'SHIPPED')).status()).toBe(200);
  const [dispatched] = await messagesAbout(page.request, buyer.email, orderId, /on its way/, 'email');
  expect(dispatched!.body).toMatch(new RegExp(`EX0*${orderId}IN`));
  for (const name of names) expect(dispatched!.body).toContain(name);

  expect((await advanceOrder(page.request, orderId, 'DELIVERED')).status()).toBe(200);
  const [delivered] = await messagesAbout(page.request, buyer.email, orderId, /delivered/, 'email');
  for (const name of names) expect(delivered!.body).toContain(name);

  // Each once: the confirmation was not sent again by the moves that followed.
  expect(await messagesAbout(page.request, buyer.email, orderId, /is placed/, 'email')).toHaveLength(1);
  expect(errors).toEqual([]);
});

test("a cancelled item's message names its refund and where it goes", async ({ page }) => {
  const errors = collectPageErrors(page);
  const buyer = await registerCustomer(page, 'Farah');
  const orderId = await buyFrame(page, buyer);
  const paid = (await orderOf(page.request, orderId)).amount.total;

  await page.goto(`/sales/order/history/order-detail/${orderId}`);
  const detail = page.getByTestId('account-OrderDetailPage');
  await detail.getByRole('button', { name: 'Cancel order' }).click();
  await detail.getByRole('button', { name: 'Confirm cancellation' }).dblclick();
  await expect(detail.getByRole('status').filter({ hasText: 'Your order has been cancelled.' })).toHaveCount(1);

  const [cancelled] = await messagesAbout(page.request, buyer.email, orderId, /cancelled/, 'email');
  expect(cancelled!.subject).toContain(rupees(paid));
  expect(cancelled!.body).toContain(rupees(paid));
  expect(cancelled!.body).toMatch(/original payment/i);
  // A double click cancels once, and tells once.
  expect(await messagesAbout(page.request, buyer.email, orderId, /cancelled/, 'email')).toHaveLength(1);
  expect(errors).toEqual([]);
});
