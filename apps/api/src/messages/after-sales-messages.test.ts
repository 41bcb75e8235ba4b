import { advanceOrder, call, placeOrder, register, type Shopper } from '../areas/account/testing';
import { ADDRESS, client, customerSession, pickProducts } from '../areas/cart/test-helpers';
import { createTestApi, type TestApi } from '../testing/api';
import { queueExchangePlaced } from './after-sales-messages';
import { type MessageEvent } from './events';

/**
 * The after-sales messages (issue 38), queued through the real account routes on PGlite: each
 * event queues one customer_messages row per channel (the order's e-mail, its delivery mobile),
 * with the amounts the ledger recorded, and the same event asked for again queues nothing more.
 */
let api: TestApi;
let shopper: Shopper;
let products: Awaited<ReturnType<typeof pickProducts>>;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
  shopper = await register(api.app);
  products = await pickProducts(api.db);
});
afterAll(() => api.close());

const EMAIL = 'buyer@example.com';
const MOBILE = '+91 9812345678';
const CARD = { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' };

interface Row {
  event_key: string;
  channel: 'email' | 'sms';
  recipient: string;
  kind: string;
  event: MessageEvent;
}
const messagesOf = (orderId: number, kind: MessageEvent['kind']) =>
  api.db.query<Row>(
    `select event_key, channel, recipient, kind, event from customer_messages where kind = $2 and (event->>'orderId')::int = $1 order by event_key, channel`,
    [orderId, kind],
  );
/** One row per channel, the same event in both: answers the event. */
function onePerChannel(rows: Row[], key: string) {
  expect(rows.map((r) => [r.event_key, r.channel, r.recipient])).toEqual([
    [key, 'email', EMAIL],
    [key, 'sms', MOBILE],
  ]);
  expect(rows[1]!.event).toEqual(rows[0]!.event);
  return rows[0]!.event;
}
const ledger = (orderId: number, kind: 'cancel' | 'return') =>
  api.db.query<{ id: number; amount: string; method: string; status: string }>(
    'select id, amount, method, status from account_refunds where order_id = $1 and kind = $2 order by id',
    [orderId, kind],
  );
const cancel = (orderId: number, body: Record<string, unknown> = {}) =>
  call(api.app, shopper.cookie, 'POST', `/v2/orders/${orderId}/cancel`, { reasonId: 1, ...body });

describe('item-cancelled', () => {
  it('one message per cancelled item with the refund the ledger recorded for it, and no refund-issued for it', async () => {
    const order = await placeOrder(api.db, { customerId: shopper.customerId }, { items: [{ price: 999.99 }, { price: 500.01 }] });
    // Less was paid than the items cost (a discount): the refund is the item's share, not its price.
    await api.db.query('update order_payments set amount = 1000.01 where order_id = $1', [order.orderId]);
    const [first, second] = order.itemIds as [number, number];

    expect((await cancel(order.orderId, { itemIds: [first] })).statusCode).toBe(200);
    const [refund] = await ledger(order.orderId, 'cancel');
    const event = onePerChannel(await messagesOf(order.orderId, 'item-cancelled'), `item-cancelled:${order.orderId}:${first}`);
    expect(event).toEqual({
      kind: 'item-cancelled',
      orderId: order.orderId,
      line: { name: 'Round Classic', quantity: 1, amount: 999.99 },
      refundAmount: Number(refund!.amount),
      refundTo: 'original-payment',
    });
    expect(Number(refund!.amount)).toBe(666.66);

    // The rest of the order, to store credit: its own message, naming where the money goes.
    expect((await cancel(order.orderId, { refundMethod: 'storecredit' })).statusCode).toBe(200);
    const rows = (await messagesOf(order.orderId, 'item-cancelled')).filter((r) => r.event_key.endsWith(`:${second}`));
    const [, secondRefund] = await ledger(order.orderId, 'cancel');
    expect(onePerChannel(rows, `item-cancelled:${order.orderId}:${second}`)).toMatchObject({
      refundAmount: Number(secondRefund!.amount),
      refundTo: 'store-credit',
    });
    expect(Number(refund!.amount) + Number(secondRefund!.amount)).toBeCloseTo(1000.01, 2);
    expect(await messagesOf(order.orderId, 'refund-issued')).toEqual([]);
  });

  it('one message for a whole order cancelled at once: its line sums the items, its refund is the ledger rows', async () => {
    const order = await placeOrder(api.db, { customerId: shopper.customerId }, { items: [{ price: 1500 }, { price: 700 }] });
    expect((await cancel(order.orderId)).statusCode).toBe(200);
    const refunds = await ledger(order.orderId, 'cancel');
    const event = onePerChannel(await messagesOf(order.orderId, 'item-cancelled'), `item-cancelled:${order.orderId}:${order.itemIds.join(',')}`);
    expect(event).toEqual({
      kind: 'item-cancelled',
      orderId: order.orderId,
      line: { name: 'Round Classic', quantity: 2, amount: 2200 },
      refundAmount: refunds.reduce((sum, r) => sum + Number(r.amount), 0),
      refundTo: 'original-payment',
    });
    expect(event).toMatchObject({ refundAmount: 2200 });
  });

  it('a double submit and five parallel cancellations of one item queue one message', async () => {
    const twice = await placeOrder(api.db, { customerId: shopper.customerId }, { items: [{}, {}] });
    const body = { itemIds: [twice.itemIds[0]] };
    expect([(await cancel(twice.orderId, body)).statusCode, (await cancel(twice.orderId, body)).statusCode]).toEqual([200, 409]);
    onePerChannel(await messagesOf(twice.orderId, 'item-cancelled'), `item-cancelled:${twice.orderId}:${twice.itemIds[0]}`);

    const parallel = await placeOrder(api.db, { customerId: shopper.customerId }, { items: [{}, {}] });
    const answers = await Promise.all(Array.from({ length: 5 }, () => cancel(parallel.orderId, { itemIds: [parallel.itemIds[1]] })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const [refund] = await ledger(parallel.orderId, 'cancel');
    expect(onePerChannel(await messagesOf(parallel.orderId, 'item-cancelled'), `item-cancelled:${parallel.orderId}:${parallel.itemIds[1]}`)).toMatchObject({
      refundAmount: Number(refund!.amount),
    });
  });

  it('a cash-on-delivery item not paid yet: the message says no refund', async () => {
    const order = await placeOrder(api.db, { customerId: shopper.customerId }, { paymentMethod: 'cod' });
    expect((await cancel(order.orderId)).statusCode).toBe(200);
    expect(await ledger(order.orderId, 'cancel')).toEqual([]);
    expect(onePerChannel(await messagesOf(order.orderId, 'item-cancelled'), `item-cancelled:${order.orderId}:${order.itemIds[0]}`)).toMatchObject({
      refundAmount: 0,
      refundTo: null,
    });
  });
});

describe('returns and their refunds', () => {
  async function delivered(items: { price?: number }[] = [{ price: 1500 }]) {
    const order = await placeOrder(api.db, { customerId: shopper.customerId }, { items });
    expect((await advanceOrder(api.app, order.orderId, 'DELIVERED')).statusCode).toBe(200);
    return order;
  }
  const startReturn = (orderId: number, itemId: number, extra: Record<string, unknown> = {}) =>
    call(api.app, shopper.cookie, 'POST', `/v2/orders/${orderId}/return`, {
      items: [{ itemId, reasonId: 1 }],
      returnMethod: 'refund',
      mode: 'self_ship',
      ...extra,
    });
  const advance = (returnId: number, to: 'PICKED_UP' | 'RECEIVED') => api.admin.inject({ method: 'POST', url: `/returns/${returnId}/advance?to=${to}` });

  it('a pickup: requested, picked up (its refund issued then, once), received', async () => {
    const order = await delivered([{ price: 1500 }, { price: 500 }]);
    const address = (
      await call(api.app, shopper.cookie, 'POST', '/v2/addresses', {
        firstName: 'Asha',
        email: 'asha@example.com',
        phone: '9812345678',
        addressline1: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        postcode: '560038',
        country: 'in',
      })
    ).json().result;
    const itemId = order.itemIds[1]!;
    const created = await startReturn(order.orderId, itemId, { mode: 'pickup', pickupAddressId: address.addressId, refundMethod: 'source' });
    expect(created.statusCode).toBe(200);
    const returnId = created.json().result.returnId as number;
    const lines = [{ name: 'Round Classic', quantity: 1, amount: 500 }];
    expect(onePerChannel(await messagesOf(order.orderId, 'return-requested'), `return-requested:${returnId}`)).toEqual({
      kind: 'return-requested',
      orderId: order.orderId,
      returnId,
      lines,
      pickupDate: null,
    });
    // Requested only: nothing picked up, no money moved.
    expect(await messagesOf(order.orderId, 'return-picked-up')).toEqual([]);
    expect(await messagesOf(order.orderId, 'refund-issued')).toEqual([]);

    expect((await advance(returnId, 'PICKED_UP')).statusCode).toBe(200);
    expect(onePerChannel(await messagesOf(order.orderId, 'return-picked-up'), `return-picked-up:${returnId}`)).toEqual({
      kind: 'return-picked-up',
      orderId: order.orderId,
      returnId,
      lines,
    });
    const [refund] = await ledger(order.orderId, 'return');
    expect(refund).toMatchObject({ method: 'source', status: 'INITIATED' });
    expect(onePerChannel(await messagesOf(order.orderId, 'refund-issued'), `refund-issued:${refund!.id}`)).toEqual({
      kind: 'refund-issued',
      orderId: order.orderId,
      amount: Number(refund!.amount),
      refundTo: 'original-payment',
      reference: null,
    });
    expect(Number(refund!.amount)).toBe(500);

    expect((await advance(returnId, 'RECEIVED')).statusCode).toBe(200);
    expect(onePerChannel(await messagesOf(order.orderId, 'return-received'), `return-received:${returnId}`)).toEqual({
      kind: 'return-received',
      orderId: order.orderId,
      returnId,
      lines,
    });
    // Received again: refused, nothing more queued; the refund was told once.
    expect((await advance(returnId, 'RECEIVED')).statusCode).toBe(409);
    expect(await messagesOf(order.orderId, 'return-received')).toHaveLength(2);
    expect(await messagesOf(order.orderId, 'refund-issued')).toHaveLength(2);
  });

  it('a return sent back: received, then a refund asked for to store credit is issued at once, naming its code', async () => {
    const order = await delivered();
    const itemId = order.itemIds[0]!;
    const returnId = (await startReturn(order.orderId, itemId)).json().result.returnId as number;
    onePerChannel(await messagesOf(order.orderId, 'return-requested'), `return-requested:${returnId}`);
    expect((await advance(returnId, 'RECEIVED')).statusCode).toBe(200);
    onePerChannel(await messagesOf(order.orderId, 'return-received'), `return-received:${returnId}`);
    expect(await messagesOf(order.orderId, 'return-picked-up')).toEqual([]);
    // No method was chosen with the request: nothing paid yet, nothing told.
    expect(await messagesOf(order.orderId, 'refund-issued')).toEqual([]);

    const refunds = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(api.app, shopper.cookie, 'POST', `/v2/orders/${order.orderId}/refund/return`, { itemId, refundMethod: 'storecredit' }),
      ),
    );
    expect(refunds.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const [refund] = await ledger(order.orderId, 'return');
    const [credit] = await api.db.query<{ code: string }>(
      `select e.code from store_credit_entries e join store_credits s on s.code = e.code where e.order_id = $1 and e.reason = 'refund' and s.customer_id = $2`,
      [order.orderId, shopper.customerId],
    );
    expect(onePerChannel(await messagesOf(order.orderId, 'refund-issued'), `refund-issued:${refund!.id}`)).toEqual({
      kind: 'refund-issued',
      orderId: order.orderId,
      amount: 1500,
      refundTo: 'store-credit',
      reference: credit!.code,
    });
  });
});

describe('exchange-placed', () => {
  it("an order paid with a returned frame's exchange credit: the exchange's message, once; any other order: none", async () => {
    const buyer = await customerSession(api.app, api.db);
    await api.db.query('update customers set has_placed_order = true where id = $1', [buyer.customerId]);
    const old = await placeOrder(api.db, { customerId: buyer.customerId }, { items: [{ price: 1200 }] });
    expect((await advanceOrder(api.app, old.orderId, 'DELIVERED')).statusCode).toBe(200);
    const c = client(api.app, buyer.cookie);
    const itemId = old.itemIds[0]!;
    const reasons = (await c.get('/v2/returns/reasons?classification=eyeframe')).body.result.reasons;
    const created = await c.post(`/v2/orders/${old.orderId}/return`, {
      items: [{ itemId, reasonId: reasons[0].id }],
      returnMethod: 'new_product',
      mode: 'self_ship',
    });
    expect(created.status).toBe(200);
    const headers = { 'x-service-type': 'exchange', 'x-exchange-order-id': String(old.orderId), 'x-exchange-item-id': String(itemId) };
    expect((await c.post('/v2/carts/items', { productId: products.otherFrame.id }, headers)).status).toBe(200);
    expect((await c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
    const paid = await c.post('/v2/orders/payment', { paymentMethod: 'cc', card: CARD }, { 'idempotency-key': `exchange-message-${old.orderId}` });
    expect(paid.status).toBe(200);
    const exchangeOrderId = paid.body.result.order.id as number;
    const [line] = await api.db.query<{ name: string; total: string }>('select name, total from order_items where order_id = $1', [exchangeOrderId]);

    // Queued where the order is placed (cart/orders.ts); asked for again, nothing more.
    await queueExchangePlaced(api.db, exchangeOrderId);
    expect(await queueExchangePlaced(api.db, exchangeOrderId)).toEqual([]);
    const rows = await api.db.query<Row>(`select event_key, channel, recipient, kind, event from customer_messages where event_key = $1 order by channel`, [
      `exchange-placed:${exchangeOrderId}`,
    ]);
    expect(rows.map((r) => [r.channel, r.recipient])).toEqual([
      ['email', ADDRESS.email],
      ['sms', `+91 ${ADDRESS.phone}`],
    ]);
    expect(rows[0]!.event).toEqual({
      kind: 'exchange-placed',
      orderId: old.orderId,
      exchangeOrderId,
      lines: [{ name: line!.name, quantity: 1, amount: Number(line!.total) }],
      // Paid by card at once: nothing left to pay.
      amountToPay: 0,
    });

    expect(await queueExchangePlaced(api.db, old.orderId)).toBeNull();
  });
});
