import { createTestApi, guestSession, sessionIdFrom, type TestApi } from '../../testing/api';
import { customerSession } from './test-helpers';
import { HTO_LEADS_PER_CLIENT, HTO_LEADS_PER_PHONE } from './lead-routes';

/** Home try-on leads (`cart.htoLeads`): validated, throttled, no cart made for them, one lead per identical submission. */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

const htoLead = (cookie: string, payload: unknown, remoteAddress = '10.2.0.1') =>
  api.app.inject({ method: 'POST', url: '/v2/carts/htoLeads', headers: { cookie, 'x-country-code': 'in' }, payload: payload as never, remoteAddress });

const leadsOf = (phone: string) =>
  api.db.query<{ session_id: string | null; cart_id: number | null; name: string | null; pincode: string | null }>(
    `select session_id, cart_id, name, pincode from cart_leads where kind = 'hto' and phone = $1 order by id`,
    [phone],
  );
const cartCount = async () => (await api.db.query<{ n: number }>('select count(*)::int as n from carts'))[0]!.n;

describe('POST /v2/carts/htoLeads', () => {
  it('records a guest lead without making a cart for a shopper who has none', async () => {
    const cookie = await guestSession(api.app);
    const carts = await cartCount();
    const answer = await htoLead(cookie, { phone: '9876500001', name: 'Meera', pincode: '110016' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ result: { success: true } });
    expect(await leadsOf('9876500001')).toEqual([{ session_id: sessionIdFrom(cookie), cart_id: null, name: 'Meera', pincode: '110016' }]);
    expect(await cartCount()).toBe(carts);
    expect(await api.db.query('select id from carts where session_id = $1', [sessionIdFrom(cookie)])).toEqual([]);
  });

  it("links the lead to the shopper's cart when there is one", async () => {
    const { cookie, customerId } = await customerSession(api.app, api.db, 'hto-lead@example.com');
    const [cart] = await api.db.query<{ id: number }>(`insert into carts (customer_id, country) values ($1, 'in') returning id`, [customerId]);
    expect((await htoLead(cookie, { phone: '9876500002' })).statusCode).toBe(200);
    expect(await leadsOf('9876500002')).toEqual([expect.objectContaining({ cart_id: cart!.id, name: null, pincode: null })]);
  });

  it('a repeated identical submission is answered the same and stored once', async () => {
    const cookie = await guestSession(api.app);
    const lead = { phone: '9876500003', name: 'Ravi', pincode: '560038' };
    const [first, second] = await Promise.all([htoLead(cookie, lead, '10.2.0.3'), htoLead(cookie, lead, '10.2.0.3')]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await htoLead(cookie, { ...lead, name: ' Ravi ' }, '10.2.0.3')).json()).toEqual({ result: { success: true } });
    // From another session too: the same number, name and pincode is the same lead.
    expect((await htoLead(await guestSession(api.app), lead, '10.2.0.4')).statusCode).toBe(200);
    expect(await leadsOf('9876500003')).toHaveLength(1);
    // A different pincode is a different request.
    expect((await htoLead(cookie, { ...lead, pincode: '560001' }, '10.2.0.3')).statusCode).toBe(200);
    expect((await leadsOf('9876500003')).map((row) => row.pincode)).toEqual(['560038', '560001']);
  });

  it('refuses bad input with a 400 and a body, storing nothing', async () => {
    const cookie = await guestSession(api.app);
    for (const [payload, field] of [
      [{ phone: '12345' }, 'phone'],
      [{ phone: '1234567890' }, 'phone'], // ten digits, but not an Indian mobile number
      [{ phone: '9876500004', pincode: '12345' }, 'pincode'],
      [{ phone: '9876500004', name: 'x'.repeat(81) }, 'name'],
      [{ phone: '9876500004', extra: true }, undefined],
    ] as const) {
      const answer = await htoLead(cookie, payload, '10.2.0.5');
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ message: expect.any(String) });
      if (field) expect(answer.json().field).toBe(field);
    }
    expect(await leadsOf('9876500004')).toEqual([]);
  });

  it('without a session answers 401 with a body', async () => {
    const answer = await api.app.inject({ method: 'POST', url: '/v2/carts/htoLeads', headers: { 'x-country-code': 'in' }, payload: { phone: '9876500005' } });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toEqual(expect.any(String));
    expect(await leadsOf('9876500005')).toEqual([]);
  });

  it('throttles one mobile number, from any session or address, with a 429 and a body', async () => {
    const phone = '9876500006';
    for (let i = 0; i < HTO_LEADS_PER_PHONE; i += 1) {
      const answer = await htoLead(await guestSession(api.app), { phone, pincode: `5600${10 + i}` }, `10.2.1.${i}`);
      expect(answer.statusCode).toBe(200);
    }
    const refused = await htoLead(await guestSession(api.app), { phone, pincode: '560099' }, '10.2.1.99');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', field: 'phone' });
    expect(refused.json().message).toMatch(/try again in/);
    expect(await leadsOf(phone)).toHaveLength(HTO_LEADS_PER_PHONE);
    // Another number is not held up by it.
    expect((await htoLead(await guestSession(api.app), { phone: '9876500007' }, '10.2.1.99')).statusCode).toBe(200);
  });

  it('throttles one client address across numbers with a 429 and a body', async () => {
    const cookie = await guestSession(api.app);
    for (let i = 0; i < HTO_LEADS_PER_CLIENT; i += 1) {
      expect((await htoLead(cookie, { phone: `98765${String(10000 + i)}` }, '10.2.2.1')).statusCode).toBe(200);
    }
    const refused = await htoLead(cookie, { phone: '9876599999' }, '10.2.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/try again in/) });
    expect(await leadsOf('9876599999')).toEqual([]);
    // The same number from another address is still taken.
    expect((await htoLead(cookie, { phone: '9876599999' }, '10.2.2.2')).statusCode).toBe(200);
  });
});

