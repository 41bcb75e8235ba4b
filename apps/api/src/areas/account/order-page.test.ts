import { orderDetailSchema, type OrderDetail } from '@eyewear/api-client';
import { createTestApi, type TestApi } from '../../testing/api';
import { ADDRESS, client, customerSession, pickProducts } from '../cart/test-helpers';
import { SIMULATED_COURIER_NAME, simulatedTrackingNumber } from './courier/simulated-courier';
import { advanceOrder, call, placeOrder } from './testing';

/**
 * Issue 42, the order page a customer can rely on: the detail answers every payment (store
 * credit with its amount, lens upgrades paid later) and every refund from the ledger, with
 * totals that add up; the courier, tracking number and dates once the parcel has moved; and
 * what a cancel would refund, and where, before it is confirmed. On a real PGlite database.
 */
let api: TestApi;
let p: Awaited<ReturnType<typeof pickProducts>>;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
  p = await pickProducts(api.db);
});
afterAll(() => api.close());

const CARD = { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' };
let keys = 0;
const key = () => `order-page-${Date.now()}-${++keys}`;
const cents = (v: number) => Math.round(v * 100);
const sum = (values: number[]) => values.reduce((s, v) => s + cents(v), 0);

/** A customer with a frame in the cart, an address, and (maybe) store credit applied. */
async function shopper(storeCredit?: { balance: number; amount?: number }) {
  const { cookie, customerId } = await customerSession(api.app, api.db);
  const c = client(api.app, cookie);
  expect((await c.post('/v2/carts/items', { productId: p.otherFrame.id })).status).toBe(200);
  expect((await c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
  if (storeCredit) {
    const code = `OPSC${Date.now() % 1_000_000}${++keys}`;
    await api.db.query(`insert into store_credits (code, customer_id, currency, balance, expires_at) values ($1, $2, 'INR', $3, now() + interval '1 year')`, [
      code,
      customerId,
      storeCredit.balance,
    ]);
    const applied = await c.post('/v2/carts/store-credits', { code, ...(storeCredit.amount ? { amount: storeCredit.amount } : {}) });
    expect(applied.status).toBe(200);
  }
  return { c, cookie, customerId };
}

async function pay(c: ReturnType<typeof client>, body: Record<string, unknown>) {
  const paid = await c.post('/v2/orders/payment', body, { 'idempotency-key': key() });
  expect(paid.status).toBe(200);
  return paid.body.result.order.id as number;
}

async function detail(cookie: string, orderId: number): Promise<OrderDetail> {
  const answer = await call(api.app, cookie, 'GET', `/v2/orders/${orderId}`);
  expect(answer.statusCode).toBe(200);
  return orderDetailSchema.parse(answer.json().result);
}

/** The totals of an order's money add up, whatever paid for it. */
function expectAddsUp(order: OrderDetail) {
  const m = order.money!;
  expect(cents(m.itemsTotal) - sum(m.discounts.map((d) => d.amount)) + cents(m.shipping)).toBe(cents(m.orderValue));
  expect(cents(m.orderValue) + cents(m.lensUpgrades)).toBe(cents(m.charged));
  expect(sum(m.payments.filter((x) => x.status === 'SUCCESS').map((x) => x.amount))).toBe(cents(m.paid));
  expect(cents(m.paid) - cents(m.refunded)).toBe(cents(m.net));
  expect(sum(m.taxLines.map((t) => t.amount))).toBe(cents(m.taxIncluded));
}

describe('the money of an order page', () => {
  it('shows an order paid wholly by store credit as paid by it, with its value and the tax in it (never ₹0)', async () => {
    const s = await shopper({ balance: 100_000 });
    const orderId = await pay(s.c, { paymentMethod: 'sc' });
    const order = await detail(s.cookie, orderId);
    const m = order.money!;
    expect(order.amount.total).toBe(0);
    expect(m.payments).toEqual([expect.objectContaining({ kind: 'storecredit', amount: p.otherFrame.selling_price, status: 'SUCCESS' })]);
    expect(m.orderValue).toBe(p.otherFrame.selling_price);
    expect(m.paid).toBe(m.charged);
    expect(m.taxIncluded).toBeGreaterThan(0);
    // India's GST 18 %, CGST and SGST halves of the tax included in the value of the goods.
    expect(m.taxLines.map((t) => [t.name, t.ratePercent])).toEqual([
      ['CGST', 9],
      ['SGST', 9],
    ]);
    expect(cents(m.taxIncluded)).toBe(Math.round((cents(m.orderValue - m.shipping) * 18) / 118));
    expectAddsUp(order);
    // Tracked from its e-mail link, and in the order list: what it cost, not ₹0.
    const tracked = await call(api.app, '', 'GET', `/v2/orders/${orderId}/tracking?email=${encodeURIComponent(ADDRESS.email)}`);
    expect(tracked.json().result.total).toBe(p.otherFrame.selling_price);
  });

  it('shows a part paid by store credit and the rest by card as two payments adding up to the order', async () => {
    const s = await shopper({ balance: 1000, amount: 300 });
    const orderId = await pay(s.c, { paymentMethod: 'cc', card: CARD });
    const m = (await detail(s.cookie, orderId)).money!;
    expect(m.payments.map((x) => [x.kind, x.method, x.amount])).toEqual([
      ['payment', 'cc', m.orderValue - 300],
      ['storecredit', undefined, 300],
    ]);
    expect(m.discounts.map((d) => d.type)).not.toContain('sc');
    expect(m.paid).toBe(m.orderValue);
  });

  it('shows lens upgrades paid after the order, and the refund of a cancelled item with them, so a refund above the order value adds up', async () => {
    const owner = await customerSession(api.app, api.db);
    const own = await placeOrder(api.db, { customerId: owner.customerId }, { items: [{ price: 4498 }] });
    for (const amount of [3400, 2999]) {
      const [payment] = await api.db.query<{ id: number }>(
        `insert into orders (customer_id, email, country, currency, status, sub_total, total_discount, total_tax, shipping, total, shipping_address, payment_method)
         values ($1, 'x@example.com', 'in', 'INR', 'PLACED', $2, 0, 0, 0, $2, '{}', 'cc') returning id`,
        [owner.customerId, amount],
      );
      await api.db.query(
        `insert into order_payments (id, order_id, method, amount, currency, status, gateway) values ($1, $2, 'cc', $3, 'INR', 'SUCCESS', 'sim')`,
        [`pay_lens_${payment!.id}`, payment!.id, amount],
      );
      await api.db.query(
        `insert into account_lens_changes (order_id, item_id, to_package, to_power_type, amount, currency, payment_order_id, status) values ($1, $2, 1, 'SINGLE_VISION', $3, 'INR', $4, 'APPLIED')`,
        [own.orderId, own.itemIds[0], amount, payment!.id],
      );
    }
    const before = (await detail(owner.cookie, own.orderId)).money!;
    expect(before.payments.map((x) => [x.kind, x.amount, x.itemId])).toEqual([
      ['payment', 4498, undefined],
      ['lensupgrade', 3400, own.itemIds[0]],
      ['lensupgrade', 2999, own.itemIds[0]],
    ]);
    expect([before.orderValue, before.lensUpgrades, before.charged, before.paid]).toEqual([4498, 6399, 10897, 10897]);

    const preview = await call(api.app, owner.cookie, 'GET', `/v2/orders/${own.orderId}/cancel/preview?itemIds=${own.itemIds[0]}&refundMethod=source`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().result).toEqual({
      orderId: own.orderId,
      itemIds: [own.itemIds[0]],
      refundAmount: 10897,
      currencyCode: 'INR',
      refunds: [{ method: 'source', amount: 10897 }],
    });
    expect((await detail(owner.cookie, own.orderId)).money!.refunds).toEqual([]);

    const cancelled = await call(api.app, owner.cookie, 'POST', `/v2/orders/${own.orderId}/cancel`, {
      reasonId: 1,
      itemIds: [own.itemIds[0]],
      refundMethod: 'source',
    });
    expect(cancelled.json().result.refundAmount).toBe(10897);
    const after = await detail(owner.cookie, own.orderId);
    expect(after.money!.refunds).toEqual([
      expect.objectContaining({ kind: 'cancel', method: 'source', amount: 10897, itemId: own.itemIds[0], status: 'INITIATED' }),
    ]);
    expect([after.money!.refunded, after.money!.net]).toEqual([10897, 0]);
    expectAddsUp(after);
  });
  it('answers an older order whose discount or payment the schema does not name: the discount as a cart offer, the payment left out', async () => {
    const owner = await customerSession(api.app, api.db);
    const own = await placeOrder(api.db, { customerId: owner.customerId }, { items: [{ price: 1500 }] });
    await api.db.query(`update orders set sub_total = 1700, total_discount = 200, discounts = $2 where id = $1`, [
      own.orderId,
      JSON.stringify([{ type: 'legacyPromo', amount: 200 }]),
    ]);
    await api.db.query(
      `insert into order_payments (id, order_id, method, amount, currency, status, gateway) values ($1, $2, 'cheque', 10, 'INR', 'SUCCESS', 'sim')`,
      [`pay_old_${own.orderId}`, own.orderId],
    );
    const m = (await detail(owner.cookie, own.orderId)).money!;
    expect(m.discounts).toEqual([{ type: 'implicit', amount: 200 }]);
    expect(m.payments.map((x) => x.method)).toEqual(['cc']);
    expectAddsUp(await detail(owner.cookie, own.orderId));
  });
});

describe('the parcel of an order page', () => {
  it('has no courier before anything ships; the courier, tracking number and dates once shipped and delivered; the expected delivery date throughout', async () => {
    const s = await shopper();
    const orderId = await pay(s.c, { paymentMethod: 'cc', card: CARD });
    const placed = await detail(s.cookie, orderId);
    expect(placed.shipment).toBeUndefined();
    expect(placed.estimatedDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect((await advanceOrder(api.app, orderId, 'SHIPPED')).statusCode).toBe(200);
    const shipped = await detail(s.cookie, orderId);
    expect(shipped.shipment).toEqual({ courier: SIMULATED_COURIER_NAME, trackingNumber: simulatedTrackingNumber(orderId), shippedAt: expect.any(String) });
    expect(shipped.estimatedDelivery).toBe(placed.estimatedDelivery);

    expect((await advanceOrder(api.app, orderId, 'DELIVERED')).statusCode).toBe(200);
    const delivered = await detail(s.cookie, orderId);
    expect(delivered.shipment).toMatchObject({ trackingNumber: simulatedTrackingNumber(orderId), deliveredAt: expect.any(String) });
    expect(Date.parse(delivered.shipment!.deliveredAt!)).toBeGreaterThanOrEqual(Date.parse(delivered.shipment!.shippedAt!));
  });
});

describe('a cancel preview', () => {
  it('says where each part goes (store credit back to itself, the card part the chosen way) and writes nothing', async () => {
    const s = await shopper({ balance: 1000, amount: 500 });
    const orderId = await pay(s.c, { paymentMethod: 'cc', card: CARD });
    const order = await detail(s.cookie, orderId);
    const itemId = order.items[0]!.id;
    const preview = await call(api.app, s.cookie, 'GET', `/v2/orders/${orderId}/cancel/preview?itemIds=${itemId}&refundMethod=storecredit`);
    expect(preview.statusCode).toBe(200);
    const result = preview.json().result;
    expect(result.refundAmount).toBe(order.money!.orderValue);
    // The card's part chosen as store credit joins the store credit going back to itself.
    expect(result.refunds).toEqual([{ method: 'storecredit', amount: order.money!.orderValue }]);
    // Without a method: the default the cancel would take (back to the card).
    const plain = (await call(api.app, s.cookie, 'GET', `/v2/orders/${orderId}/cancel/preview`)).json().result;
    expect(plain.refunds).toEqual([
      { method: 'source', amount: order.money!.orderValue - 500 },
      { method: 'storecredit', amount: 500 },
    ]);
    expect(plain.itemIds).toEqual([itemId]);
    expect((await api.db.query('select 1 from account_refunds where order_id = $1', [orderId])).length).toBe(0);

    const cancelled = await call(api.app, s.cookie, 'POST', `/v2/orders/${orderId}/cancel`, { reasonId: 1, itemIds: [itemId] });
    expect(cancelled.json().result.refundAmount).toBe(plain.refundAmount);
    const after = (await detail(s.cookie, orderId)).money!;
    expect(after.refunds.map((r) => [r.kind, r.method, r.amount])).toEqual([
      ['cancel', 'source', order.money!.orderValue - 500],
      ['cancel', 'storecredit', 500],
    ]);
    // Cancelled: a second preview says so.
    const again = await call(api.app, s.cookie, 'GET', `/v2/orders/${orderId}/cancel/preview?itemIds=${itemId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order has already been cancelled.');
  });

  it('answers 4xx with a body on bad input: malformed ids, an unknown method, a shipped or unknown item, another customer’s order', async () => {
    const owner = await customerSession(api.app, api.db);
    const order = await placeOrder(api.db, { customerId: owner.customerId }, { items: [{ price: 1500 }, { price: 2500 }] });
    const url = (query: string) => `/v2/orders/${order.orderId}/cancel/preview${query}`;
    const ask = async (query: string, cookie = owner.cookie) => {
      const answer = await call(api.app, cookie, 'GET', url(query));
      return { status: answer.statusCode, body: answer.json() as { message?: string; field?: string } };
    };
    expect(await ask('?itemIds=abc')).toMatchObject({ status: 400, body: { field: 'itemIds', message: expect.any(String) } });
    expect(await ask(`?itemIds=${order.itemIds[0]}&refundMethod=cheque`)).toMatchObject({ status: 400, body: { field: 'refundMethod' } });
    expect(await ask(`?itemIds=${order.itemIds[0]}&refundMethod=upi`)).toMatchObject({ status: 400, body: { field: 'refundMethod' } });
    expect(await ask(`?itemIds=${order.itemIds[0]}&colour=red`)).toMatchObject({ status: 400 });
    expect(await ask('?itemIds=999999999')).toMatchObject({ status: 404, body: { message: 'Order item not found' } });
    expect((await ask(`?itemIds=${order.itemIds[1]}`)).body).toMatchObject({ result: { refundAmount: 2500, refunds: [{ method: 'source', amount: 2500 }] } });
    await api.db.query(`update order_items set status = 'SHIPPED' where id = $1`, [order.itemIds[0]]);
    expect(await ask(`?itemIds=${order.itemIds[0]}`)).toMatchObject({
      status: 409,
      body: { field: 'itemIds', message: 'This item has already been shipped and cannot be cancelled.' },
    });
    const stranger = await customerSession(api.app, api.db);
    expect(await ask(`?itemIds=${order.itemIds[1]}`, stranger.cookie)).toMatchObject({ status: 404, body: { message: 'Order not found' } });
  });
});
