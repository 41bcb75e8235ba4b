import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { call, outbox, placeOrder, register, type Shopper } from './testing';

let api: TestApi;
let a: Shopper;
let b: Shopper;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
  a = await register(api.app, { telephone: '9812300001', phoneCode: '+91' });
  b = await register(api.app);
});
afterAll(() => api.close());

describe('store credit orders and SMS', () => {
  it('lists the orders that earned store credit and sends its details by SMS through the outbox', async () => {
    const order = await placeOrder(api.db, { customerId: a.customerId });
    const cancelled = await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/cancel`, { reasonId: 1, refundMethod: 'storecredit' });
    expect(cancelled.statusCode).toBe(200);
    const orders = (await call(api.app, a.cookie, 'GET', '/v2/money/store-credits/orders?page=0')).json().result;
    expect(orders.entries).toEqual([
      expect.objectContaining({ orderId: order.orderId, type: 'CREDIT', amount: 1500, description: `Refund of order ${order.orderId}` }),
    ]);
    const sms = await call(api.app, a.cookie, 'GET', `/v2/money/store-credits/sms?orderId=${order.orderId}`);
    expect(sms.json().result).toEqual({ success: true, message: 'We have sent the store credit code to your mobile number' });
    const [message] = await outbox(api.app, '+91 9812300001');
    const [credit] = await api.db.query<{ code: string }>('select code from store_credits where customer_id = $1', [a.customerId]);
    expect(message?.body).toContain(`order ${order.orderId}`);
    expect(message?.body).toContain(`${credit!.code}: INR 1500.00 left`);
  });

  it('answers 404 for another customer, an order without store credit, and 422 without a mobile', async () => {
    const order = await placeOrder(api.db, { customerId: a.customerId });
    expect((await call(api.app, a.cookie, 'GET', `/v2/money/store-credits/sms?orderId=${order.orderId}`)).statusCode).toBe(404);
    await call(api.app, a.cookie, 'POST', `/v2/orders/${order.orderId}/cancel`, { reasonId: 1, refundMethod: 'storecredit' });
    const before = (await outbox(api.app, '+91 9812300001')).length;
    expect((await call(api.app, b.cookie, 'GET', `/v2/money/store-credits/sms?orderId=${order.orderId}`)).statusCode).toBe(404);
    expect((await outbox(api.app, '+91 9812300001')).length).toBe(before);
    const own = await placeOrder(api.db, { customerId: b.customerId });
    await call(api.app, b.cookie, 'POST', `/v2/orders/${own.orderId}/cancel`, { reasonId: 1, refundMethod: 'storecredit' });
    const noMobile = await call(api.app, b.cookie, 'GET', `/v2/money/store-credits/sms?orderId=${own.orderId}`);
    expect(noMobile.statusCode).toBe(422);
    expect(noMobile.json().field).toBe('telephone');
    const guest = await guestSession(api.app);
    expect((await call(api.app, guest, 'GET', `/v2/money/store-credits/sms?orderId=${own.orderId}`)).statusCode).toBe(401);
  });
});

describe('marketing subscription', () => {
  it('reads and toggles the customer subscription; each customer sees only their own', async () => {
    const initial = (await call(api.app, a.cookie, 'GET', '/v2/marketing/subscription')).json().result;
    expect(initial).toEqual({ email: a.email, phone: '9812300001', subscribed: false, channels: [] });
    const on = (await call(api.app, a.cookie, 'POST', '/v2/marketing/subscription', { email: a.email, subscribed: true, channels: ['email', 'sms'] })).json()
      .result;
    expect(on).toMatchObject({ email: a.email, subscribed: true, channels: ['email', 'sms'] });
    expect((await call(api.app, a.cookie, 'GET', '/v2/marketing/subscription')).json().result).toMatchObject({ subscribed: true, channels: ['email', 'sms'] });
    expect((await call(api.app, b.cookie, 'GET', '/v2/marketing/subscription')).json().result).toMatchObject({ email: b.email, subscribed: false });
    const off = (await call(api.app, a.cookie, 'POST', '/v2/marketing/subscription', { email: a.email, subscribed: false })).json().result;
    expect(off).toMatchObject({ subscribed: false, channels: [] });
  });

  it('needs a login to read, validates the body, and signs a guest e-mail up once', async () => {
    const guest = await guestSession(api.app);
    expect((await call(api.app, guest, 'GET', '/v2/marketing/subscription')).statusCode).toBe(401);
    const bad = await call(api.app, guest, 'POST', '/v2/marketing/subscription', { subscribed: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('email');
    for (let i = 0; i < 2; i++) expect((await call(api.app, guest, 'POST', '/v2/marketing/subscription', { email: 'News@Example.com' })).statusCode).toBe(200);
    const rows = await api.db.query<{ subscribed: boolean }>(`select subscribed from account_marketing where lower(email) = 'news@example.com'`);
    expect(rows).toEqual([{ subscribed: true }]);
  });
});

describe('customer info for marketing', () => {
  it("answers the caller's own info and 404 for anyone else's", async () => {
    expect((await call(api.app, a.cookie, 'GET', `/v2/marketing/customers/${a.customerId}`)).json().result).toEqual({
      customerId: a.customerId,
      firstName: 'Asha',
      lastName: 'Rao',
      hasPlacedOrder: false,
      isLoyalty: false,
    });
    expect((await call(api.app, b.cookie, 'GET', `/v2/marketing/customers/${a.customerId}`)).statusCode).toBe(404);
    expect((await call(api.app, await guestSession(api.app), 'GET', `/v2/marketing/customers/${a.customerId}`)).statusCode).toBe(401);
  });
});

describe('saved cards (the cart area stores them; the account lists and deletes them)', () => {
  it("lists a customer's own cards only and never deletes another customer's card (404)", async () => {
    await api.db.query(
      `insert into saved_cards (token, customer_id, gateway_id, card_type, last4, bin, name_on_card, expiry_month, expiry_year) values ($1, $2, 'PU', 'visa', '1111', '411111', 'Asha Rao', 12, 2099)`,
      [`tok_asha_card_${a.customerId}`, a.customerId],
    );
    const mine = (await call(api.app, a.cookie, 'GET', '/v2/saved-cards/?gatewayId=PU')).json().result.cards;
    expect(mine.map((c: { token: string }) => c.token)).toEqual([`tok_asha_card_${a.customerId}`]);
    expect((await call(api.app, b.cookie, 'GET', '/v2/saved-cards/?gatewayId=PU')).json().result.cards).toEqual([]);
    const url = `/v2/saved-cards/tok_asha_card_${a.customerId}?gatewayId=PU&emailId=${encodeURIComponent(a.email)}`;
    const theirs = await call(api.app, b.cookie, 'DELETE', url);
    expect(theirs.statusCode).toBe(404);
    expect((await call(api.app, a.cookie, 'DELETE', url)).statusCode).toBe(200);
    expect((await call(api.app, a.cookie, 'GET', '/v2/saved-cards/?gatewayId=PU')).json().result.cards).toEqual([]);
  });
});
