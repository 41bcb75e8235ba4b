import { createTestApi, guestSession, type TestApi } from '../testing/api';
import { normaliseUrl } from './utility';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

async function lookup(url: string) {
  const response = await api.app.inject({ method: 'GET', url: `/v3/utility/routing?url=${encodeURIComponent(url)}` });
  return { status: response.statusCode, body: response.json() };
}

describe('routing lookup', () => {
  it("resolves every seeded URL to its 'type:id'", async () => {
    const routes = await api.db.query<{ url: string; type: string; target_id: string }>('select url, type, target_id from routes');
    const byType = new Map<string, { url: string; type: string; target_id: string }>();
    for (const route of routes) if (!byType.has(route.type)) byType.set(route.type, route);
    expect([...byType.keys()].sort()).toEqual(['cat', 'cms', 'col', 'prod', 'search']);
    for (const route of byType.values()) {
      const { status, body } = await lookup(route.url);
      expect(status).toBe(200);
      expect(body.result.path).toBe(`${route.type}:${route.target_id}`);
    }
  });

  it('ignores case, a trailing slash, the query and the hash', async () => {
    const [route] = await api.db.query<{ url: string; type: string; target_id: string }>("select url, type, target_id from routes where type = 'cat' limit 1");
    const { body } = await lookup(`${route!.url.toUpperCase()}/?utm_source=x#top`);
    expect(body.result.path).toBe(`${route!.type}:${route!.target_id}`);
    expect(normaliseUrl('/A/B.html/?x#y')).toBe('/a/b.html');
  });

  it("answers 'na:' for a URL nothing owns", async () => {
    expect((await lookup('/no/such/page.html')).body).toEqual({ result: { path: 'na:' } });
  });

  it('refuses a missing or relative url with 400 naming the field', async () => {
    const missing = await api.app.inject({ method: 'GET', url: '/v3/utility/routing' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'url' });
    const relative = await lookup('eyeglasses.html');
    expect(relative.status).toBe(400);
    expect(relative.body.field).toBe('url');
  });
});

describe('country data', () => {
  it.each([
    ['in', 'INR', '+91'],
    ['ae', 'AED', '+971'],
    ['sg', 'SGD', '+65'],
    ['sa', 'SAR', '+966'],
    ['us', 'USD', '+1'],
  ])('%s: %s, %s', async (code, currency, phoneCode) => {
    const response = await api.app.inject({ method: 'GET', url: `/v2/utility/country/${code}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ countryCode: code, currencyCode: currency, phoneCode });
  });

  it('refuses an unknown country with 400', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/v2/utility/country/fr' });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('code');
  });
});

describe('the server', () => {
  it('answers health with its database', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/health' });
    expect(response.json()).toEqual({ status: 'ok', database: api.db.kind });
  });

  it('answers unknown routes with 404 and a body', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/v9/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('/v9/nothing');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const cookie = await guestSession(api.app);
    const response = await api.app.inject({
      method: 'POST',
      url: '/v2/telemetry/events',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"events": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });
});
