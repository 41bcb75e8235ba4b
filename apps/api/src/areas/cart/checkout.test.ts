import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { ADDRESS, client, customerSession, pickProducts } from './test-helpers';

const r2 = (v: number) => Math.round(v * 100) / 100;
const CARD = { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' };
let keys = 0;
const key = () => `test-key-${Date.now()}-${++keys}`;

describe('checkout API: totals, payments, exactly-once orders', () => {
  let api: TestApi;
  let p: Awaited<ReturnType<typeof pickProducts>>;
  beforeAll(async () => {
    api = await createTestApi({ seeded: true });
    p = await pickProducts(api.db);
  });
  afterAll(() => api.close());

  async function shopper(items: Array<{ productId: number; quantity?: number }>, cookie?: string) {
    const c = client(api.app, cookie ?? (await guestSession(api.app)));
    for (const item of items) expect((await c.post('/v2/carts/items', item)).status).toBe(200);
    expect((await c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
    return c;
  }
  const pay = (c: ReturnType<typeof client>, body: unknown, k = key()) => c.post('/v2/orders/payment', body, { 'idempotency-key': k });
  const orderCount = async () => (await api.db.query<{ n: number }>('select count(*)::int as n from orders'))[0]!.n;

  describe('totals for each discount, alone and combined', () => {
    it('prices a plain frame: no discount, free shipping, 18% GST included', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      const t = (await c.get('/v2/carts')).body.result.totals;
      const s = p.otherFrame.selling_price;
      expect(t).toMatchObject({ subTotal: s, totalDiscount: 0, shipping: 0, total: s, discounts: [] });
      expect(t.totalTax).toBeCloseTo(r2((s * 18) / 118), 2);
    });

    it('adds own-brand, gold, cart offer, gift voucher, store credit and wallet in turn', async () => {
      const { cookie, customerId } = await customerSession(api.app, api.db);
      await api.db.query(`insert into wallets (customer_id, currency, balance) values ($1, 'INR', 300)`, [customerId]);
      const c = await shopper([{ productId: p.houseFrame.id }], cookie);
      const s = p.houseFrame.selling_price;
      const brand = r2(s * 0.1);
      let cart = (await c.get('/v2/carts')).body.result;
      expect(cart.totals.discounts).toEqual([{ type: p.houseFrame.brand, code: 'brand', amount: brand }]);

      cart = (await c.post('/v2/carts/items', { productId: 128269 })).body.result;
      const gold = r2((s - brand) * 0.2);
      const goldPrice = p.gold.selling_price;
      expect(cart.totals.subTotal).toBe(r2(s + goldPrice));
      expect(cart.totals.finalTotal).toEqual([{ id: 'goldDiscount', value: gold }]);
      let remaining = r2(s + goldPrice - brand - gold);
      expect(cart.totals.total).toBe(remaining);

      cart = (await c.post('/v2/carts/offers', { offerId: 'SAVE10' })).body.result;
      const implicit = Math.min(r2(remaining * 0.1), 500);
      remaining = r2(remaining - implicit);
      expect(cart.implicitAmt).toBe(implicit);
      expect(cart.totals.total).toBe(remaining);

      cart = (await c.post('/v2/carts/gift-vouchers', { code: 'GIFT500' })).body.result;
      expect(cart.gvAmt).toBe(500);
      remaining = r2(remaining - 500);

      cart = (await c.post('/v2/carts/store-credits', { code: 'CREDIT1000', amount: 200 })).body.result;
      expect(cart.scAmt).toBe(200);
      remaining = r2(remaining - 200);

      cart = (await c.get('/v2/carts?applyWallet=true')).body.result;
      expect(cart.walletApplied).toBe(true);
      remaining = r2(remaining - 300);
      expect(cart.totals.total).toBe(remaining);
      expect(cart.totals.discounts.map((d: { type: string }) => d.type)).toEqual([p.houseFrame.brand, 'gold', 'implicit', 'gv', 'sc', 'wallet']);
      expect(cart.totals.totalDiscount).toBe(r2(brand + gold + implicit + 500 + 200 + 300));
      expect(cart.netAmountCart).toBe(remaining);

      // Everything paid in one order; the balances are spent.
      const paid = await pay(c, { paymentMethod: 'cc', card: CARD });
      expect(paid.status).toBe(200);
      expect(paid.body.result.order.amount.total).toBe(remaining);
      const [voucher] = await api.db.query<{ balance: number }>(`select balance from gift_vouchers where code = 'GIFT500'`);
      expect(voucher!.balance).toBe(0);
      const [wallet] = await api.db.query<{ balance: number }>('select balance from wallets where customer_id = $1', [customerId]);
      expect(wallet!.balance).toBe(0);
      const order = (await c.get(`/v2/checkout/orders/${paid.body.result.order.id}`)).body.result;
      expect(order.amount.discounts.map((d: { type: string }) => d.type)).toEqual(['brand', 'gold', 'implicit', 'gv', 'sc', 'wallet']);
      const days = (await api.db.query<{ data: { membershipDays: number } }>('select data from products where id = 128269'))[0]!.data.membershipDays;
      const expected = new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);
      expect(order.membershipEndsOn).toBe(expected);
      const [customer] = await api.db.query<{ is_loyalty: boolean; has_placed_order: boolean }>(
        'select is_loyalty, has_placed_order from customers where id = $1',
        [customerId],
      );
      expect(customer).toEqual({ is_loyalty: true, has_placed_order: true });
    });

    it('applies a UPI payment offer only with UPI; a failed offer keeps the cart', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      const before = (await c.get('/v2/carts')).body.result;
      const wrong = await c.post('/v2/carts/paymentOffer', { offerId: 'UPI5', paymentMethod: 'cc' });
      expect(wrong.status).toBe(422);
      expect((await c.get('/v2/carts')).body.result).toEqual(before);
      const ok = await c.post('/v2/carts/paymentOffer', { offerId: 'UPI5', paymentMethod: 'upi' });
      const s = p.otherFrame.selling_price;
      expect(ok.body.result.totals.discounts).toEqual([{ type: 'offer', code: 'UPI5', amount: Math.min(r2(s * 0.05), 100) }]);
      const card = await c.post('/v2/carts/paymentOffer', { offerId: 'HDFC15', cardBin: '411111' });
      expect(card.status).toBe(200);
      expect(card.body.result.cardOffer).toMatchObject({ applied: true, offerId: 'HDFC15' });
      expect((await c.del('/v2/carts/offers/HDFC15')).body.result.totals.discounts).toEqual([]);
    });

    it('charges a convenience fee under the free-shipping amount', async () => {
      const cheap = p.all.find((r) => r.selling_price < 500 && r.stock > 2 && r.classification !== 'loyalty_services')!;
      const c = await shopper([{ productId: cheap.id }]);
      const t = (await c.get('/v2/carts')).body.result.totals;
      expect(t.shipping).toBe(99);
      expect(t.total).toBe(r2(cheap.selling_price + 99));
    });

    it('zeroes the gift voucher and keeps its message when applying fails', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      await c.post('/v2/carts/gift-vouchers', { code: 'GIFT2000' });
      const expired = await c.post('/v2/carts/gift-vouchers', { code: 'GIFTOLD1' });
      expect(expired.status).toBe(422);
      expect(expired.body.message).toBe('This gift voucher has expired');
      const cart = (await c.get('/v2/carts')).body.result;
      expect(cart.gvAmt).toBe(0);
      expect(cart.voucherMessage).toBe('This gift voucher has expired');
    });
  });

  describe('payments', () => {
    it('pays by card and empties the cart; a declined card answers 402 and keeps the cart', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      const declined = await pay(c, { paymentMethod: 'cc', card: { ...CARD, number: '4000000000000002' } });
      expect(declined.status).toBe(402);
      expect(declined.body.message).toBe('Your card was declined by the bank. Please try another card.');
      expect((await c.get('/v2/carts')).body.result.itemsQty).toBe(1);
      const badLuhn = await pay(c, { paymentMethod: 'cc', card: { ...CARD, number: '4111111111111112' } });
      expect(badLuhn.status).toBe(400);
      expect(badLuhn.body.field).toBe('card.number');
      const ok = await pay(c, { paymentMethod: 'cc', card: CARD });
      expect(ok.body.result.payment).toMatchObject({ status: 'SUCCESS', action: 'NONE' });
      expect((await c.get('/v2/carts')).body.result.itemsQty).toBe(0);
      expect((await c.get('/me')).body.result.cartCount).toBe(0);
      const order = (await c.get(`/v2/checkout/orders/${ok.body.result.order.id}`)).body.result;
      expect(order).toMatchObject({
        status: 'PLACED',
        payments: { paymentList: [{ method: 'cc', status: 'SUCCESS' }] },
        shippingAddress: { city: 'Bengaluru' },
      });
      const other = client(api.app, await guestSession(api.app));
      expect((await other.get(`/v2/checkout/orders/${ok.body.result.order.id}`)).status).toBe(404);
    });

    it('collects by UPI: pending while polled, then paid', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      expect((await c.post('/v2/payments/validateVpa', { vpa: 'invalid@upi' })).body.result.valid).toBe(false);
      const started = await pay(c, { paymentMethod: 'upi', vpa: 'success@upi' });
      expect(started.body.result.payment).toMatchObject({ status: 'PENDING', action: 'UPI_COLLECT' });
      const id = started.body.result.order.id;
      expect((await c.get(`/v2/payments/${id}/UPI/status`)).body.result.status).toBe('PENDING');
      expect((await c.get(`/v2/payments/${id}/UPI/status`)).body.result.status).toBe('SUCCESS');
      expect((await c.get(`/v2/checkout/orders/${id}`)).body.result.status).toBe('PLACED');
    });

    it('a failed UPI collect can be paid again by card (retry payment)', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      const started = await pay(c, { paymentMethod: 'upi', vpa: 'failure@upi' });
      const id = started.body.result.order.id;
      await c.get(`/v2/payments/${id}/UPI/status`);
      const failed = await c.get(`/v2/payments/${id}/UPI/status`);
      expect(failed.body.result).toMatchObject({ status: 'FAILED', message: 'The UPI payment was declined' });
      const retry = await pay(c, { paymentMethod: 'cc', card: CARD, orderId: id });
      expect(retry.body.result.payment.status).toBe('SUCCESS');
      expect((await c.get(`/v2/checkout/orders/${id}`)).body.result.status).toBe('PLACED');
    });

    it('pays by QR: the code of the order, pending while polled, then paid', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      const started = await pay(c, { paymentMethod: 'qr' });
      expect(started.body.result.payment).toMatchObject({ status: 'PENDING', action: 'QR' });
      const id = started.body.result.order.id;
      const qr = await c.post(`/v2/qr-payments/${id}/qr/generate`);
      expect(qr.body.result.qrCode).toContain(`tr=${id}`);
      expect((await c.get(`/v2/qr-payments/${id}/qr/status`)).body.result.status).toBe('PENDING');
      expect((await c.get(`/v2/qr-payments/${id}/qr/status`)).body.result.status).toBe('SUCCESS');
      expect((await c.get(`/v2/checkout/orders/${id}`)).body.result.status).toBe('PLACED');
    });

    it('serves the payment methods on each path version (default, v4, v5) alike: India all of them, the filter first', async () => {
      const c = client(api.app, await guestSession(api.app));
      const answers = await Promise.all(['/v2', '/v4', '/v5'].map((v) => c.get(`${v}/payments/methods?paymentMethod=upi`)));
      expect(answers.map((a) => [a.status, a.body.result.version])).toEqual([
        [200, 'default'],
        [200, 'v4'],
        [200, 'v5'],
      ]);
      const codes = answers.map((a) => a.body.result.methods.map((m: { code: string }) => m.code));
      expect(codes[0]![0]).toBe('upi');
      expect(codes[0]).toEqual(expect.arrayContaining(['cc', 'dc', 'upi', 'cod']));
      expect(codes[1]).toEqual(codes[0]);
      expect(codes[2]).toEqual(codes[0]);
      expect((await c.get('/v4/payments/methods?paymentMethod=bogus')).status).toBe(400);
      expect((await api.app.inject({ method: 'GET', url: '/v5/payments/methods' })).statusCode).toBe(401);
    });

    it('cash on delivery needs the captcha', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      expect((await pay(c, { paymentMethod: 'cod' })).status).toBe(400);
      const captcha = (await c.get('/v2/captcha')).body.result;
      expect(captcha.image).toMatch(/^data:image\/svg\+xml;base64,/);
      const answer = (await api.admin.inject({ method: 'GET', url: `/captchas/${captcha.id}` })).json().result.answer as string;
      const ok = await pay(c, { paymentMethod: 'cod', captcha: `${captcha.id}:${answer.toLowerCase()}` });
      expect(ok.body.result.payment).toMatchObject({ status: 'PENDING', action: 'NONE' });
      expect((await c.get(`/v2/checkout/orders/${ok.body.result.order.id}`)).body.result).toMatchObject({ status: 'PLACED', codConfirmed: false });
    });

    it('refuses to pay an empty cart or one without an address', async () => {
      const c = client(api.app, await guestSession(api.app));
      expect((await pay(c, { paymentMethod: 'cc', card: CARD })).status).toBe(422);
      await c.post('/v2/carts/items', { productId: p.otherFrame.id });
      const noAddress = await pay(c, { paymentMethod: 'cc', card: CARD });
      expect(noAddress.status).toBe(400);
      expect(noAddress.body.field).toBe('shippingAddress');
    });
  });

  describe('exactly-once order placement', () => {
    it('replays the first answer for the same key: one order', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      const before = await orderCount();
      const k = key();
      const first = await pay(c, { paymentMethod: 'cc', card: CARD }, k);
      const second = await pay(c, { paymentMethod: 'cc', card: CARD }, k);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(await orderCount()).toBe(before + 1);
    });

    it('answers 422 for the same key with a different body', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      const k = key();
      await pay(c, { paymentMethod: 'cc', card: CARD }, k);
      const other = await pay(c, { paymentMethod: 'upi', vpa: 'success@upi' }, k);
      expect(other.status).toBe(422);
      expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
    });

    it('answers 409 while the first request with the key is in flight', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      const k = key();
      const body = { paymentMethod: 'cc', card: CARD };
      const owner = (await api.db.query<{ id: string }>('select id from sessions order by created_at desc limit 1'))[0]!.id;
      const { hashBody } = await import('../../http/idempotency');
      await api.db.query(`insert into idempotency_keys (owner, key, request_hash, state) values ($1, $2, $3, 'in_flight')`, [`s:${owner}`, k, hashBody(body)]);
      const busy = await pay(c, body, k);
      expect(busy.status).toBe(409);
      expect(busy.body.code).toBe('IN_FLIGHT');
    });

    it('two concurrent requests with one key create one order (double click)', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      const before = await orderCount();
      const k = key();
      const answers = await Promise.all([pay(c, { paymentMethod: 'cc', card: CARD }, k), pay(c, { paymentMethod: 'cc', card: CARD }, k)]);
      expect(answers.map((a) => a.status).sort()).toEqual(answers.some((a) => a.status === 409) ? [200, 409] : [200, 200]);
      expect(await orderCount()).toBe(before + 1);
    });

    it('needs the Idempotency-Key header', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      const res = await c.post('/v2/orders/payment', { paymentMethod: 'cc', card: CARD });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('idempotency-key');
    });

    it('never oversells the last unit to two concurrent orders', async () => {
      const target = p.otherFrame2;
      await api.db.query('update products set stock = 1 where id = $1', [target.id]);
      const a = await shopper([{ productId: target.id }]);
      const b = await shopper([{ productId: target.id }]);
      const answers = await Promise.all([pay(a, { paymentMethod: 'cc', card: CARD }), pay(b, { paymentMethod: 'cc', card: CARD })]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 422]);
      expect(answers.find((x) => x.status === 422)!.body.code).toBe('OUT_OF_STOCK');
      const [stock] = await api.db.query<{ stock: number }>('select stock from products where id = $1', [target.id]);
      expect(stock!.stock).toBe(0);
      const [sold] = await api.db.query<{ n: number }>('select coalesce(sum(quantity), 0)::int as n from order_items where product_id = $1', [target.id]);
      expect(sold!.n).toBe(1);
    });
  });
  describe('payment offers on the payment page (GET /v2/payments/offers/enabled, POST /v2/carts/paymentOffer)', () => {
    const upiOffer = (s: number) => Math.min(r2(s * 0.05), 100);

    it('lists the offers of the country’s methods: UPI5 and the card offer in India, no UPI offer elsewhere', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      const offers = (await c.get('/v2/payments/offers/enabled')).body.result.offers;
      expect(offers).toEqual([
        expect.objectContaining({ offerId: 'HDFC15', bank: 'Eyebank', discountPercent: 15, minCartValue: 1500 }),
        expect.objectContaining({ offerId: 'UPI5', paymentMethod: 'upi', discountPercent: 5, minCartValue: 500 }),
      ]);
      const ae = await api.app.inject({
        method: 'GET',
        url: '/v2/payments/offers/enabled',
        headers: { cookie: await guestSession(api.app, 'ae'), 'x-country-code': 'ae' },
      });
      expect(ae.json().result.offers.map((o: { offerId: string }) => o.offerId)).toEqual(['HDFC15']);
      const aeApply = await api.app.inject({
        method: 'POST',
        url: '/v2/carts/paymentOffer',
        payload: { offerId: 'UPI5', paymentMethod: 'upi' },
        headers: { cookie: await guestSession(api.app, 'ae'), 'x-country-code': 'ae' },
      });
      expect(aeApply.statusCode).toBe(422);
    });

    it('validates the request (400), refuses an offer whose conditions do not match (422, cart unchanged), and a repeated apply changes nothing', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      const before = (await c.get('/v2/carts')).body.result;
      for (const body of [
        {},
        { offerId: '' },
        { offerId: 'UPI5', paymentMethod: 'bitcoin' },
        { offerId: 'UPI5', extra: 1 },
        { offerId: 'HDFC15', cardBin: '41' },
      ]) {
        const answer = await c.post('/v2/carts/paymentOffer', body);
        expect(answer.status).toBe(400);
        expect(answer.body.message).toEqual(expect.any(String));
      }
      expect((await c.post('/v2/carts/paymentOffer', { offerId: 'NOPE' })).body).toMatchObject({ field: 'offerId' });
      expect((await c.post('/v2/carts/paymentOffer', { offerId: 'UPI5' })).status).toBe(422);
      expect((await c.post('/v2/carts/paymentOffer', { offerId: 'HDFC15', cardBin: '555555' })).status).toBe(422);
      expect((await c.post('/v2/carts/paymentOffer', { offerId: 'SAVE10', paymentMethod: 'upi' })).status).toBe(422);
      expect((await c.post('/v2/carts/paymentOffer', { offerId: 'UPI5', paymentMethod: 'upi', orderId: 1 })).status).toBe(422);
      expect((await c.get('/v2/carts')).body.result).toEqual(before);
      const first = await c.post('/v2/carts/paymentOffer', { offerId: 'upi5', paymentMethod: 'upi' });
      const again = await c.post('/v2/carts/paymentOffer', { offerId: 'UPI5', paymentMethod: 'upi' });
      expect(again.status).toBe(200);
      expect(again.body.result).toEqual(first.body.result);
      expect(again.body.result.totals.discounts).toEqual([{ type: 'offer', code: 'UPI5', amount: upiOffer(p.otherFrame.selling_price) }]);
    });

    it('an offer needs the cart to reach its minimum value', async () => {
      const cheap = p.all.find((r) => r.selling_price < 500 && r.stock > 2 && r.classification !== 'loyalty_services')!;
      const c = await shopper([{ productId: cheap.id }]);
      const refused = await c.post('/v2/carts/paymentOffer', { offerId: 'UPI5', paymentMethod: 'upi' });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('Add items worth 500 to use this offer');
    });

    it('UPI with the offer is charged the total the page showed, to the paisa', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      const shown = (await c.post('/v2/carts/paymentOffer', { offerId: 'UPI5', paymentMethod: 'upi' })).body.result;
      expect(shown.netAmountCart).toBe(r2(p.otherFrame.selling_price - upiOffer(p.otherFrame.selling_price)));
      const paid = await pay(c, { paymentMethod: 'upi', vpa: 'success@upi' });
      expect(paid.body.result.order.amount.total).toBe(shown.netAmountCart);
      const order = (await c.get(`/v2/checkout/orders/${paid.body.result.order.id}`)).body.result;
      expect(order.amount.total).toBe(shown.netAmountCart);
      expect(order.amount.discounts).toEqual([{ type: 'offer', code: 'UPI5', amount: upiOffer(p.otherFrame.selling_price) }]);
    });

    it('switching from UPI to another method removes the offer (DELETE /v2/carts/offers/UPI5): the card is charged the re-priced total shown', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      await c.post('/v2/carts/paymentOffer', { offerId: 'UPI5', paymentMethod: 'upi' });
      const removed = await c.del('/v2/carts/offers/UPI5');
      expect(removed.status).toBe(200);
      expect(removed.body.result.totals.discounts).toEqual([]);
      expect(removed.body.result.cardOffer).toBeUndefined();
      expect((await c.del('/v2/carts/offers/UPI5')).status).toBe(404);
      const paid = await pay(c, { paymentMethod: 'cc', card: { ...CARD, number: '5555555555554444' } });
      expect(paid.body.result.order.amount.total).toBe(removed.body.result.netAmountCart);
      expect(paid.body.result.order.amount.total).toBe(p.otherFrame.selling_price);
    });

    it('switching from UPI to a card of the card offer replaces the UPI offer: the card is charged what the page showed', async () => {
      const c = await shopper([{ productId: p.otherFrame.id }]);
      await c.post('/v2/carts/paymentOffer', { offerId: 'UPI5', paymentMethod: 'upi' });
      const shown = (await c.post('/v2/carts/paymentOffer', { offerId: 'HDFC15', paymentMethod: 'cc', cardBin: '411111' })).body.result;
      expect(shown.totals.discounts.map((d: { code: string }) => d.code)).toEqual(['HDFC15']);
      const paid = await pay(c, { paymentMethod: 'cc', card: CARD });
      expect(paid.body.result.order.amount.total).toBe(shown.netAmountCart);
    });
  });
});
