import { networkInterfaces } from 'node:os';
import { type AddressInfo } from 'node:net';
import { setSimulatorPrinter } from '../areas/account/notifiers/notifier';
import { deliver } from '../areas/account/outbox';
import { call, outbox, placeOrder, register } from '../areas/account/testing';
import { createTestApi, guestSession, type TestApi } from '../testing/api';
import { ADMIN_HOST, ADMIN_ROUTES, buildAdminApp, listenAdmin } from './app';

/**
 * Issue 12: the simulated providers are adapters, never public endpoints. What they "send" is
 * printed and kept on the admin listener, which answers on loopback only.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

describe('the public API has no simulator routes', () => {
  it.each([
    ['GET', '/v2/dev/outbox?to=%2B91%209876543210'],
    ['GET', '/v2/dev/outbox?to=someone%40example.com&channel=email'],
    ['POST', '/v2/dev/orders/1/advance?to=DELIVERED'],
    ['POST', '/v2/dev/orders/1/advance'],
    ['GET', '/outbox?to=someone%40example.com'],
    ['POST', '/orders/1/advance'],
  ] as const)('%s %s answers 404', async (method, url) => {
    const shopper = await register(api.app);
    const response = await api.app.inject({ method, url, headers: { cookie: shopper.cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the admin listener', () => {
  it('serves the outbox: what the simulated notifiers sent, newest first, by recipient and channel', async () => {
    const shopper = await register(api.app);
    await deliver(api.db, { channel: 'email', to: shopper.email, subject: 'Second', body: 'second mail', code: 'abc' });
    const all = await api.admin.inject({ method: 'GET', url: `/outbox?to=${encodeURIComponent(shopper.email.toUpperCase())}` });
    expect(all.statusCode).toBe(200);
    expect(all.json().result.messages.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'Welcome to Eyewear']);
    const sms = await api.admin.inject({ method: 'GET', url: `/outbox?to=${encodeURIComponent(shopper.email)}&channel=sms` });
    expect(sms.json().result.messages).toEqual([]);
    const bad = await api.admin.inject({ method: 'GET', url: '/outbox?to=x&channel=fax' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('drives the simulated courier: ships, then delivers an order; unknown orders 404, bad statuses 400', async () => {
    const shopper = await register(api.app);
    const order = await placeOrder(api.db, { customerId: shopper.customerId });
    const shipped = await api.admin.inject({ method: 'POST', url: `/orders/${order.orderId}/advance?to=SHIPPED` });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().result).toEqual({ orderId: order.orderId, status: 'SHIPPED', itemIds: order.itemIds });
    const delivered = await api.admin.inject({ method: 'POST', url: `/orders/${order.orderId}/advance` });
    expect(delivered.json().result.status).toBe('DELIVERED');
    const seen = (await call(api.app, shopper.cookie, 'GET', `/v2/orders/${order.orderId}`)).json().result;
    expect(seen.items.map((i: { status: string }) => i.status)).toEqual(['DELIVERED']);
    expect((await api.admin.inject({ method: 'POST', url: '/orders/99999999/advance' })).statusCode).toBe(404);
    expect((await api.admin.inject({ method: 'POST', url: `/orders/${order.orderId}/advance?to=LOST` })).statusCode).toBe(400);
    expect((await api.admin.inject({ method: 'POST', url: '/orders/abc/advance' })).statusCode).toBe(400);
  });

  it('refuses requests from another machine, for another host name (DNS rebinding) or from another site', async () => {
    const url = '/outbox?to=someone%40example.com';
    expect((await api.admin.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await api.admin.inject({ method: 'GET', url, remoteAddress: '192.0.2.10' })).statusCode).toBe(403);
    expect((await api.admin.inject({ method: 'GET', url, headers: { host: 'attacker.example:3001' } })).statusCode).toBe(403);
    expect((await api.admin.inject({ method: 'GET', url, headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(403);
    expect((await api.admin.inject({ method: 'POST', url: '/orders/1/advance', headers: { origin: 'https://attacker.example' } })).statusCode).toBe(403);
    const refused = await api.admin.inject({ method: 'GET', url, remoteAddress: '192.0.2.10' });
    expect(refused.json()).toEqual({ message: 'The admin listener answers on this machine only.', code: 'FORBIDDEN' });
  });

  it('listens on 127.0.0.1 only, whatever the environment says', async () => {
    expect(ADMIN_HOST).toBe('127.0.0.1');
    const admin = await buildAdminApp({ db: api.db });
    const previousHost = process.env.HOST;
    process.env.HOST = '0.0.0.0';
    try {
      await listenAdmin(admin, 0);
      const { address, port } = admin.server.address() as AddressInfo;
      expect(address).toBe('127.0.0.1');
      expect((await fetch(`http://127.0.0.1:${port}/outbox?to=someone%40example.com`)).status).toBe(200);
      // Not reachable on this machine's other addresses.
      const other = Object.values(networkInterfaces())
        .flat()
        .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
      if (other) await expect(fetch(`http://${other}:${port}/health`)).rejects.toThrow();
    } finally {
      process.env.HOST = previousHost;
      await admin.close();
    }
  });

  it('takes more routes from its list of registrars (a part adds its own)', async () => {
    const admin = await buildAdminApp({ db: api.db, routes: [...ADMIN_ROUTES, (app) => app.get('/extra', async () => ({ ok: true }))] });
    expect((await admin.inject({ method: 'GET', url: '/extra' })).json()).toEqual({ ok: true });
    await admin.close();
  });
});

describe('the simulated notifiers', () => {
  it('print each code on the terminal of the person running the store and keep it for the admin listener', async () => {
    const lines: string[] = [];
    const previous = setSimulatorPrinter((line) => lines.push(line));
    try {
      const guest = await guestSession(api.app);
      expect((await call(api.app, guest, 'POST', '/v2/customers/mobile/otp', { telephone: '9811122233', phoneCode: '+91' })).statusCode).toBe(200);
    } finally {
      setSimulatorPrinter(previous);
    }
    const [sms] = await outbox(api.app, '+91 9811122233');
    expect(sms!.code).toMatch(/^\d{6}$/);
    expect(lines).toEqual([`[simulated SMS to +91 9811122233] ${sms!.body}`]);
    expect(lines[0]).toContain(sms!.code);
  });
});