describe('POST /v2/carts/abandonedleads', () => {
  const abandoned = (cookie: string, payload: unknown, remoteAddress = '10.3.0.1') =>
    api.app.inject({ method: 'POST', url: '/v2/carts/abandonedleads', headers: { cookie, 'x-country-code': 'in' }, payload: payload as never, remoteAddress });
  const abandonedOf = (email: string) =>
    api.db.query<{ cart_id: number | null }>(`select cart_id from cart_leads where kind = 'abandoned' and email = $1 order by id`, [email]);

  it('records the contact of a cart once, makes no cart for a shopper without one, and needs an e-mail or a number', async () => {
    const cookie = await guestSession(api.app);
    const carts = await cartCount();
    expect((await abandoned(cookie, { email: 'no-cart@example.com' })).statusCode).toBe(200);
    expect(await cartCount()).toBe(carts);
    expect(await abandonedOf('no-cart@example.com')).toEqual([{ cart_id: null }]);

    const { cookie: customer, customerId } = await customerSession(api.app, api.db, 'abandoned-lead@example.com');
    const [cart] = await api.db.query<{ id: number }>(`insert into carts (customer_id, country) values ($1, 'in') returning id`, [customerId]);
    const twice = await Promise.all([abandoned(customer, { email: 'left-it@example.com' }), abandoned(customer, { email: 'left-it@example.com' })]);
    expect(twice.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await abandonedOf('left-it@example.com')).toEqual([{ cart_id: cart!.id }]);

    const neither = await abandoned(cookie, { name: 'Nobody' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().field).toBe('email');
  });

  it('throttles one contact with a 429 and a body', async () => {
    const answers = [];
    for (let i = 0; i <= HTO_LEADS_PER_PHONE; i += 1) answers.push(await abandoned(await guestSession(api.app), { phone: '9876511122' }, `10.4.0.${i + 1}`));
    expect(answers.slice(0, HTO_LEADS_PER_PHONE).every((a) => a.statusCode === 200)).toBe(true);
    const last = answers.at(-1)!;
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', field: 'phone' });
  });
});
