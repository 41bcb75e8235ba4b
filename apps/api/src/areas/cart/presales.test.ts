import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { SEED_PRESALES_STAFF } from './config';
import { keepPresalesOnLogin, PRESALES_LOGIN_FAILED } from './presales';
import { ADDRESS, client, pickProducts, sessionIdFrom } from './test-helpers';

const CARD = { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' };
const STAFF = SEED_PRESALES_STAFF[0]!;

describe('presales: sales-staff login on a shopper session and presales leads', () => {
  let api: TestApi;
  let p: Awaited<ReturnType<typeof pickProducts>>;
  beforeAll(async () => {
    api = await createTestApi({ seeded: true });
    p = await pickProducts(api.db);
  });
  afterAll(() => api.close());

  const login = (c: ReturnType<typeof client>, salesmanId: string, password: string) => c.post('/v2/presales/dual-login', { salesmanId, password });

  it('says no presales user is logged in until a sales person signs in with the right password', async () => {
    const c = client(api.app, await guestSession(api.app));
    expect((await c.get('/v2/presales/session')).body.result).toEqual({ loggedIn: false });
    const wrong = await login(c, STAFF.salesmanId, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ message: PRESALES_LOGIN_FAILED, field: 'password' });
    expect((await login(c, 'EYE-9999', STAFF.password)).status).toBe(401);
    expect((await login(c, 'bad id!', STAFF.password)).body).toMatchObject({ field: 'salesmanId' });
    expect((await c.get('/v2/presales/session')).body.result).toEqual({ loggedIn: false });

    const ok = await login(c, STAFF.salesmanId, STAFF.password);
    expect(ok.status).toBe(200);
    expect(ok.body.result).toEqual({ loggedIn: true, leadSource: true });
    expect((await c.get('/v2/presales/session')).body.result).toMatchObject({
      loggedIn: true,
      salesmanId: STAFF.salesmanId,
      name: STAFF.name,
      storeCode: expect.any(String),
    });
    // Another shopper's session is not signed in.
    expect((await client(api.app, await guestSession(api.app)).get('/v2/presales/session')).body.result).toEqual({ loggedIn: false });
    expect((await api.app.inject({ method: 'GET', url: '/v2/presales/session' })).statusCode).toBe(401);
  });

  it('marks an order as a presales lead only when a sales person is signed in on the session', async () => {
    const leadOf = async (orderId: number) =>
      (await api.db.query<{ lead_source: boolean }>('select lead_source from orders where id = $1', [orderId]))[0]!.lead_source;
    const orderWith = async (c: ReturnType<typeof client>, leadSource: boolean, key: string) => {
      expect((await c.post('/v2/carts/items', { productId: p.otherFrame.id })).status).toBe(200);
      expect((await c.post('/v2/carts/shippingAddress', ADDRESS)).status).toBe(200);
      const paid = await c.post('/v2/orders/payment', { paymentMethod: 'cc', card: CARD, leadSource }, { 'idempotency-key': key });
      expect(paid.status).toBe(200);
      return paid.body.result.order.id as number;
    };
    const presales = client(api.app, await guestSession(api.app));
    await login(presales, STAFF.salesmanId, STAFF.password);
    expect(await leadOf(await orderWith(presales, true, 'presales-lead-1'))).toBe(true);
    // The client claiming a lead without a presales login is not believed.
    const plain = client(api.app, await guestSession(api.app));
    expect(await leadOf(await orderWith(plain, true, 'presales-lead-2'))).toBe(false);
    expect(await leadOf(await orderWith(presales, false, 'presales-lead-3'))).toBe(false);
  });

  it('keeps the sales person signed in when the customer logs in (the session changes)', async () => {
    const cookie = await guestSession(api.app);
    await login(client(api.app, cookie), STAFF.salesmanId, STAFF.password);
    const next = await guestSession(api.app);
    const [customer] = await api.db.query<{ id: number }>(
      `insert into customers (first_name, email) values ('Lead', 'presales-lead@example.com') returning id`,
    );
    await api.db.transaction((tx) =>
      keepPresalesOnLogin(tx, { previousSessionId: sessionIdFrom(cookie), sessionId: sessionIdFrom(next), customerId: customer!.id }),
    );
    expect((await client(api.app, next).get('/v2/presales/session')).body.result).toMatchObject({ loggedIn: true, salesmanId: STAFF.salesmanId });
    expect((await client(api.app, cookie).get('/v2/presales/session')).body.result).toEqual({ loggedIn: false });
  });
});
