import { createHash } from 'node:crypto';
import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { call, placeOrder, register } from './testing';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(async () => api.close());

describe('order tracking by e-mail (issue 16 "Bad input")', () => {
  it('shows status, items and the city; never the phone, the street, the name or the payments', async () => {
    const order = await placeOrder(api.db, { email: 'track.me@example.com' });
    const stranger = await guestSession(api.app);
    const answer = await call(api.app, stranger, 'GET', `/v2/orders/${order.orderId}/tracking?email=Track.Me@example.com`);
    expect(answer.statusCode).toBe(200);
    const tracked = answer.json().result;
    expect(tracked).toMatchObject({ id: order.orderId, status: 'PLACED', shippingCity: 'Bengaluru', currencyCode: 'INR' });
    expect(tracked.items).toEqual([
      expect.objectContaining({
        id: order.itemIds[0],
        name: 'Round Classic',
        status: 'PROCESSING',
        statusHistory: [expect.objectContaining({ status: 'PROCESSING' })],
      }),
    ]);
    expect(Object.keys(tracked).sort()).toEqual(['createdAt', 'currencyCode', 'id', 'items', 'shippingCity', 'status', 'total']);
    // What placeOrder stored in the address: none of it but the city is in the answer.
    for (const secret of ['9812345678', '12 MG Road', '560038', 'Rao', 'Karnataka', 'buyer@example.com']) expect(answer.body).not.toContain(secret);
    for (const key of ['phone', 'shippingAddress', 'addressline1', 'payments', 'prescription', 'postcode']) expect(answer.body).not.toContain(`"${key}"`);
  });

  it('takes the SMS link (SHA-1 of the e-mail) too, and answers 404 for a wrong e-mail or 400 for none', async () => {
    const order = await placeOrder(api.db, { email: 'sms.track@example.com' });
    const sha1Email = createHash('sha1').update('sms.track@example.com').digest('hex');
    const viaSms = await api.app.inject({ method: 'GET', url: `/v2/orders/${order.orderId}/tracking?sha1Email=${sha1Email}` });
    expect(viaSms.statusCode).toBe(200);
    expect(viaSms.body).not.toContain('9812345678');
    expect((await api.app.inject({ method: 'GET', url: `/v2/orders/${order.orderId}/tracking?email=someone.else@example.com` })).statusCode).toBe(404);
    const none = await api.app.inject({ method: 'GET', url: `/v2/orders/${order.orderId}/tracking` });
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toBe('email');
  });

  it('the whole order (address, phone) stays with its owner: GET order refuses ?email', async () => {
    const owner = await register(api.app);
    const order = await placeOrder(api.db, { customerId: owner.customerId, email: owner.email });
    const full = (await call(api.app, owner.cookie, 'GET', `/v2/orders/${order.orderId}`)).json().result;
    expect(full.shippingAddress).toMatchObject({ phone: '9812345678', addressline1: '12 MG Road' });
    const stranger = await guestSession(api.app);
    expect((await call(api.app, stranger, 'GET', `/v2/orders/${order.orderId}`)).statusCode).toBe(404);
    const byEmail = await call(api.app, stranger, 'GET', `/v2/orders/${order.orderId}?email=${encodeURIComponent(owner.email)}`);
    expect(byEmail.statusCode).toBe(400);
    expect(byEmail.body).not.toContain('9812345678');
  });
});
