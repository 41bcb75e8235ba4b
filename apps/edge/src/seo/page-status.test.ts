import { createServer } from 'node:http';
import { legacyRedirect } from '@eyewear/federation';
import { createPageStatus, type PageStatus } from './page-status';
import { defaultRouteModule } from './routes';
import { close, fakeApi, listen, lookupsOf, type FakeApi } from './testing/fake-api';

let api: FakeApi;
let pages: PageStatus;
const statusOf = (path: string, hostname = 'localhost') => pages.statusOf(path, hostname);

beforeAll(async () => {
  api = await fakeApi();
  pages = createPageStatus({ routes: defaultRouteModule(), apiBase: new URL(api.url) });
});

afterAll(async () => {
  await close(api.server);
});

beforeEach(() => {
  api.calls.length = 0;
  api.mode = 'up';
});

describe('the status of a page', () => {
  it('is 404 for an unknown URL, asking the routing lookup once', async () => {
    expect(await statusOf('/no/such-page.html')).toBe(404);
    expect(lookupsOf(api, '/no/such-page.html')).toBe(1);
  });

  it('is 200 for a route of the table without asking the API', async () => {
    for (const path of [
      '/',
      '/cart',
      '/eyeglasses.html',
      '/premium-eyeglasses/titanium.html',
      '/customer/account/',
      '/HTO',
      '/hto',
      '/lens-package-upgrade/7',
      '/sg/cart',
    ]) {
      expect({ path, status: await statusOf(path) }).toEqual({ path, status: 200 });
    }
    expect(api.calls).toEqual([]);
  });

  it("is 200 for a URL the routing lookup resolves, asked in the page's country", async () => {
    expect(await statusOf('/eyeglasses/round.html')).toBe(200);
    expect(await statusOf('/Search/Round-Glasses.html/')).toBe(200);
    expect(await statusOf('/ae/eyeglasses/round.html')).toBe(200);
    expect(await statusOf('/eyeglasses/round.html', 'www.eyewear.sg')).toBe(200);
    const asked = `/v3/utility/routing?url=${encodeURIComponent('/eyeglasses/round.html')}`;
    expect(api.calls).toContainEqual({ path: asked, country: 'ae' });
    expect(api.calls).toContainEqual({ path: asked, country: 'in' });
    expect(api.calls).toContainEqual({ path: asked, country: 'sg' });
    // A URL the API refuses (400) is not found, as the shell shows it.
    expect(await statusOf(`/${'x'.repeat(400)}`)).toBe(404);
  });

  it('is 404 for a product page whose product does not exist, by id or by its SEO URL', async () => {
    expect(await statusOf('/product/1001')).toBe(200);
    expect(await statusOf('/catalog/product/view/id/128001')).toBe(200);
    expect(await statusOf('/acme-round-black-1001.html')).toBe(200);
    expect(await statusOf('/product/999')).toBe(404);
    expect(await statusOf('/catalog/product/view/id/999')).toBe(404);
    expect(await statusOf('/gone-round-black-999.html')).toBe(404);
    // No product id at all: the product page says "Product not found".
    expect(await statusOf('/product/abc')).toBe(404);
    expect(api.calls.filter((call) => call.path === '/v2/products/product/abc')).toEqual([]);
  });

  it('keeps the answers a while: a crawl asks the API once per URL and product', async () => {
    await Promise.all([1, 2, 3].map(() => statusOf('/not-here-either')));
    await statusOf('/Not-Here-Either/');
    expect(lookupsOf(api, '/not-here-either')).toBe(1);
    expect(lookupsOf(api, '/Not-Here-Either/')).toBe(0);
    await statusOf('/product/4242');
    await statusOf('/product/4242');
    expect(api.calls.filter((call) => call.path === '/v2/products/product/4242')).toHaveLength(1);
  });

  it('keeps answers for ttlMs, at most maxEntries of each, least recently used out first', async () => {
    let now = 0;
    const small = createPageStatus({ routes: defaultRouteModule(), apiBase: new URL(api.url), ttlMs: 1000, maxEntries: 2, now: () => now });
    for (const path of ['/a-1.html', '/a-2.html', '/a-1.html', '/a-3.html']) await small.statusOf(path, 'localhost');
    expect(small.cached()).toEqual({ lookups: 2, products: 0 });
    await small.statusOf('/a-1.html', 'localhost');
    await small.statusOf('/a-2.html', 'localhost');
    expect([lookupsOf(api, '/a-1.html'), lookupsOf(api, '/a-2.html'), lookupsOf(api, '/a-3.html')]).toEqual([1, 2, 1]);
    now += 1000;
    await small.statusOf('/a-1.html', 'localhost');
    expect(lookupsOf(api, '/a-1.html')).toBe(2);
  });

  it('is 200 when the API fails or is gone: an outage never becomes 404s', async () => {
    api.mode = 'error';
    expect(await statusOf('/broken-lookup.html')).toBe(200);
    expect(await statusOf('/product/5150')).toBe(200);
    // Not remembered: once the API answers again, the page is not found.
    api.mode = 'up';
    expect(await statusOf('/broken-lookup.html')).toBe(404);

    const gone = await fakeApi();
    await close(gone.server);
    const orphan = createPageStatus({ routes: defaultRouteModule(), apiBase: new URL(gone.url) });
    expect(await orphan.statusOf('/no/such-page.html', 'localhost')).toBe(200);
    expect(await orphan.statusOf('/product/999', 'localhost')).toBe(200);
    expect(await orphan.statusOf('/eyeglasses.html', 'localhost')).toBe(200);
  });

  it('is 200 without waiting on an API that does not answer, and stops asking it for a while', async () => {
    const stalled = createServer(() => undefined);
    let now = 0;
    const waiting = createPageStatus({ routes: defaultRouteModule(), apiBase: new URL(await listen(stalled)), timeoutMs: 200, now: () => now });
    const calls: string[] = [];
    stalled.on('request', (req: { url?: string }) => calls.push(req.url ?? ''));
    const started = Date.now();
    expect(await waiting.statusOf('/no/such-page.html', 'localhost')).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    const again = Date.now();
    expect(await waiting.statusOf('/another/page.html', 'localhost')).toBe(200);
    expect(Date.now() - again).toBeLessThan(100);
    expect(calls).toHaveLength(1);
    // Asked again once downMs (5 s) have passed.
    now += 5_000;
    expect(await waiting.statusOf('/another/page.html', 'localhost')).toBe(200);
    expect(calls).toHaveLength(2);
    await close(stalled);
  });

  it('is 200 for every page when there is no route table (routes: null), asking nothing', async () => {
    const blind = createPageStatus({ routes: null, apiBase: new URL(api.url) });
    expect(await blind.statusOf('/no/such-page.html', 'localhost')).toBe(200);
    expect(await blind.redirectOf('/eyetest', '')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('takes a promise of the routes (a test table), as the edge option does', async () => {
    const only = createPageStatus({
      routes: Promise.resolve({ ROUTE_TABLE: [{ path: '/only', remote: 'catalog', expose: './HomePage' }], legacyRedirect: () => '/only' }),
      apiBase: new URL(api.url),
    });
    expect(await only.statusOf('/ONLY', 'localhost')).toBe(200);
    expect(await only.statusOf('/cart', 'localhost')).toBe(404);
    expect(await only.redirectOf('/sg/anything', '?a=1')).toBe('/sg/only');
  });
});

describe('legacy URLs', () => {
  it('redirect to the same target as the shell, keeping the query and the country prefix', async () => {
    for (const [from, to] of [
      ['/eyetest', '/HTO'],
      ['/home-try-on-program-delhi?utm_source=sms', '/HTO?utm_source=sms'],
      ['/home-try-on-program.html', '/HTO'],
      ['/Home-Eye-Check-Up.html/', '/HTO'],
      ['/sg/eyetest?x=1', '/sg/HTO?x=1'],
    ] as const) {
      const [pathname = '', query] = from.split('?');
      const search = query ? `?${query}` : '';
      expect({ from, location: await pages.redirectOf(pathname, search) }).toEqual({ from, location: to });
      expect(legacyRedirect(pathname.replace(/^\/sg/, ''), search)).toBe(to.replace(/^\/sg/, ''));
    }
    expect(await pages.redirectOf('/home-try-on', '')).toBeNull();
    expect(await statusOf('/home-try-on')).toBe(404);
    expect(api.calls.filter((call) => !call.path.startsWith('/v3/utility/routing'))).toEqual([]);
  });
});
