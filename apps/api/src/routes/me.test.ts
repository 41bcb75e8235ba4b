import { createTestApi, guestSession, type TestApi } from '../testing/api';
import { sessionIdOf } from '../http/session';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('GET /me', () => {
  it('describes a guest', async () => {
    const cookie = await guestSession(api.app, 'us');
    const response = await api.app.inject({ method: 'GET', url: '/me', headers: { cookie, 'x-country-code': 'us' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ id: null, login: false, countryCode: 'us', cartCount: 0, wishlistCount: 0 });
  });

  it("describes the session's customer", async () => {
    const created = await api.app.inject({ method: 'POST', url: '/v2/sessions' });
    const token = created.cookies.find((c) => c.name === 'clientV1_in')!.value;
    const [customer] = await api.db.query<{ id: number }>(
      `insert into customers (first_name, last_name, email, telephone, phone_code, has_placed_order)
       values ('Asha', 'Rao', 'asha@example.com', '9812345678', '+91', true) returning id`,
    );
    await api.db.query('update sessions set customer_id = $1 where id = $2', [customer!.id, sessionIdOf(token)]);
    const response = await api.app.inject({ method: 'GET', url: '/me', headers: { cookie: `clientV1_in=${token}` } });
    expect(response.json().result).toMatchObject({ id: customer!.id, login: true, firstName: 'Asha', hasPlacedOrder: true, telephone: '9812345678' });
  });

  it('keeps the hasPlacedOrder marker in step with the customer: a first order makes a repeat customer without a new login', async () => {
    const created = await api.app.inject({ method: 'POST', url: '/v2/sessions' });
    const token = created.cookies.find((c) => c.name === 'clientV1_in')!.value;
    const [customer] = await api.db.query<{ id: number }>(
      `insert into customers (first_name, email, telephone, phone_code, has_placed_order) values ('Ravi', 'ravi@example.com', '9812340000', '+91', false) returning id`,
    );
    await api.db.query('update sessions set customer_id = $1 where id = $2', [customer!.id, sessionIdOf(token)]);
    const marker = async () =>
      (await api.app.inject({ method: 'GET', url: '/me', headers: { cookie: `clientV1_in=${token}` } })).cookies.find((c) => c.name === 'hasPlacedOrder');
    expect((await marker())?.value).toBe('false');
    await api.db.query('update customers set has_placed_order = true where id = $1', [customer!.id]);
    const after = await marker();
    expect(after?.value).toBe('true');
    expect(after?.httpOnly).toBeFalsy();
  });

  it('writes no marker for a guest', async () => {
    const cookie = await guestSession(api.app, 'in');
    const response = await api.app.inject({ method: 'GET', url: '/me', headers: { cookie } });
    expect(response.cookies.find((c) => c.name === 'hasPlacedOrder')).toBeUndefined();
  });

  it('answers 401 without a session', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBeTruthy();
  });
});
