import { createTestApi, guestSession, sessionIdFrom, type TestApi } from '../testing/api';
import { CALLS_PER_SESSION_MINUTE } from './telemetry';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const failure = (over: Record<string, unknown> = {}) => ({
  kind: 'load',
  remote: 'catalog',
  expose: './HomePage',
  version: '1.2.0',
  channel: 'canary',
  message: '503',
  ...over,
});

describe('telemetry', () => {
  it('takes failure reports and stores each as sent, with the session that sent it', async () => {
    const cookie = await guestSession(api.app);
    const sent = await api.app.inject({
      method: 'POST',
      url: '/v2/telemetry/events',
      headers: { cookie },
      payload: {
        events: [
          failure(),
          failure({ kind: 'render', version: '1.1.0', channel: 'stable', path: '/eyeglasses.html' }),
          failure({ remote: 'product', kind: 'timeout', expose: undefined, version: undefined, channel: undefined }),
        ],
      },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ result: { accepted: 3 } });
    const rows = await api.db.query<Record<string, string | null>>(
      'select session_id, kind, remote, expose, version, channel, message, path from telemetry_events where session_id = $1 order by id',
      [sessionIdFrom(cookie)],
    );
    expect(rows).toEqual([
      {
        session_id: sessionIdFrom(cookie),
        kind: 'load',
        remote: 'catalog',
        expose: './HomePage',
        version: '1.2.0',
        channel: 'canary',
        message: '503',
        path: null,
      },
      {
        session_id: sessionIdFrom(cookie),
        kind: 'render',
        remote: 'catalog',
        expose: './HomePage',
        version: '1.1.0',
        channel: 'stable',
        message: '503',
        path: '/eyeglasses.html',
      },
      { session_id: sessionIdFrom(cookie), kind: 'timeout', remote: 'product', expose: null, version: null, channel: null, message: '503', path: null },
    ]);
  });

  it.each([
    ['GET', '/v2/telemetry/summary'],
    ['GET', '/v2/telemetry/summary?minutes=60'],
    ['GET', '/telemetry/summary?minutes=60'],
  ] as const)('does not let anyone read failure counts per version: %s %s answers 404 with a JSON body', async (method, url) => {
    const cookie = await guestSession(api.app);
    await api.app.inject({ method: 'POST', url: '/v2/telemetry/events', headers: { cookie }, payload: { events: [failure()] } });
    const response = await api.app.inject({ method, url, headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(String(response.headers['content-type'])).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: `No such API route: ${method} ${url.split('?')[0]}`, code: 'NOT_FOUND' });
    expect(response.body).not.toContain('catalog');
  });

  it.each([
    ['no events', { events: [] }, 'events'],
    ['an unknown kind', { events: [failure({ kind: 'crash' })] }, 'events.0.kind'],
    ['an unexpected field', { events: [failure({ secret: 'x' })] }, 'events.0'],
    ['a message too long', { events: [failure({ message: 'x'.repeat(501) })] }, 'events.0.message'],
    ['too many events', { events: Array.from({ length: 51 }, () => failure()) }, 'events'],
  ])('refuses %s with 400 and stores nothing', async (_name, payload, field) => {
    const before = await api.db.query<{ n: number }>('select count(*)::int as n from telemetry_events');
    const response = await api.app.inject({ method: 'POST', url: '/v2/telemetry/events', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
    const after = await api.db.query<{ n: number }>('select count(*)::int as n from telemetry_events');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('limits how often one session may report, while other sessions on the same address still can', async () => {
    const cookie = await guestSession(api.app);
    const other = await guestSession(api.app);
    const send = (headers: Record<string, string>) =>
      api.app.inject({ method: 'POST', url: '/v2/telemetry/events', remoteAddress: '10.0.0.7', headers, payload: { events: [failure()] } });
    const statuses: number[] = [];
    for (let i = 0; i < CALLS_PER_SESSION_MINUTE + 2; i += 1) statuses.push((await send({ cookie })).statusCode);
    expect(statuses.slice(0, CALLS_PER_SESSION_MINUTE - 5).every((s) => s === 200)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect((await send({ cookie: other })).statusCode).toBe(200);
  });

  it('limits how often one client may report', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      const response = await api.app.inject({ method: 'POST', url: '/v2/telemetry/events', remoteAddress: '10.0.0.9', payload: { events: [failure()] } });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 25).every((s) => s === 200)).toBe(true);
  });
});
