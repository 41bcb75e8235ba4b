import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { ADDRESS, client, customerSession, pickProducts } from '../cart/test-helpers';
import { prorate } from './refund-ledger';
import { advanceReturn } from './return-progress';
import { advanceOrder, call, placeOrder } from './testing';

/**
 * Money and stock (issue 16, docs/adr/021): cancelling once, one refund ledger per order that
 * never gives back more than was paid, a return's money when the goods are back, stock put
 * back, unpaid orders held for a bounded time, and idempotency keys freed after a crash. The
 * same file runs on PostgreSQL (npx nx run api:test-postgres), where the parallel requests
 * really run at once.
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
const key = () => `money-key-${Date.now()}-${++keys}`;
const cents = (v: number) => Math.round(v * 100);
let codes = 0;

const stockOf = async (productId: number) => (await api.db.query<{ stock: number }>('select stock from products where id = $1', [productId]))[0]!.stock;
const refundsOf = async (cookie: string, orderId: number) =>
  (await call(api.app, cookie, 'GET', `/v2/orders/${orderId}/refund/details`)).json().result.refunds as {
    refundId: number;
    method: string;
    amount: number;
    status: string;
    itemId?: number;
  }[];
const sumOf = (rows: { amount: number }[]) => rows.reduce((s, r) => s + cents(r.amount), 0);
const storeCreditOf = async (customerId: number) =>
  cents(
    (await api.db.query<{ total: number }>('select coalesce(sum(balance), 0)::float as total from store_credits where customer_id = $1', [customerId]))[0]!
      .total,
  );

/** A customer with a cart of these products and an address, through the cart's real routes. */
async function shopper(products: number[], extra: { giftVoucher?: number; storeCredit?: number; wallet?: number; offer?: string } = {}) {
  const { cookie, customerId } = await customerSession(api.app, api.db);
  const c = client(api.app, cookie);
  for (const productId of products) expect((await c.post('/v2/carts/items', { productId })).status).toBe(200);
  expect((await c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
  codes += 1;
  const gv = `H3GV${codes}X${Date.now() % 100000}`;
  const sc = `H3SC${codes}X${Date.now() % 100000}`;
  if (extra.giftVoucher) {
    await api.db.query(`insert into gift_vouchers (code, currency, amount, balance, expires_at) values ($1, 'INR', $2, $2, now() + interval '1 year')`, [
      gv,
      extra.giftVoucher,
    ]);
    expect((await c.post('/v2/carts/gift-vouchers', { code: gv })).status).toBe(200);
  }
  if (extra.storeCredit) {
    await api.db.query(`insert into store_credits (code, customer_id, currency, balance, expires_at) values ($1, $2, 'INR', $3, now() + interval '1 year')`, [
      sc,
      customerId,
      extra.storeCredit,
    ]);
    expect((await c.post('/v2/carts/store-credits', { code: sc })).status).toBe(200);
  }
  if (extra.wallet) {
    await api.db.query(`insert into wallets (customer_id, currency, balance) values ($1, 'INR', $2)`, [customerId, extra.wallet]);
    expect((await c.get('/v2/carts?applyWallet=true')).status).toBe(200);
  }
  if (extra.offer) expect((await c.post('/v2/carts/offers', { offerId: extra.offer })).status).toBe(200);
  return { c, cookie, customerId, gv, sc };
}

async function pay(c: ReturnType<typeof client>, body: Record<string, unknown> = { paymentMethod: 'cc', card: CARD }) {
  const paid = await c.post('/v2/orders/payment', body, { 'idempotency-key': key() });
  expect(paid.status).toBe(200);
  const orderId = paid.body.result.order.id as number;
  const order = (await c.get(`/v2/checkout/orders/${orderId}`)).body.result;
  return { orderId, total: paid.body.result.order.amount.total as number, order, itemIds: (order.items as { id: number }[]).map((i) => i.id) };
}

const cancel = (cookie: string, orderId: number, body: Record<string, unknown> = {}) =>
  call(api.app, cookie, 'POST', `/v2/orders/${orderId}/cancel`, { reasonId: 1, ...body });

describe('prorate', () => {
  it('splits in cents, rounding down, the last item taking the remainder, so the shares add up exactly', () => {
    const shares = prorate(10000, [
      { itemId: 3, weight: 1 },
      { itemId: 1, weight: 1 },
      { itemId: 2, weight: 1 },
    ]);
    expect([...shares]).toEqual([
      [1, 3333],
      [2, 3333],
      [3, 3334],
    ]);
    const uneven = prorate(99_99, [
      { itemId: 1, weight: 1234_50 },
      { itemId: 2, weight: 99 },
      { itemId: 3, weight: 5000_00 },
    ]);
    expect([...uneven.values()].reduce((a, b) => a + b, 0)).toBe(99_99);
    expect([...uneven.values()].every((v) => v >= 0)).toBe(true);
    expect([
      ...prorate(500, [
        { itemId: 1, weight: 0 },
        { itemId: 2, weight: 0 },
      ]).values(),
    ]).toEqual([250, 250]);
  });
});

describe('cancelling is done once', () => {
  it('five parallel whole-order cancels: one succeeds, one refund of what was paid, stock back once', async () => {
    const s = await shopper([p.otherFrame.id]);
    const stockBefore = await stockOf(p.otherFrame.id);
    const { orderId, total } = await pay(s.c);
    expect(await stockOf(p.otherFrame.id)).toBe(stockBefore - 1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => cancel(s.cookie, orderId, { refundMethod: 'source' })));
    const codesSeen = answers.map((a) => a.statusCode).sort();
    expect(codesSeen).toEqual([200, 409, 409, 409, 409]);
    const ok = answers.find((a) => a.statusCode === 200)!.json().result;
    expect(ok).toMatchObject({ orderId, refundAmount: total, refundMethod: 'source' });
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json()).toMatchObject({ code: 'ALREADY_CANCELLED', message: expect.any(String) });
    const refunds = await refundsOf(s.cookie, orderId);
    expect(refunds).toEqual([expect.objectContaining({ method: 'source', amount: total, status: 'INITIATED' })]);
    expect(await stockOf(p.otherFrame.id)).toBe(stockBefore);
    // Later requests change nothing either.
    expect((await cancel(s.cookie, orderId)).statusCode).toBe(409);
    expect(await refundsOf(s.cookie, orderId)).toHaveLength(1);
  });

  it('five parallel cancels of one item: one refund of its share; the item cannot be cancelled again', async () => {
    const s = await shopper([p.otherFrame.id, p.otherFrame2.id]);
    const { orderId, itemIds } = await pay(s.c);
    const answers = await Promise.all(Array.from({ length: 5 }, () => cancel(s.cookie, orderId, { itemIds: [itemIds[0]], refundMethod: 'storecredit' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const refunds = await refundsOf(s.cookie, orderId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ method: 'storecredit', status: 'COMPLETED', itemId: itemIds[0] });
    expect(await storeCreditOf(s.customerId)).toBe(cents(refunds[0]!.amount));
    const again = await cancel(s.cookie, orderId, { itemIds: [itemIds[0]] });
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('itemIds');
  });

  it('never cancels a lens change payment order on its own', async () => {
    const order = await placeOrder(api.db, { customerId: (await customerSession(api.app, api.db)).customerId });
    const owner = await customerSession(api.app, api.db);
    const own = await placeOrder(api.db, { customerId: owner.customerId });
    const [payment] = await api.db.query<{ id: number }>(
      `insert into orders (customer_id, email, country, currency, status, sub_total, total_discount, total_tax, shipping, total, shipping_address, payment_method)
       values ($1, 'x@example.com', 'in', 'INR', 'PLACED', 500, 0, 0, 0, 500, '{}', 'cc') returning id`,
      [owner.customerId],
    );
    await api.db.query(
      `insert into order_payments (id, order_id, method, amount, currency, status, gateway) values ($1, $2, 'cc', 500, 'INR', 'SUCCESS', 'sim')`,
      [`pay_lens_${payment!.id}`, payment!.id],
    );
    await api.db.query(
      `insert into account_lens_changes (order_id, item_id, to_package, to_power_type, amount, currency, payment_order_id, status) values ($1, $2, 1, 'SINGLE_VISION', 500, 'INR', $3, 'APPLIED')`,
      [own.orderId, own.itemIds[0], payment!.id],
    );
    expect((await cancel(owner.cookie, payment!.id)).statusCode).toBe(409);
    // The paid difference goes back with the item it paid for: 1500 + 500.
    const cancelled = await cancel(owner.cookie, own.orderId, { refundMethod: 'source' });
    expect(cancelled.json().result.refundAmount).toBe(2000);
    expect(order.orderId).toBeGreaterThan(0);
  });
});

describe('one refund ledger per order: refunds never exceed what was paid', () => {
  it('discounts, offer, gift voucher, store credit and wallet prorated; item by item refunds add up to exactly what was paid', async () => {
    const products = [p.houseFrame.id, p.otherFrame.id, p.otherFrame2.id];
    const s = await shopper(products, { giftVoucher: 300, storeCredit: 200, wallet: 150, offer: 'SAVE10' });
    const { orderId, total, order, itemIds } = await pay(s.c);
    const discounts = order.amount.discounts as { type: string; amount: number }[];
    expect(discounts.map((d) => d.type)).toEqual(expect.arrayContaining(['brand', 'implicit', 'gv', 'sc', 'wallet']));
    const spent = (type: string) => cents(discounts.find((d) => d.type === type)?.amount ?? 0);
    expect([spent('gv'), spent('sc'), spent('wallet')]).toEqual([30000, 20000, 15000]);
    const balances = async () => ({
      gv: cents((await api.db.query<{ balance: number }>('select balance from gift_vouchers where code = $1', [s.gv]))[0]!.balance),
      sc: cents((await api.db.query<{ balance: number }>('select balance from store_credits where code = $1', [s.sc]))[0]!.balance),
      wallet: cents((await api.db.query<{ balance: number }>('select balance from wallets where customer_id = $1', [s.customerId]))[0]!.balance),
    });
    expect(await balances()).toEqual({ gv: 0, sc: 0, wallet: 0 });

    let answered = 0;
    await advanceOrder(api.app, orderId, 'PACKED');
    for (const itemId of itemIds) {
      const done = await cancel(s.cookie, orderId, { itemIds: [itemId], refundMethod: 'source' });
      expect(done.statusCode).toBe(200);
      answered += cents(done.json().result.refundAmount);
      // Asking again gives nothing more.
      expect((await cancel(s.cookie, orderId, { itemIds: [itemId], refundMethod: 'source' })).statusCode).toBe(409);
    }
    const refunds = await refundsOf(s.cookie, orderId);
    const by = (method: string) => sumOf(refunds.filter((r) => r.method === method));
    // What was paid online comes back to the source; each balance goes back to itself, to the cent.
    expect(by('source')).toBe(cents(total));
    expect(by('giftvoucher')).toBe(30000);
    expect(by('wallet')).toBe(15000);
    expect(by('storecredit')).toBe(20000);
    expect(answered).toBe(cents(total) + 30000 + 20000 + 15000);
    expect(await balances()).toEqual({ gv: 30000, sc: 20000, wallet: 15000 });
    // The items share the discounts in proportion to their price: the house frame's share of
    // the online payment is less than its price.
    const shares = refunds.filter((r) => r.method === 'source');
    expect(shares).toHaveLength(3);
    expect((await cancel(s.cookie, orderId)).statusCode).toBe(409);
    expect(await refundsOf(s.cookie, orderId)).toHaveLength(refunds.length);
  });

  it('a whole-order cancel after an item cancel refunds only the rest', async () => {
    const s = await shopper([p.otherFrame.id, p.otherFrame2.id], { storeCredit: 100 });
    const { orderId, total, itemIds } = await pay(s.c);
    const first = (await cancel(s.cookie, orderId, { itemIds: [itemIds[1]] })).json().result.refundAmount;
    const rest = (await cancel(s.cookie, orderId)).json().result.refundAmount;
    expect(cents(first) + cents(rest)).toBe(cents(total) + 10000);
    const detail = (await call(api.app, s.cookie, 'GET', `/v2/orders/${orderId}`)).json().result;
    expect(detail.status).toBe('CANCELLED');
  });

  it('a cash on delivery order whose cash was never collected refunds nothing on cancel', async () => {
    const owner = await customerSession(api.app, api.db);
    const order = await placeOrder(api.db, { customerId: owner.customerId }, { paymentMethod: 'cod' });
    const done = await cancel(owner.cookie, order.orderId, { refundMethod: 'storecredit' });
    expect(done.statusCode).toBe(200);
    expect(done.json().result).toMatchObject({ refundAmount: 0 });
    expect(await refundsOf(owner.cookie, order.orderId)).toEqual([]);
    expect(await storeCreditOf(owner.customerId)).toBe(0);
    const [payment] = await api.db.query<{ status: string }>('select status from order_payments where order_id = $1', [order.orderId]);
    expect(payment!.status).toBe('CANCELLED');
  });
});

describe("a return's money moves when the goods are back", () => {
  async function deliveredOrder(paymentMethod = 'cc') {
    const owner = await customerSession(api.app, api.db);
    const order = await placeOrder(
      api.db,
      { customerId: owner.customerId },
      {
        paymentMethod,
        items: [
          { productId: p.otherFrame.id, price: 1500 },
          { productId: p.otherFrame2.id, price: 500 },
        ],
      },
    );
    expect((await advanceOrder(api.app, order.orderId, 'DELIVERED')).statusCode).toBe(200);
    return { ...order, ...owner };
  }
  const startReturn = (cookie: string, orderId: number, itemId: number, extra: Record<string, unknown> = {}) =>
    call(api.app, cookie, 'POST', `/v2/orders/${orderId}/return`, { items: [{ itemId, reasonId: 1 }], returnMethod: 'refund', mode: 'self_ship', ...extra });

  it('records the refund as pending at the request, pays it when the goods are received, and puts the stock back', async () => {
    const o = await deliveredOrder();
    const stockBefore = await stockOf(p.otherFrame.id);
    const ret = (await startReturn(o.cookie, o.orderId, o.itemIds[0]!)).json().result;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(api.app, o.cookie, 'POST', `/v2/orders/${o.orderId}/refund/return`, { itemId: o.itemIds[0], refundMethod: 'storecredit' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 200)!.json().result).toMatchObject({ amount: 1500, status: 'PENDING', method: 'storecredit' });
    // Nothing has moved yet: no store credit, no stock.
    expect(await storeCreditOf(o.customerId)).toBe(0);
    expect(await stockOf(p.otherFrame.id)).toBe(stockBefore);

    const received = await advanceReturn(api.db, ret.returnId, 'RECEIVED');
    expect(received.return.status).toBe('RECEIVED');
    expect(received.refunds).toEqual([expect.objectContaining({ amount: 1500, status: 'COMPLETED' })]);
    expect(await storeCreditOf(o.customerId)).toBe(150000);
    expect(await stockOf(p.otherFrame.id)).toBe(stockBefore + 1);
    const detail = (await call(api.app, o.cookie, 'GET', `/v2/orders/${o.orderId}`)).json().result;
    expect(detail.items[0].status).toBe('REFUNDED');
    // Once only: receiving again is refused, nothing more moves.
    await expect(advanceReturn(api.db, ret.returnId, 'RECEIVED')).rejects.toMatchObject({ status: 409 });
    expect(await storeCreditOf(o.customerId)).toBe(150000);
    expect(await stockOf(p.otherFrame.id)).toBe(stockBefore + 1);
    expect((await call(api.app, o.cookie, 'POST', `/v2/orders/${o.orderId}/return/${ret.returnId}/cancel`)).statusCode).toBe(409);
  });

  it('pays a pickup when it is picked up (the method chosen with the request), stock when received; through the admin listener', async () => {
    const o = await deliveredOrder();
    const address = (
      await call(api.app, o.cookie, 'POST', '/v2/addresses', {
        firstName: 'A',
        email: 'a@example.com',
        phone: '9812345678',
        addressline1: 'x',
        city: 'Bengaluru',
        state: 'Karnataka',
        postcode: '560038',
        country: 'in',
      })
    ).json().result;
    const ret = (await startReturn(o.cookie, o.orderId, o.itemIds[1]!, { mode: 'pickup', pickupAddressId: address.addressId, refundMethod: 'source' })).json()
      .result;
    expect(ret.status).toBe('REQUESTED');
    // Chosen with the request, the refund is in the ledger at once, waiting for the goods.
    expect(await refundsOf(o.cookie, o.orderId)).toEqual([expect.objectContaining({ method: 'source', amount: 500, status: 'PENDING' })]);
    const admin = api.admin;
    const stockBefore = await stockOf(p.otherFrame2.id);
    const wrong = await admin.inject({ method: 'POST', url: `/returns/${ret.returnId}/advance?to=LOST` });
    expect(wrong.statusCode).toBe(400);
    const picked = await admin.inject({ method: 'POST', url: `/returns/${ret.returnId}/advance?to=PICKED_UP` });
    expect(picked.statusCode).toBe(200);
    expect(picked.json().result.refunds).toEqual([expect.objectContaining({ method: 'source', amount: 500, status: 'INITIATED' })]);
    expect(await stockOf(p.otherFrame2.id)).toBe(stockBefore);
    const received = await admin.inject({ method: 'POST', url: `/returns/${ret.returnId}/advance?to=RECEIVED` });
    expect(received.json().result).toMatchObject({ return: { status: 'RECEIVED' }, refunds: [] });
    expect(await stockOf(p.otherFrame2.id)).toBe(stockBefore + 1);
    expect(await refundsOf(o.cookie, o.orderId)).toHaveLength(1);
    expect((await admin.inject({ method: 'POST', url: '/returns/999999/advance?to=RECEIVED' })).statusCode).toBe(404);
  });

  it('takes the refund method with the return (issue 42): says when its money moves, refuses a method the order cannot use, writes it pending in the same call', async () => {
    const o = await deliveredOrder();
    // Before the return exists, the item's methods say when the money moves: when the goods are back, not "instantly".
    const methods = (await call(api.app, o.cookie, 'GET', `/v2/refunds/methods/${o.itemIds[0]}`)).json().result.methods as {
      method: string;
      enabled: boolean;
      description: string;
    }[];
    expect(methods.find((m) => m.method === 'storecredit')).toMatchObject({
      enabled: true,
      description: 'Added to your account when your return is picked up or reaches us, to use on your next order',
    });
    expect(methods.find((m) => m.method === 'source')!.description).toBe(
      'Started when your return is picked up or reaches us; in your account 5-7 working days later',
    );
    // A cancel's store credit is issued at once, and says so.
    const cancelMethods = (await call(api.app, o.cookie, 'GET', `/v2/orders/${o.orderId}/cancel/reasons`)).json().result.refundMethods;
    expect(cancelMethods.find((m: { method: string }) => m.method === 'storecredit').description).toBe('Instantly, to use on your next order');

    // Refused before anything is written: a method the order cannot use, one for an exchange, bank details missing.
    const neft = await startReturn(o.cookie, o.orderId, o.itemIds[0]!, { refundMethod: 'neft' });
    expect(neft.statusCode).toBe(400);
    expect(neft.json()).toMatchObject({ message: 'This refund method is not available for this order', field: 'refundMethod' });
    const exchange = await startReturn(o.cookie, o.orderId, o.itemIds[0]!, { returnMethod: 'exchange', refundMethod: 'storecredit' });
    expect(exchange.statusCode).toBe(400);
    expect(exchange.json()).toMatchObject({ field: 'refundMethod' });
    expect(await api.db.query('select 1 from account_returns where order_id = $1', [o.orderId])).toEqual([]);

    const made = await startReturn(o.cookie, o.orderId, o.itemIds[0]!, { refundMethod: 'storecredit' });
    expect(made.statusCode).toBe(200);
    const ret = made.json().result;
    expect(await refundsOf(o.cookie, o.orderId)).toEqual([
      expect.objectContaining({ method: 'storecredit', amount: 1500, status: 'PENDING', itemId: o.itemIds[0] }),
    ]);
    // Asked for again afterwards, it is already there: nothing twice.
    const twice = await call(api.app, o.cookie, 'POST', `/v2/orders/${o.orderId}/refund/return`, { itemId: o.itemIds[0], refundMethod: 'storecredit' });
    expect(twice.statusCode).toBe(409);
    expect(await storeCreditOf(o.customerId)).toBe(0);
    // Paid when the goods arrive, once.
    const received = await advanceReturn(api.db, ret.returnId, 'RECEIVED');
    expect(received.refunds).toEqual([expect.objectContaining({ method: 'storecredit', amount: 1500, status: 'COMPLETED' })]);
    expect(await storeCreditOf(o.customerId)).toBe(150000);
    expect(await refundsOf(o.cookie, o.orderId)).toHaveLength(1);
  });

  it('an exchange for the same product sends the same item again when the goods are back, at no cost, once (issue 42)', async () => {
    const o = await deliveredOrder();
    const ret = (await startReturn(o.cookie, o.orderId, o.itemIds[0]!, { returnMethod: 'exchange' })).json().result;
    const stockBefore = await stockOf(p.otherFrame.id);
    const code = `${o.orderId}:${o.itemIds[0]}`;
    const replacements = () =>
      api.db.query<{ id: number }>('select id from orders where discounts @> $1::jsonb', [JSON.stringify([{ type: 'exchange', code }])]);
    expect(await replacements()).toEqual([]);

    const received = await advanceReturn(api.db, ret.returnId, 'RECEIVED');
    expect(received.refunds).toEqual([]);
    const [placed] = await replacements();
    expect(placed).toBeDefined();
    const replacement = (await call(api.app, o.cookie, 'GET', `/v2/orders/${placed!.id}`)).json().result;
    expect(replacement).toMatchObject({ status: 'PLACED', amount: { total: 0 } });
    expect(replacement.amount.discounts).toEqual([{ type: 'exchange', code, amount: 1500 }]);
    expect(replacement.items).toEqual([expect.objectContaining({ productId: p.otherFrame.id, quantity: 1, status: 'PROCESSING' })]);
    // The returned frame back in stock, the replacement out of it.
    expect(await stockOf(p.otherFrame.id)).toBe(stockBefore);
    // Its page shows what it cost, paid by the returned item; nothing is refunded for the exchange.
    expect(replacement.money).toMatchObject({ orderValue: 1500, payments: [expect.objectContaining({ kind: 'exchange', amount: 1500 })] });
    expect(await refundsOf(o.cookie, o.orderId)).toEqual([]);

    // Once: the return cannot move again, and a second pass places nothing more.
    await expect(advanceReturn(api.db, ret.returnId, 'RECEIVED')).rejects.toMatchObject({ status: 409 });
    expect(await replacements()).toHaveLength(1);
  });

  it('a cancelled return cancels its pending refund; only pickups are picked up', async () => {
    const o = await deliveredOrder();
    const ret = (await startReturn(o.cookie, o.orderId, o.itemIds[0]!)).json().result;
    await expect(advanceReturn(api.db, ret.returnId, 'PICKED_UP')).rejects.toMatchObject({ status: 409 });
    expect(
      (await call(api.app, o.cookie, 'POST', `/v2/orders/${o.orderId}/refund/return`, { itemId: o.itemIds[0], refundMethod: 'source' })).json().result.status,
    ).toBe('PENDING');
    expect((await call(api.app, o.cookie, 'POST', `/v2/orders/${o.orderId}/return/${ret.returnId}/cancel`)).statusCode).toBe(200);
    expect(await refundsOf(o.cookie, o.orderId)).toEqual([expect.objectContaining({ status: 'CANCELLED' })]);
    await expect(advanceReturn(api.db, ret.returnId, 'RECEIVED')).rejects.toMatchObject({ status: 409 });
    // Returned again, the item can still get its share (the cancelled refund does not count).
    const again = (await startReturn(o.cookie, o.orderId, o.itemIds[0]!)).json().result;
    expect(
      (await call(api.app, o.cookie, 'POST', `/v2/orders/${o.orderId}/refund/return`, { itemId: o.itemIds[0], refundMethod: 'source' })).json().result.amount,
    ).toBe(1500);
    expect((await advanceReturn(api.db, again.returnId, 'RECEIVED')).refunds).toEqual([expect.objectContaining({ amount: 1500, status: 'INITIATED' })]);
  });

  it('a delivered cash on delivery order refunds the collected cash to store credit when the goods are back', async () => {
    const o = await deliveredOrder('cod');
    const ret = (await startReturn(o.cookie, o.orderId, o.itemIds[0]!)).json().result;
    expect((await call(api.app, o.cookie, 'POST', `/v2/orders/${o.orderId}/refund/return`, { itemId: o.itemIds[0], refundMethod: 'source' })).statusCode).toBe(
      400,
    );
    expect(
      (await call(api.app, o.cookie, 'POST', `/v2/orders/${o.orderId}/refund/return`, { itemId: o.itemIds[0], refundMethod: 'storecredit' })).json().result,
    ).toMatchObject({ amount: 1500, status: 'PENDING' });
    await advanceReturn(api.db, ret.returnId, 'RECEIVED');
    expect(await storeCreditOf(o.customerId)).toBe(150000);
  });
});

describe('unpaid orders hold stock for a bounded time', () => {
  it('an unpaid UPI order past its hold is cancelled: stock and gift voucher released, a late payment refused clearly', async () => {
    const s = await shopper([p.otherFrame.id], { giftVoucher: 100 });
    const stockBefore = await stockOf(p.otherFrame.id);
    const placed = await s.c.post('/v2/orders/payment', { paymentMethod: 'upi', vpa: 'asha@upi' }, { 'idempotency-key': key() });
    expect(placed.status).toBe(200);
    const orderId = placed.body.result.order.id as number;
    expect(await stockOf(p.otherFrame.id)).toBe(stockBefore - 1);
    // Still within the hold: nothing happens.
    expect((await s.c.get(`/v2/checkout/orders/${orderId}`)).body.result.status).toBe('PENDING_PAYMENT');
    expect((await s.c.get(`/v2/payments/${orderId}/UPI/status`)).body.result.status).toBe('PENDING');
    await api.db.query(`update orders set created_at = now() - interval '31 minutes' where id = $1`, [orderId]);
    // The collect request would settle on this poll: it is refused instead.
    const poll = await s.c.get(`/v2/payments/${orderId}/UPI/status`);
    expect(poll.status).toBe(200);
    expect(poll.body.result.status).not.toBe('SUCCESS');
    expect(poll.body.result.message).toMatch(/time to pay for this order has run out/);
    const order = (await s.c.get(`/v2/checkout/orders/${orderId}`)).body.result;
    expect(order.status).toBe('CANCELLED');
    expect(order.items.map((i: { status: string }) => i.status)).toEqual(['CANCELLED']);
    expect(await stockOf(p.otherFrame.id)).toBe(stockBefore);
    expect((await api.db.query<{ balance: number }>('select balance from gift_vouchers where code = $1', [s.gv]))[0]!.balance).toBe(100);
    const late = await s.c.post('/v2/orders/payment', { orderId, paymentMethod: 'cc', card: CARD }, { 'idempotency-key': key() });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'ORDER_EXPIRED', field: 'orderId' });
    const [payment] = await api.db.query<{ n: number }>(`select count(*)::int as n from order_payments where order_id = $1 and status = 'SUCCESS'`, [orderId]);
    expect(payment!.n).toBe(0);
  });

  it('an unpaid order is cancelled whole, not item by item; its gift voucher comes back once and it can no longer expire or be paid', async () => {
    const s = await shopper([p.otherFrame.id, p.otherFrame2.id], { giftVoucher: 200 });
    const placed = await s.c.post('/v2/orders/payment', { paymentMethod: 'upi', vpa: 'asha@upi' }, { 'idempotency-key': key() });
    const orderId = placed.body.result.order.id as number;
    const itemIds = ((await s.c.get(`/v2/checkout/orders/${orderId}`)).body.result.items as { id: number }[]).map((i) => i.id);
    const partial = await cancel(s.cookie, orderId, { itemIds: [itemIds[0]] });
    expect(partial.statusCode).toBe(409);
    const whole = await cancel(s.cookie, orderId);
    expect(whole.json().result.refundAmount).toBe(200);
    expect((await refundsOf(s.cookie, orderId)).map((r) => [r.method, r.amount])).toEqual([['giftvoucher', 200]]);
    const { expireUnpaidOrders } = await import('../cart/order-expiry');
    await api.db.query(`update orders set created_at = now() - interval '2 hours' where id = $1`, [orderId]);
    expect(await expireUnpaidOrders(api.db, orderId)).toEqual([]);
    expect((await api.db.query<{ balance: number }>('select balance from gift_vouchers where code = $1', [s.gv]))[0]!.balance).toBe(200);
    expect((await s.c.get(`/v2/payments/${orderId}/UPI/status`)).body.result.status).toBe('CANCELLED');
    expect((await s.c.post('/v2/orders/payment', { orderId, paymentMethod: 'cc', card: CARD }, { 'idempotency-key': key() })).status).toBe(409);
  });

  it('the sweep expires every unpaid order past its hold and leaves the others', async () => {
    const { expireUnpaidOrders } = await import('../cart/order-expiry');
    const old = await shopper([p.otherFrame2.id]);
    const fresh = await shopper([p.otherFrame2.id]);
    const stockBefore = await stockOf(p.otherFrame2.id);
    const a = (await old.c.post('/v2/orders/payment', { paymentMethod: 'upi', vpa: 'asha@upi' }, { 'idempotency-key': key() })).body.result.order.id;
    const b = (await fresh.c.post('/v2/orders/payment', { paymentMethod: 'upi', vpa: 'asha@upi' }, { 'idempotency-key': key() })).body.result.order.id;
    await api.db.query(`update orders set created_at = now() - interval '2 hours' where id = $1`, [a]);
    expect(await expireUnpaidOrders(api.db)).toEqual([a]);
    expect(await expireUnpaidOrders(api.db)).toEqual([]);
    // Two units held, one released.
    expect(await stockOf(p.otherFrame2.id)).toBe(stockBefore - 1);
    const statuses = await api.db.query<{ id: number; status: string }>('select id, status from orders where id = any($1::int[]) order by id', [[a, b]]);
    expect(statuses.map((r) => r.status)).toEqual(['CANCELLED', 'PENDING_PAYMENT']);
  });
});

describe('an idempotency key left in flight by a crash', () => {
  it('is taken over after the timeout, and a fresh one still answers 409', async () => {
    const { hashBody } = await import('../../http/idempotency');
    const { ownerOf } = await import('../../http/session');
    const { sessionIdFrom } = await import('../../testing/api');
    const cookie = await guestSession(api.app);
    const c = client(api.app, cookie);
    expect((await c.post('/v2/carts/items', { productId: p.otherFrame.id })).status).toBe(200);
    expect((await c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
    const body = { paymentMethod: 'cc', card: CARD };
    const owner = ownerOf({ id: sessionIdFrom(cookie), customer_id: null });
    const stale = key();
    const busy = key();
    await api.db.query(
      `insert into idempotency_keys (owner, key, request_hash, state, created_at) values ($1, $2, $3, 'in_flight', now() - interval '5 minutes')`,
      [owner, stale, hashBody(body)],
    );
    await api.db.query(
      `insert into idempotency_keys (owner, key, request_hash, state, created_at) values ($1, $2, $3, 'in_flight', now() - interval '5 seconds')`,
      [owner, busy, hashBody(body)],
    );
    const refused = await c.post('/v2/orders/payment', body, { 'idempotency-key': busy });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('IN_FLIGHT');
    const taken = await c.post('/v2/orders/payment', body, { 'idempotency-key': stale });
    expect(taken.status).toBe(200);
    // Replayed from then on.
    const replay = await c.post('/v2/orders/payment', body, { 'idempotency-key': stale });
    expect(replay.body).toEqual(taken.body);
  });

  it('when the crashed request had placed the order, the takeover answers that order instead of placing another', async () => {
    const { hashBody } = await import('../../http/idempotency');
    const cookie = await guestSession(api.app);
    const c = client(api.app, cookie);
    expect((await c.post('/v2/carts/items', { productId: p.otherFrame.id })).status).toBe(200);
    expect((await c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
    const body = { paymentMethod: 'cc', card: CARD };
    const k = key();
    const first = await c.post('/v2/orders/payment', body, { 'idempotency-key': k });
    expect(first.status).toBe(200);
    // Simulate the crash: the order was committed but the answer never stored.
    await api.db.query(
      `update idempotency_keys set state = 'in_flight', status_code = null, response = null, created_at = now() - interval '10 minutes' where key = $1`,
      [k],
    );
    const count = async () => (await api.db.query<{ n: number }>('select count(*)::int as n from orders where idempotency_key = $1', [k]))[0]!.n;
    expect(await count()).toBe(1);
    expect((await c.post('/v2/carts/items', { productId: p.otherFrame.id })).status).toBe(200);
    const again = await c.post('/v2/orders/payment', body, { 'idempotency-key': k });
    expect(again.status).toBe(200);
    expect(again.body.result.order.id).toBe(first.body.result.order.id);
    expect(await count()).toBe(1);
    expect(hashBody(body)).toHaveLength(64);
  });
});
