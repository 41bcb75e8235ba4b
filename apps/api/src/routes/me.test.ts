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

  it("lists a customer's face profiles as dittos, the default first, and a guest's own (account §3; issue 42: it listed none)", async () => {
    const created = await api.app.inject({ method: 'POST', url: '/v2/sessions' });
    const token = created.cookies.find((c) => c.name === 'clientV1_in')!.value;
    const [customer] = await api.db.query<{ id: number }>(`insert into customers (first_name, email) values ('Nia', 'nia-dittos@example.com') returning id`);
    await api.db.query('update sessions set customer_id = $1 where id = $2', [customer!.id, sessionIdOf(token)]);
    const me = async (cookie: string) => (await api.app.inject({ method: 'GET', url: '/me', headers: { cookie } })).json().result;
    expect((await me(`clientV1_in=${token}`)).dittos).toEqual([]);
    await api.db.query(
      `insert into account_face_profiles (ditto_id, customer_id, first_name, is_default, saved, created_at)
       values ('niaolder00000001', $1, 'Nia', false, true, now() - interval '1 day'), ('niadefault000001', $1, 'Nia', true, true, now())`,
      [customer!.id],
    );
    expect((await me(`clientV1_in=${token}`)).dittos).toEqual(['niadefault000001', 'niaolder00000001']);

    const guest = await guestSession(api.app);
    const guestToken = /clientV1_in=([^;]+)/.exec(guest)![1]!;
    await api.db.query(`insert into account_face_profiles (ditto_id, session_id, first_name) values ('guestditto000001', $1, 'Me')`, [sessionIdOf(guestToken)]);
    expect((await me(guest)).dittos).toEqual(['guestditto000001']);
    // Nobody else's: another guest lists none.
    expect((await me(await guestSession(api.app))).dittos).toEqual([]);
  });

  it('sets the login markers right (issue 42): a guest still marked isLogined=1 has them cleared, a customer without them gets them', async () => {
    const guest = await guestSession(api.app);
    const stale = await api.app.inject({ method: 'GET', url: '/me', headers: { cookie: `${guest}; isLogined=1; log_in_status=loggedin` } });
    expect(stale.json().result.login).toBe(false);
    expect(stale.cookies.filter((c) => ['isLogined', 'log_in_status'].includes(c.name)).map((c) => [c.name, c.maxAge])).toEqual([
      ['isLogined', 0],
      ['log_in_status', 0],
    ]);
    // A guest without markers is told nothing.
    expect((await api.app.inject({ method: 'GET', url: '/me', headers: { cookie: guest } })).cookies.find((c) => c.name === 'isLogined')).toBeUndefined();

    const created = await api.app.inject({ method: 'POST', url: '/v2/sessions' });
    const token = created.cookies.find((c) => c.name === 'clientV1_in')!.value;
    const [customer] = await api.db.query<{ id: number }>(`insert into customers (first_name, email) values ('Ola', 'ola-markers@example.com') returning id`);
    await api.db.query('update sessions set customer_id = $1 where id = $2', [customer!.id, sessionIdOf(token)]);
    const signedIn = await api.app.inject({ method: 'GET', url: '/me', headers: { cookie: `clientV1_in=${token}` } });
    expect(
      Object.fromEntries(signedIn.cookies.filter((c) => ['isLogined', 'log_in_status'].includes(c.name)).map((c) => [c.name, [c.value, c.maxAge]])),
    ).toEqual({
      isLogined: ['1', 78894000],
      log_in_status: ['loggedin', 30 * 86400],
    });
    const already = await api.app.inject({ method: 'GET', url: '/me', headers: { cookie: `clientV1_in=${token}; isLogined=1; log_in_status=loggedin` } });
    expect(already.cookies.find((c) => c.name === 'isLogined')).toBeUndefined();
  });

  it('answers 401 without a session', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBeTruthy();
  });
});
