import { type FastifyInstance } from 'fastify';
import { createTestApi, guestSession, sessionIdFrom, type TestApi } from '../../testing/api';
import { ADDRESS, AE_ADDRESS, client, pickProducts } from './test-helpers';

/**
 * The charge is the amount the shopper agreed to: `expectedTotal` (the total the Pay button
 * showed) that is not the amount the API would charge answers 409 CART_CHANGED with the new
 * total, and nothing is charged, written, reserved or spent.
 */

// A hook run just before the payment is decided (after the cart was priced the first time), to
// change the cart between that pricing and the order's transaction.
let mockBeforeCharge: (() => Promise<void>) | null = null;
jest.mock('./charges', () => {
  const actual = jest.requireActual('./charges');
  return {
    ...actual,
    decideCharge: async (...args: unknown[]) => {
      if (mockBeforeCharge) await mockBeforeCharge();
      return actual.decideCharge(...args);
    },
  };
});

const CARD = { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' };
let keys = 0;
const newKey = () => `shown-${Date.now()}-${++keys}`;

/** A shopper of one country's site, paying with a fresh Idempotency-Key unless given one. */
function shopperClient(app: FastifyInstance, cookie: string, country = 'in') {
  const c = client(app, cookie, country);
  return { ...c, pay: (body: unknown, key = newKey()) => c.post('/v2/orders/payment', body, { 'idempotency-key': key }) };
}

describe('the charge is the amount the shopper agreed to (expectedTotal, 409 CART_CHANGED)', () => {
  let api: TestApi;
  let p: Awaited<ReturnType<typeof pickProducts>>;
  beforeAll(async () => {
    api = await createTestApi({ seeded: true });
    p = await pickProducts(api.db);
  });
  afterAll(() => api.close());
  afterEach(() => {
    mockBeforeCharge = null;
  });

  async function shopper(country = 'in') {
    const cookie = await guestSession(api.app, country);
    const c = shopperClient(api.app, cookie, country);
    return { c, sessionId: sessionIdFrom(cookie, country) };
  }
  const add = async (c: ReturnType<typeof shopperClient>, productId: number) => expect((await c.post('/v2/carts/items', { productId })).status).toBe(200);
  const cartOf = async (c: ReturnType<typeof shopperClient>) => (await c.get('/v2/carts')).body.result;
  const ordersOf = async (sessionId: string) =>
    (await api.db.query<{ id: number; total: number }>('select id, total from orders where session_id = $1', [sessionId])).map((o) => ({ ...o }));
  const stockOf = async (...ids: number[]) =>
    (await api.db.query<{ id: number; stock: number }>('select id, stock from products where id = any($1::int[]) order by id', [ids])).map((r) => r.stock);
  const balances = async () => {
    const [voucher] = await api.db.query<{ balance: number }>(`select balance from gift_vouchers where code = 'GIFT500'`);
    const [credit] = await api.db.query<{ balance: number }>(`select balance from store_credits where code = 'CREDIT1000'`);
    const [entries] = await api.db.query<{ n: number }>(`select count(*)::int as n from store_credit_entries where code = 'CREDIT1000'`);
    return { voucher: voucher!.balance, credit: credit!.balance, entries: entries!.n };
  };

  it('refuses a stale total before anything is charged or written: 409 with the new total; the new total then pays', async () => {
    const { c, sessionId } = await shopper();
    await add(c, p.otherFrame.id);
    expect((await c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
    const shown = (await cartOf(c)).netAmountCart;
    // The cart changes after the page showed its total (another tab, a stale page).
    await add(c, p.otherFrame2.id);
    const now = await cartOf(c);
    expect(now.netAmountCart).not.toBe(shown);
    const stock = await stockOf(p.otherFrame.id, p.otherFrame2.id);

    const stale = await c.pay({ paymentMethod: 'cc', card: CARD, expectedTotal: shown });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: 'Your cart changed since you saw it. Please check the new total and pay again.',
      code: 'CART_CHANGED',
      total: now.netAmountCart,
      currencyCode: 'INR',
      itemsQty: 2,
    });
    // Nothing changed: no order, no stock reserved, the cart as it was.
    expect(await ordersOf(sessionId)).toEqual([]);
    expect(await stockOf(p.otherFrame.id, p.otherFrame2.id)).toEqual(stock);
    expect(await cartOf(c)).toEqual(now);

    // Paying the total now shown (a new attempt, a new key) places the order at exactly that amount.
    const paid = await c.pay({ paymentMethod: 'cc', card: CARD, expectedTotal: stale.body.total });
    expect(paid.status).toBe(200);
    expect(paid.body.result.order.amount.total).toBe(stale.body.total);
    const orders = await ordersOf(sessionId);
    expect(orders).toEqual([{ id: paid.body.result.order.id, total: stale.body.total }]);
  });

  it('spends no gift voucher or store credit on a stale total', async () => {
    const { c, sessionId } = await shopper();
    await add(c, p.otherFrame.id);
    expect((await c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
    expect((await c.post('/v2/carts/gift-vouchers', { code: 'GIFT500' })).status).toBe(200);
    expect((await c.post('/v2/carts/store-credits', { code: 'CREDIT1000', amount: 100 })).status).toBe(200);
    const shown = (await cartOf(c)).netAmountCart;
    await add(c, p.otherFrame2.id);
    const now = await cartOf(c);
    const before = { balances: await balances(), stock: await stockOf(p.otherFrame.id, p.otherFrame2.id) };

    const stale = await c.pay({ paymentMethod: 'cc', card: CARD, expectedTotal: shown });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'CART_CHANGED', total: now.netAmountCart, currencyCode: 'INR', itemsQty: 2 });
    expect(await balances()).toEqual(before.balances);
    expect(await stockOf(p.otherFrame.id, p.otherFrame2.id)).toEqual(before.stock);
    expect(await ordersOf(sessionId)).toEqual([]);
    const cart = await cartOf(c);
    expect(cart.items.map((i: { productId: number }) => i.productId).sort()).toEqual([p.otherFrame.id, p.otherFrame2.id].sort());
    expect(cart).toMatchObject({ gvAmt: 500, scAmt: 100 });

    const paid = await c.pay({ paymentMethod: 'cc', card: CARD, expectedTotal: now.netAmountCart });
    expect(paid.status).toBe(200);
    expect(paid.body.result.order.amount.total).toBe(now.netAmountCart);
    expect(await balances()).toEqual({ voucher: before.balances.voucher - 500, credit: before.balances.credit - 100, entries: before.balances.entries + 1 });
  });

  it('answers a replay of the refused payment (same Idempotency-Key) with the same 409 body', async () => {
    const { c, sessionId } = await shopper();
    await add(c, p.otherFrame.id);
    await c.post('/v2/carts/shippingAddress', ADDRESS);
    const shown = (await cartOf(c)).netAmountCart;
    await add(c, p.otherFrame2.id);
    const key = newKey();
    const body = { paymentMethod: 'cc', card: CARD, expectedTotal: shown };
    const first = await c.pay(body, key);
    const again = await c.pay(body, key);
    expect(first.status).toBe(409);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(first.body);
    expect(again.body.total).toBe((await cartOf(c)).netAmountCart);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await ordersOf(sessionId)).toEqual([]);
  });

  it('a cart changed between its pricing and the order’s lock answers the same 409 with the locked cart’s total', async () => {
    const { c, sessionId } = await shopper();
    await add(c, p.otherFrame.id);
    await c.post('/v2/carts/shippingAddress', ADDRESS);
    const shown = (await cartOf(c)).netAmountCart;
    const stock = await stockOf(p.otherFrame.id);
    mockBeforeCharge = async () => {
      await api.db.query(`update cart_items set quantity = 2 where product_id = $1 and cart_id = (select id from carts where session_id = $2)`, [
        p.otherFrame.id,
        sessionId,
      ]);
    };
    const raced = await c.pay({ paymentMethod: 'cc', card: CARD, expectedTotal: shown });
    mockBeforeCharge = null;
    expect(raced.status).toBe(409);
    const now = await cartOf(c);
    expect(raced.body).toMatchObject({ code: 'CART_CHANGED', total: now.netAmountCart, currencyCode: 'INR', itemsQty: 2 });
    expect(now.netAmountCart).not.toBe(shown);
    expect(await ordersOf(sessionId)).toEqual([]);
    expect(await stockOf(p.otherFrame.id)).toEqual(stock);
  });

  it('retrying the payment of an order with another amount answers 409 and adds no payment', async () => {
    const { c } = await shopper();
    await add(c, p.otherFrame.id);
    await c.post('/v2/carts/shippingAddress', ADDRESS);
    const total = (await cartOf(c)).netAmountCart;
    const started = await c.pay({ paymentMethod: 'upi', vpa: 'failure@upi', expectedTotal: total });
    expect(started.status).toBe(200);
    const orderId = started.body.result.order.id;
    await c.get(`/v2/payments/${orderId}/UPI/status`);
    expect((await c.get(`/v2/payments/${orderId}/UPI/status`)).body.result.status).toBe('FAILED');
    const payments = async () => (await api.db.query<{ n: number }>('select count(*)::int as n from order_payments where order_id = $1', [orderId]))[0]!.n;
    const before = await payments();

    const wrong = await c.pay({ paymentMethod: 'cc', card: CARD, orderId, expectedTotal: total + 100 });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toEqual({
      message: "This order's amount is different from the one shown. Please check it and pay again.",
      code: 'CART_CHANGED',
      total,
      currencyCode: 'INR',
    });
    expect(await payments()).toBe(before);
    expect((await c.get(`/v2/checkout/orders/${orderId}`)).body.result.status).toBe('PENDING_PAYMENT');

    const right = await c.pay({ paymentMethod: 'cc', card: CARD, orderId, expectedTotal: total });
    expect(right.status).toBe(200);
    expect(right.body.result).toMatchObject({ order: { id: orderId, amount: { total } }, payment: { status: 'SUCCESS' } });
    expect(await payments()).toBe(before + 1);
  });

  it('the card provider (primer) flow refuses a stale total the same way: no order', async () => {
    const { c, sessionId } = await shopper('ae');
    await add(c, p.otherFrame.id);
    expect((await c.post('/v2/carts/shippingAddress', AE_ADDRESS)).status).toBe(200);
    const shown = (await cartOf(c)).netAmountCart;
    await add(c, p.otherFrame2.id);
    const now = await cartOf(c);
    const stale = await c.pay({ paymentMethod: 'primer', card: CARD, expectedTotal: shown });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'CART_CHANGED', total: now.netAmountCart, currencyCode: 'AED', itemsQty: 2 });
    expect(await ordersOf(sessionId)).toEqual([]);
    const paid = await c.pay({ paymentMethod: 'primer', card: CARD, expectedTotal: now.netAmountCart });
    expect(paid.status).toBe(200);
    expect(paid.body.result).toMatchObject({
      order: { amount: { total: now.netAmountCart, currencyCode: 'AED' } },
      payment: { status: 'PENDING', action: 'SDK' },
    });
  });

  it('without expectedTotal (a build of the previous version) the order is placed as before', async () => {
    const { c, sessionId } = await shopper();
    await add(c, p.otherFrame.id);
    await c.post('/v2/carts/shippingAddress', ADDRESS);
    const total = (await cartOf(c)).netAmountCart;
    const paid = await c.pay({ paymentMethod: 'cc', card: CARD });
    expect(paid.status).toBe(200);
    expect(paid.body.result.order.amount.total).toBe(total);
    expect((await ordersOf(sessionId)).length).toBe(1);
  });

  it('five parallel payments with one key and the right total place one order', async () => {
    const { c, sessionId } = await shopper();
    await add(c, p.otherFrame.id);
    await c.post('/v2/carts/shippingAddress', ADDRESS);
    const total = (await cartOf(c)).netAmountCart;
    const key = newKey();
    const body = { paymentMethod: 'cc', card: CARD, expectedTotal: total };
    const answers = await Promise.all(Array.from({ length: 5 }, () => c.pay(body, key)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409 && a.body.code === 'IN_FLIGHT')).toBe(true);
    for (const a of ok) expect(a.body).toEqual(ok[0]!.body);
    const orders = await ordersOf(sessionId);
    expect(orders).toEqual([{ id: ok[0]!.body.result.order.id, total }]);
  });

  it('refuses an expectedTotal that is not an amount (400)', async () => {
    const { c } = await shopper();
    await add(c, p.otherFrame.id);
    await c.post('/v2/carts/shippingAddress', ADDRESS);
    const bad = await c.pay({ paymentMethod: 'cc', card: CARD, expectedTotal: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('expectedTotal');
  });
});
