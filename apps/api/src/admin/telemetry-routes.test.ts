import { createTestApi, guestSession, type TestApi } from '../testing/api';

/**
 * The failure reports the shell sends to the public intake are summed on the admin listener
 * only: a stranger must not read failure counts per version from the public API.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const event = (over: Record<string, unknown> = {}) => ({
  kind: 'load',
  remote: 'catalog',
  expose: './HomePage',
  version: '1.2.0',
  channel: 'canary',
  message: '503',
  ...over,
});

async function report(events: Record<string, unknown>[]) {
  const cookie = await guestSession(api.app);
  const sent = await api.app.inject({ method: 'POST', url: '/v2/telemetry/events', headers: { cookie }, payload: { events } });
  expect(sent.statusCode).toBe(200);
}

const summary = (query = '') => api.admin.inject({ method: 'GET', url: `/telemetry/summary${query}` });

describe('GET /telemetry/summary on the admin listener', () => {
  beforeAll(async () => {
    await report([event(), event(), event({ kind: 'render', version: '1.1.0', channel: 'stable' }), event({ remote: 'product', kind: 'timeout' })]);
    await report([
      event(),
      event({ kind: 'loaded', message: '' }),
      event({ remote: 'product', version: undefined, channel: undefined, kind: 'pageerror', message: 'TypeError' }),
    ]);
    // Reported two hours ago: outside the default window, inside a day.
    await api.db.query(
      `insert into telemetry_events (kind, remote, version, message, received_at) values ('load', 'cart', '0.9.0', 'old', now() - interval '2 hours')`,
    );
  });

  it('counts the reports posted through the public intake per remote, version and kind, over the last 60 minutes by default', async () => {
    const before = Date.now();
    const response = await summary();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { result } = response.json();
    expect(Object.keys(result)).toEqual(['since', 'byVersion']);
    expect(result.byVersion).toEqual([
      { remote: 'catalog', version: '1.1.0', kind: 'render', count: 1 },
      { remote: 'catalog', version: '1.2.0', kind: 'load', count: 3 },
      { remote: 'catalog', version: '1.2.0', kind: 'loaded', count: 1 },
      { remote: 'product', version: '1.2.0', kind: 'timeout', count: 1 },
      { remote: 'product', version: null, kind: 'pageerror', count: 1 },
    ]);
    const since = Date.parse(result.since);
    expect(new Date(since).toISOString()).toBe(result.since);
    expect(since).toBeGreaterThanOrEqual(before - 60 * 60_000 - 1000);
    expect(since).toBeLessThanOrEqual(Date.now() - 60 * 60_000);
  });

  it('looks back as many minutes as asked, up to a day', async () => {
    const day = (await summary('?minutes=1440')).json().result.byVersion;
    expect(day).toContainEqual({ remote: 'cart', version: '0.9.0', kind: 'load', count: 1 });
    expect(day).toHaveLength(6);
    expect((await summary('?minutes=1')).json().result.byVersion).toHaveLength(5);
    expect((await summary('?minutes=60')).json().result.byVersion).not.toContainEqual(expect.objectContaining({ remote: 'cart' }));
  });

  it.each([
    ['zero', '?minutes=0'],
    ['more than a day', '?minutes=1441'],
    ['a fraction', '?minutes=1.5'],
    ['not a number', '?minutes=abc'],
    ['empty', '?minutes='],
    ['negative', '?minutes=-5'],
  ])('refuses minutes %s with 400 naming the field', async (_what, query) => {
    const response = await summary(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String), field: 'minutes', code: 'BAD_REQUEST' });
  });

  it('refuses an unknown query key with 400', async () => {
    const response = await summary('?minutes=60&remote=catalog');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers on this machine only', async () => {
    const refused = await api.admin.inject({ method: 'GET', url: '/telemetry/summary', remoteAddress: '192.0.2.10' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'The admin listener answers on this machine only.', code: 'FORBIDDEN' });
    expect((await api.admin.inject({ method: 'GET', url: '/telemetry/summary', headers: { host: 'attacker.example:3001' } })).statusCode).toBe(403);
  });
});
