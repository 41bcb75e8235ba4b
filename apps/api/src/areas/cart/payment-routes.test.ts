import { type FastifyInstance } from 'fastify';
import { createTestApi, customerSession, guestSession, type TestApi } from '../../testing/api';
import { AE_ADDRESS, pickProducts } from './test-helpers';

/** The card-provider ("primer") flow: methods, client token, saved provider cards, payment and its status. */
const CARD = { number: '4111111111111111', nameOnCard: 'Omar Haddad', expiryMonth: 12, expiryYear: 2099, cvv: '123' };
const DECLINED = '4000000000000002';
let keys = 0;

/** A client of one country's site (the cart area's helper is India's). */
function clientIn(app: FastifyInstance, cookie: string, country: string) {
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method, url, payload: payload as never, headers: { cookie, 'x-country-code': country, ...headers } });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.statusCode, body: response.json() as any };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) => call('POST', url, payload, headers),
    pay: (body: unknown) => call('POST', '/v2/orders/payment', body, { 'idempotency-key': `provider-${Date.now()}-${++keys}` }),
  };
}

describe('card provider (primer) payments', () => {
  let api: TestApi;
  let frameId: number;
  beforeAll(async () => {
    api = await createTestApi({ seeded: true });
    frameId = (await pickProducts(api.db)).otherFrame.id;
  });
  afterAll(() => api.close());

  async function aeShopper(cookie?: string) {
    const c = clientIn(api.app, cookie ?? (await guestSession(api.app, 'ae')), 'ae');
    expect((await c.post('/v2/carts/items', { productId: frameId })).status).toBe(200);
    const saved = await c.post('/v2/carts/shippingAddress', AE_ADDRESS);
    expect(saved.status).toBe(200);
    return c;
  }
  const statusOf = (c: ReturnType<typeof clientIn>, ref: string) => c.get(`/v2/payments/primer/${ref}/status?paymentId=${ref}`);

  it('is offered where the country offers it: its method types, never in India', async () => {
    const ae = await aeShopper();
    const methods = await ae.get('/v2/payments/methods?paymentMethod=primer&primerPaymentMethods=PAYMENT_CARD,APPLE_PAY');
    expect(methods.status).toBe(200);
    expect(methods.body.result.methods).toEqual([expect.objectContaining({ code: 'primer', enabled: true, primerPaymentMethods: ['PAYMENT_CARD'] })]);
    // A page that can show none of the provider's types gets no provider method.
    expect((await ae.get('/v2/payments/methods?paymentMethod=primer&primerPaymentMethods=APPLE_PAY')).body.result.methods).toEqual([]);
    const india = clientIn(api.app, await guestSession(api.app, 'in'), 'in');
    expect((await india.get('/v2/payments/methods?paymentMethod=primer')).body.result.methods).toEqual([]);
    expect((await india.get('/v2/payments/primer/client-token')).status).toBe(422);
    // The ordinary India list is unchanged.
    expect((await india.get('/v2/payments/methods')).body.result.methods.map((m: { code: string }) => m.code)).toEqual(['cc', 'dc', 'upi', 'nb', 'cod', 'qr']);
  });

  it('gives a client token for the caller’s own cart or unpaid order only', async () => {
    const empty = clientIn(api.app, await guestSession(api.app, 'ae'), 'ae');
    expect((await empty.get('/v2/payments/primer/client-token')).body).toMatchObject({ code: 'EMPTY_CART' });
    const owner = await aeShopper();
    const token = await owner.get('/v2/payments/primer/client-token');
    expect(token.status).toBe(200);
    expect(token.body.result.clientToken).toMatch(/^ct_[0-9a-f]{32}$/);
    expect(new Date(token.body.result.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const placed = await owner.pay({ paymentMethod: 'primer', card: { ...CARD, number: DECLINED } });
    const orderId = placed.body.result.order.id;
    expect((await owner.get(`/v2/payments/primer/client-token?orderId=${orderId}`)).status).toBe(200);
    const stranger = await aeShopper();
    expect((await stranger.get(`/v2/payments/primer/client-token?orderId=${orderId}`)).status).toBe(404);
    expect((await owner.get('/v2/payments/primer/client-token?orderId=abc')).status).toBe(400);
  });

  it('pays by card through the provider: pending, then paid on the status poll; the order total is the cart’s', async () => {
    const c = await aeShopper();
    const cart = (await c.get('/v2/carts')).body.result;
    const paid = await c.pay({ paymentMethod: 'primer', card: CARD });
    expect(paid.status).toBe(200);
    expect(paid.body.result.payment).toMatchObject({ status: 'PENDING', action: 'SDK' });
    expect(paid.body.result.order.amount).toEqual({ total: cart.netAmountCart, currencyCode: 'AED' });
    const ref = paid.body.result.payment.paymentId;
    expect((await statusOf(c, ref)).body.result).toMatchObject({ status: 'SUCCESS', paymentRefId: ref, orderId: paid.body.result.order.id });
    const order = (await c.get(`/v2/checkout/orders/${paid.body.result.order.id}`)).body.result;
    expect(order.status).toBe('PLACED');
    expect(order.payments.paymentList).toEqual([{ method: 'primer', amount: cart.netAmountCart, status: 'SUCCESS' }]);
    // Asked again, it stays paid.
    expect((await statusOf(c, ref)).body.result.status).toBe('SUCCESS');
  });

  it('a declined provider payment fails on the poll, the order waits for another payment, and the retry pays it', async () => {
    const c = await aeShopper();
    const placed = await c.pay({ paymentMethod: 'primer', card: { ...CARD, number: DECLINED } });
    expect(placed.body.result.payment.status).toBe('PENDING');
    const status = (await statusOf(c, placed.body.result.payment.paymentId)).body.result;
    expect(status).toMatchObject({ status: 'FAILED', message: 'Your card was declined by the bank. Please try another card.' });
    const orderId = placed.body.result.order.id;
    expect((await c.get(`/v2/checkout/orders/${orderId}`)).body.result.status).toBe('PENDING_PAYMENT');
    const retry = await c.pay({ paymentMethod: 'primer', orderId, card: CARD });
    expect(retry.body.result).toMatchObject({ order: { id: orderId }, payment: { status: 'PENDING', action: 'SDK' } });
    expect((await statusOf(c, retry.body.result.payment.paymentId)).body.result.status).toBe('SUCCESS');
    expect((await c.get(`/v2/checkout/orders/${orderId}`)).body.result.status).toBe('PLACED');
  });

  it('the status of someone else’s payment, or of a payment that is not the provider’s, is 404', async () => {
    const owner = await aeShopper();
    const ref = (await owner.pay({ paymentMethod: 'primer', card: CARD })).body.result.payment.paymentId;
    const stranger = await aeShopper();
    expect((await statusOf(stranger, ref)).status).toBe(404);
    expect((await owner.get(`/v2/payments/primer/${ref}/status?paymentId=pay_someoneelse`)).status).toBe(404);
    expect((await owner.get('/v2/payments/primer/pay_unknown123/status')).status).toBe(404);
    expect((await owner.get('/v2/payments/primer/bad%20ref/status')).status).toBe(400);
    // Nothing was advanced by the stranger's polls: the owner's first poll settles it.
    expect((await statusOf(owner, ref)).body.result.status).toBe('SUCCESS');
    const india = clientIn(api.app, await guestSession(api.app, 'in'), 'in');
    await india.post('/v2/carts/items', { productId: frameId });
    await india.post('/v2/carts/shippingAddress', { ...AE_ADDRESS, country: 'in', phone: '9876543210', postcode: '560001', state: 'Karnataka' });
    const upi = await india.pay({ paymentMethod: 'upi', vpa: 'success@upi' });
    expect((await india.get(`/v2/payments/primer/${upi.body.result.payment.paymentId}/status`)).status).toBe(404);
    // The provider is not India's: paying with it there is refused.
    expect((await india.pay({ paymentMethod: 'primer', card: CARD })).status).toBe(422);
  });

  it('lists only the caller’s cards saved with the provider; pays with one of them, never with someone else’s', async () => {
    const { cookie, customerId } = await customerSession(api.app, api.db, { country: 'ae' });
    const c = await aeShopper(cookie);
    // A card saved while paying through the provider is the provider's.
    const saved = await c.pay({ paymentMethod: 'primer', card: { ...CARD, saveCard: true } });
    await statusOf(c, saved.body.result.payment.paymentId);
    await api.db.query(
      `insert into saved_cards (token, customer_id, card_type, last4, bin, name_on_card, expiry_month, expiry_year, gateway_id)
       values ('card_own_gateway_1', $1, 'visa', '1881', '401288', 'Omar Haddad', 12, 2099, 'PU')`,
      [customerId],
    );
    const cards = (await c.get('/v2/payments/primer/saved-cards')).body.result.cards;
    expect(cards).toEqual([expect.objectContaining({ gatewayId: 'PRIMER', maskedNumber: 'XXXX XXXX XXXX 1111', nameOnCard: 'Omar Haddad' })]);
    const other = await customerSession(api.app, api.db, { country: 'ae' });
    const otherClient = await aeShopper(other.cookie);
    expect((await otherClient.get('/v2/payments/primer/saved-cards')).body.result.cards).toEqual([]);
    const guest = clientIn(api.app, await guestSession(api.app, 'ae'), 'ae');
    expect((await guest.get('/v2/payments/primer/saved-cards')).body.result.cards).toEqual([]);
    // Someone else's vaulted card cannot pay; the owner's can (the shop's own saved cards are not the provider's).
    expect((await otherClient.pay({ paymentMethod: 'primer', savedCardToken: cards[0].token })).status).toBe(404);
    await aeShopper(cookie);
    expect((await c.pay({ paymentMethod: 'primer', savedCardToken: 'card_own_gateway_1' })).status).toBe(404);
    const withSaved = await c.pay({ paymentMethod: 'primer', savedCardToken: cards[0].token });
    expect(withSaved.status).toBe(200);
    expect((await statusOf(c, withSaved.body.result.payment.paymentId)).body.result.status).toBe('SUCCESS');
  });
});
