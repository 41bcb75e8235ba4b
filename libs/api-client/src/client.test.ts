import { z } from 'zod';
import type * as ClientModule from './client';
import { BUILD_NAME } from './build-header';
import { ApiError, apiClientFor, buildUrl, createApiClient, sameOrigin } from './client';
import { checkoutRoutes } from './contract/areas/cart-routes';
import { coreEndpoints } from './contract/core';
import { endpoint, result } from './contract/define';

type Call = { url: string; init: RequestInit };

/** A fetch that answers from a queue and records what it was asked. */
function scriptedFetch(...answers: [status: number, body: unknown][]) {
  const calls: Call[] = [];
  const fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const [status, body] = answers.shift() ?? [200, { result: {} }];
    return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const headersOf = (call: Call) => call.init.headers as Record<string, string>;
const withSession = () => 'clientV1_in_active=1; other=x';

const productGet = endpoint({
  name: 'test.product',
  method: 'GET',
  path: '/v2/products/product/:id',
  params: z.object({ id: z.number() }),
  response: result(z.object({ id: z.number() })),
  headers: { customerType: true, exchange: true },
  summary: 'test',
});

describe('api client', () => {
  it("an error from another app's copy of the client is an ApiError here too (the shell's client makes the remotes' calls)", async () => {
    let other: typeof ClientModule | undefined;
    jest.isolateModules(() => {
      other = jest.requireActual<typeof ClientModule>('./client');
    });
    expect(other!.ApiError).not.toBe(ApiError);
    const { fetch } = scriptedFetch([401, { message: 'Your session has expired. Please sign in again.' }]);
    const shells = other!.createApiClient({ fetch, cookies: () => 'clientV1_in_active=1' });
    const error = await shells.call(coreEndpoints.me).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(new Error('network') instanceof ApiError).toBe(false);
    expect({ status: 401 } instanceof ApiError).toBe(false);
  });

  it('builds URLs under the API base, leaving out empty query values', () => {
    expect(buildUrl('/api/', '/v3/utility/routing', { url: '/eyeglasses', page: 2, skip: undefined })).toBe('/api/v3/utility/routing?url=%2Feyeglasses&page=2');
  });

  it('sends session, language, country, client and trace headers, and returns the body', async () => {
    const { fetch, calls } = scriptedFetch([200, { result: { path: 'cat:12' } }]);
    const client = createApiClient({ fetch, cookies: () => 'clientV1_ae_active=1', country: 'ae', language: 'ar', traceId: () => 'trace-1' });
    await expect(client.call(coreEndpoints.routing, { query: { url: '/eyeglasses/round.html' } })).resolves.toEqual({ result: { path: 'cat:12' } });
    expect(calls[0]!.url).toBe('/api/v3/utility/routing?url=%2Feyeglasses%2Fround.html');
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(headersOf(calls[0]!)).toMatchObject({ 'x-country-code': 'ae', 'x-language': 'ar', 'x-api-client': 'desktop', 'x-trace-id': 'trace-1' });
    expect(headersOf(calls[0]!)['x-customer-type']).toBeUndefined();
  });

  it('names the build that calls (x-eyewear-build: <app>@<version>, read at call time), in the form the edge checks', async () => {
    const { fetch, calls } = scriptedFetch([200, { result: {} }], [200, { result: {} }], [200, { result: {} }]);
    let version: string | null = '2.4.0-canary.1';
    const client = createApiClient({ fetch, cookies: withSession, build: { app: 'cart-checkout', version: () => version } });
    await client.call(coreEndpoints.routing, { query: { url: '/' } });
    expect(headersOf(calls[0]!)['x-eyewear-build']).toBe('cart-checkout@2.4.0-canary.1');
    expect(BUILD_NAME.exec('cart-checkout@2.4.0-canary.1')?.slice(1)).toEqual(['cart-checkout', '2.4.0-canary.1']);
    // The canary gave way to stable: the next call names the build now running.
    version = '2.3.9';
    await client.call(coreEndpoints.routing, { query: { url: '/' } });
    expect(headersOf(calls[1]!)['x-eyewear-build']).toBe('cart-checkout@2.3.9');
    // No version known yet, or one the edge would refuse: no header at all.
    version = null;
    await client.call(coreEndpoints.routing, { query: { url: '/' } });
    expect(headersOf(calls[2]!)).not.toHaveProperty('x-eyewear-build');
    const { fetch: fetch2, calls: calls2 } = scriptedFetch();
    await createApiClient({ fetch: fetch2, cookies: withSession, build: { app: 'Shell', version: () => '1 0' } }).call(coreEndpoints.routing, {
      query: { url: '/' },
    });
    expect(headersOf(calls2[0]!)).not.toHaveProperty('x-eyewear-build');
  });

  it('names its build only on calls to the page’s own origin, never to another host', async () => {
    const build = { app: 'catalog', version: () => '2.0.0' };
    const location = Object.getOwnPropertyDescriptor(globalThis, 'location');
    Object.defineProperty(globalThis, 'location', { value: { origin: 'https://shop.example' }, configurable: true });
    try {
      expect(sameOrigin('/api')).toBe(true);
      expect(sameOrigin('api')).toBe(true);
      expect(sameOrigin('https://shop.example/api')).toBe(true);
      expect(sameOrigin('https://api.example/api')).toBe(false);
      expect(sameOrigin('//api.example/api')).toBe(false);
      expect(sameOrigin('http://shop.example/api')).toBe(false);
      for (const [baseUrl, named] of [
        ['/api', true],
        ['https://shop.example/api', true],
        ['https://api.example', false],
        ['//api.example/api', false],
      ] as const) {
        const { fetch, calls } = scriptedFetch();
        await createApiClient({ fetch, baseUrl, cookies: withSession, build }).call(coreEndpoints.routing, { query: { url: '/' } });
        expect([baseUrl, headersOf(calls[0]!)['x-eyewear-build']]).toEqual([baseUrl, named ? 'catalog@2.0.0' : undefined]);
      }
    } finally {
      if (location) Object.defineProperty(globalThis, 'location', location);
      else delete (globalThis as { location?: unknown }).location;
    }
    // On a server (no page origin) an absolute API URL is another host.
    expect(sameOrigin('http://127.0.0.1:3333')).toBe(false);
  });

  it('keeps one client per country and calling app (apiClientFor)', () => {
    const catalog = { app: 'catalog', version: () => '2.0.0' };
    expect(apiClientFor('in', catalog)).toBe(apiClientFor('in', { app: 'catalog', version: () => '2.0.0' }));
    expect(apiClientFor('in', catalog)).not.toBe(apiClientFor('in'));
    expect(apiClientFor('in', catalog)).not.toBe(apiClientFor('in', { app: 'product', version: () => '3.0.0' }));
    expect(apiClientFor('sg', catalog)).not.toBe(apiClientFor('in', catalog));
  });

  it('sends the customer type on product calls: REPEAT after a placed order, else NEW', async () => {
    const { fetch, calls } = scriptedFetch([200, { result: { id: 1 } }], [200, { result: { id: 1 } }]);
    let jar = withSession();
    const client = createApiClient({ fetch, cookies: () => jar });
    await client.call(productGet, { params: { id: 1 } });
    jar = `${withSession()}; hasPlacedOrder=true`;
    await client.call(productGet, { params: { id: 1 } });
    expect(calls.map((c) => headersOf(c)['x-customer-type'])).toEqual(['NEW', 'REPEAT']);
    expect(calls[0]!.url).toBe('/api/v2/products/product/1');
  });

  it('adds the exchange headers in exchange mode, only on calls that take them', async () => {
    const { fetch, calls } = scriptedFetch([200, { result: { id: 1 } }], [200, { result: { path: 'na:' } }]);
    const client = createApiClient({ fetch, cookies: withSession, exchange: () => ({ orderId: '1200', itemId: '77' }) });
    await client.call(productGet, { params: { id: 1 } });
    await client.call(coreEndpoints.routing, { query: { url: '/x' } });
    expect(headersOf(calls[0]!)).toMatchObject({ 'x-service-type': 'exchange', 'x-exchange-order-id': '1200', 'x-exchange-item-id': '77' });
    expect(headersOf(calls[1]!)['x-service-type']).toBeUndefined();
  });

  it('sends a FormData body as multipart, leaving the content type (and boundary) to fetch', async () => {
    const { fetch, calls } = scriptedFetch([200, { result: { frameSize: 'medium' } }]);
    const client = createApiClient({ fetch, cookies: withSession });
    const form = new FormData();
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'face.png');
    await client.call(coreEndpoints.telemetry, { body: form });
    expect(calls[0]!.init.body).toBe(form);
    expect(headersOf(calls[0]!)['content-type']).toBeUndefined();
  });

  it('sends the Idempotency-Key the caller gives on a call that requires one, the same for each retry of an attempt', async () => {
    const { fetch, calls } = scriptedFetch([200, { result: {} }], [200, { result: {} }], [200, { result: {} }]);
    const client = createApiClient({ fetch, cookies: withSession });
    const body = { paymentMethod: 'cc', orderId: 1200 };
    await client.call(checkoutRoutes.pay, { body, idempotencyKey: 'attempt-1-abcdef' });
    await client.call(checkoutRoutes.pay, { body, idempotencyKey: 'attempt-1-abcdef' });
    await client.call(checkoutRoutes.pay, { body, idempotencyKey: 'attempt-2-abcdef' });
    expect(calls.map((c) => `${c.init.method} ${c.url} ${headersOf(c)['idempotency-key']}`)).toEqual([
      'POST /api/v2/orders/payment attempt-1-abcdef',
      'POST /api/v2/orders/payment attempt-1-abcdef',
      'POST /api/v2/orders/payment attempt-2-abcdef',
    ]);
  });

  it('draws a fresh Idempotency-Key per call when the caller gives none, in the form the server takes', async () => {
    const { fetch, calls } = scriptedFetch([200, { result: {} }], [200, { result: {} }]);
    const client = createApiClient({ fetch, cookies: withSession });
    await client.call(checkoutRoutes.pay, { body: {} });
    await client.call(checkoutRoutes.pay, { body: {} });
    const [first, second] = calls.map((c) => headersOf(c)['idempotency-key']);
    expect(first).toMatch(/^[\w-]{8,100}$/);
    expect(second).toMatch(/^[\w-]{8,100}$/);
    expect(first).not.toBe(second);
  });

  it('sends no Idempotency-Key on other calls, and refuses one given to a call that takes none', async () => {
    const { fetch, calls } = scriptedFetch([200, { result: {} }]);
    const client = createApiClient({ fetch, cookies: withSession });
    await client.call(coreEndpoints.me);
    expect(headersOf(calls[0]!)['idempotency-key']).toBeUndefined();
    await expect(client.call(coreEndpoints.me, { idempotencyKey: 'attempt-1-abcdef' })).rejects.toThrow('me.get takes no Idempotency-Key');
    expect(calls).toHaveLength(1);
  });

  it('rejects with the server body when there is one', async () => {
    const { fetch } = scriptedFetch([400, { message: 'query.url: Invalid input', field: 'url' }]);
    const client = createApiClient({ fetch, cookies: withSession });
    const failure = client.call(coreEndpoints.routing, { query: { url: 'x' } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, body: { field: 'url' }, message: 'query.url: Invalid input' });
  });

  it('creates a guest session first when there is no session cookie, once for concurrent calls', async () => {
    const { fetch, calls } = scriptedFetch(
      [200, { result: { id: 's'.repeat(64), createdAt: 'now', isLoggedIn: false } }],
      [200, { result: {} }],
      [200, { result: {} }],
    );
    const client = createApiClient({ fetch, cookies: () => '' });
    await Promise.all([client.call(coreEndpoints.me), client.call(coreEndpoints.me)]);
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['POST /api/v2/sessions', 'GET /api/me', 'GET /api/me']);
  });

  it('replaces a session that fails validation with 401 by a new one', async () => {
    const fresh = { result: { id: 'n'.repeat(64), createdAt: 'now', isLoggedIn: false } };
    const { fetch, calls } = scriptedFetch([401, { message: 'expired' }], [200, fresh]);
    const client = createApiClient({ fetch, cookies: withSession });
    await expect(client.validateSession()).resolves.toEqual(fresh);
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['GET /api/v2/sessions/validate', 'POST /api/v2/sessions']);
  });

  it('does not hide other validation failures', async () => {
    const { fetch } = scriptedFetch([502, { message: 'The storefront API is not reachable.' }]);
    const client = createApiClient({ fetch, cookies: withSession });
    await expect(client.validateSession()).rejects.toMatchObject({ status: 502 });
  });
});
