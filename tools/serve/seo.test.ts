import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { ROUTE_TABLE, legacyRedirect } from '@eyewear/federation';
import { COUNTRY_CODES, DEFAULT_COUNTRY, countryFromLocation as i18nCountryFromLocation, countryPathPrefix as i18nCountryPathPrefix } from '@eyewear/i18n';
import { createEdgeServer } from './edge-server.mjs';
import {
  COUNTRY_CODES as EDGE_COUNTRY_CODES,
  DEFAULT_COUNTRY as EDGE_DEFAULT_COUNTRY,
  SITEMAP_PATH,
  countryFromLocation,
  countryPathPrefix,
  createSeo,
  loadRouteModule,
  parseLookup,
  productIdOf,
  robotsAllows,
  sitemapEntries,
} from './seo.mjs';

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}
const close = (server: Server) =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(resolve);
  });

/** What the fake API knows: the routing lookup's URLs, products, content pages. */
const LOOKUP: Record<string, string> = {
  '/eyeglasses/round.html': 'cat:3100',
  '/about-us.html': 'cms:about-us',
  '/acme-round-black-1001.html': 'prod:1001',
  '/gone-round-black-999.html': 'prod:999',
  '/search/round-glasses.html': 'search:round glasses',
};
const PRODUCTS = new Set([1001, 128001]);
const LISTED = Object.entries(LOOKUP)
  .map(([url, path]) => ({ url, type: path.split(':')[0]!, ...(path.startsWith('cms:') ? { lastmod: '2026-03-01T10:00:00.000Z' } : {}) }))
  .sort((a, b) => (a.url < b.url ? -1 : 1));
const CONTENT = [
  { kind: 'home', name: 'home', lastmod: '2026-03-02T08:30:00.000Z' },
  { kind: 'page', name: 'eyeglasses', lastmod: '2026-03-03T00:00:00.000Z' },
  { kind: 'page', name: 'summer-sale', lastmod: '2026-03-04T00:00:00.000Z' },
  { kind: 'cms', name: 'reviews', lastmod: '2026-03-05T00:00:00.000Z' },
];

interface FakeApi {
  server: Server;
  url: string;
  calls: { path: string; country: string | undefined }[];
  mode: 'up' | 'error';
}

async function fakeApi(listed = LISTED): Promise<FakeApi> {
  const api: FakeApi = { server: createServer(), url: '', calls: [], mode: 'up' };
  api.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url!, 'http://api.local');
    api.calls.push({ path: `${url.pathname}${url.search}`, country: req.headers['x-country-code'] as string | undefined });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (api.mode === 'error') return json(500, { message: 'broken' });
    if (url.pathname === '/v3/utility/routing') {
      const asked = url.searchParams.get('url')!;
      if (asked.length > 300) return json(400, { message: 'url: too long', field: 'url' });
      return json(200, { result: { path: LOOKUP[asked.toLowerCase().replace(/\/+$/, '')] ?? 'na:' } });
    }
    const product = /^\/v2\/products\/product\/(\d+)$/.exec(url.pathname);
    if (product) return PRODUCTS.has(Number(product[1])) ? json(200, { result: { id: Number(product[1]) } }) : json(404, { message: 'Product not found' });
    if (url.pathname === '/v2/content/sitemap') {
      const after = url.searchParams.get('after');
      const limit = Number(url.searchParams.get('limit') ?? 5000);
      const rest = listed.filter((entry) => after === null || entry.url > after);
      const page = rest.slice(0, limit);
      const next = rest.length > limit ? page[page.length - 1]!.url : null;
      return json(200, { result: { urls: page, next, ...(after === null ? { content: CONTENT } : {}) } });
    }
    json(404, { message: `No such API route ${url.pathname}` });
  });
  api.url = await listen(api.server);
  return api;
}

let root: string;
let api: FakeApi;
let edge: Server;
let base: string;
/** A request with headers fetch will not send (Host), answered raw. */
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(base);
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}
const lookupsOf = (path: string) => api.calls.filter((call) => call.path === `/v3/utility/routing?url=${encodeURIComponent(path)}`).length;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'edge-seo-'));
  await mkdir(join(root, 'shell/1.0.0'), { recursive: true });
  await writeFile(join(root, 'shell.json'), JSON.stringify({ version: '1.0.0' }));
  await writeFile(
    join(root, 'shell/1.0.0/index.html'),
    '<html><head></head><body><div id="root"></div><script defer src="/main.abcdef12.js"></script></body></html>',
  );
  await writeFile(join(root, 'remotes.json'), JSON.stringify({ schemaVersion: 1, remotes: {} }));
  api = await fakeApi();
  edge = createEdgeServer({ root, apiUrl: api.url });
  base = await listen(edge);
});

afterAll(async () => {
  await close(edge);
  await close(api.server);
  await rm(root, { recursive: true, force: true });
});

beforeEach(() => {
  api.calls.length = 0;
  api.mode = 'up';
});

describe('the status of a page', () => {
  it('answers an unknown URL with 404 and the shell document (its not-found page renders), not cached', async () => {
    const answer = await fetch(`${base}/no/such-page.html`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-cache, private');
    expect(answer.headers.get('content-security-policy')).toContain("'strict-dynamic'");
    const html = await answer.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<script nonce="[^"]+" defer src="\/main\.abcdef12\.js">/);
    expect(lookupsOf('/no/such-page.html')).toBe(1);
  });

  it('answers a route of the table with 200 without asking the API', async () => {
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
      expect({ path, status: (await fetch(`${base}${path}`)).status }).toEqual({ path, status: 200 });
    }
    expect(api.calls).toEqual([]);
  });

  it("answers a URL the routing lookup resolves with 200, asking in the page's country", async () => {
    expect((await fetch(`${base}/eyeglasses/round.html`)).status).toBe(200);
    expect((await fetch(`${base}/Search/Round-Glasses.html/`)).status).toBe(200);
    expect((await fetch(`${base}/ae/eyeglasses/round.html`)).status).toBe(200);
    expect(api.calls).toContainEqual({ path: `/v3/utility/routing?url=${encodeURIComponent('/eyeglasses/round.html')}`, country: 'ae' });
    expect(api.calls).toContainEqual({ path: `/v3/utility/routing?url=${encodeURIComponent('/eyeglasses/round.html')}`, country: 'in' });
    // A URL the API refuses (400) is not found, as the shell shows it.
    expect((await fetch(`${base}/${'x'.repeat(400)}`)).status).toBe(404);
  });

  it('answers a product page whose product does not exist with 404, by id or by its SEO URL', async () => {
    expect((await fetch(`${base}/product/1001`)).status).toBe(200);
    expect((await fetch(`${base}/catalog/product/view/id/128001`)).status).toBe(200);
    expect((await fetch(`${base}/acme-round-black-1001.html`)).status).toBe(200);
    expect((await fetch(`${base}/product/999`)).status).toBe(404);
    expect((await fetch(`${base}/catalog/product/view/id/999`)).status).toBe(404);
    expect((await fetch(`${base}/gone-round-black-999.html`)).status).toBe(404);
    // No product id at all: the product page says "Product not found".
    expect((await fetch(`${base}/product/abc`)).status).toBe(404);
    expect(api.calls.filter((call) => call.path === '/v2/products/product/abc')).toEqual([]);
  });

  it('keeps the answers a while: a crawl asks the API once per URL and product', async () => {
    await Promise.all([1, 2, 3].map(() => fetch(`${base}/not-here-either`)));
    await fetch(`${base}/Not-Here-Either/`);
    expect(lookupsOf('/not-here-either')).toBe(1);
    expect(lookupsOf('/Not-Here-Either/')).toBe(0);
    await fetch(`${base}/product/4242`);
    await fetch(`${base}/product/4242`);
    expect(api.calls.filter((call) => call.path === '/v2/products/product/4242')).toHaveLength(1);
  });

  it('answers 200 when the API fails or is gone: an outage never becomes 404s', async () => {
    api.mode = 'error';
    expect((await fetch(`${base}/broken-lookup.html`)).status).toBe(200);
    expect((await fetch(`${base}/product/5150`)).status).toBe(200);
    // Not remembered: once the API answers again, the page is not found.
    api.mode = 'up';
    expect((await fetch(`${base}/broken-lookup.html`)).status).toBe(404);

    const gone = await fakeApi();
    await close(gone.server);
    const orphan = createEdgeServer({ root, apiUrl: gone.url });
    const orphanBase = await listen(orphan);
    expect((await fetch(`${orphanBase}/no/such-page.html`)).status).toBe(200);
    expect((await fetch(`${orphanBase}/product/999`)).status).toBe(200);
    expect((await fetch(`${orphanBase}/eyeglasses.html`)).status).toBe(200);
    await close(orphan);
  });

  it('answers 200 without waiting on an API that does not answer, and stops asking it for a while', async () => {
    const stalled = createServer(() => undefined);
    const stalledEdge = createEdgeServer({ root, apiUrl: await listen(stalled) });
    const stalledBase = await listen(stalledEdge);
    const started = Date.now();
    expect((await fetch(`${stalledBase}/no/such-page.html`)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(4000);
    const again = Date.now();
    expect((await fetch(`${stalledBase}/another/page.html`)).status).toBe(200);
    expect(Date.now() - again).toBeLessThan(500);
    await close(stalledEdge);
    await close(stalled);
  });

  it('answers every page 200 when the route table is not available (as before)', async () => {
    const blind = createEdgeServer({ root, apiUrl: api.url, routes: null });
    const blindBase = await listen(blind);
    expect((await fetch(`${blindBase}/no/such-page.html`)).status).toBe(200);
    expect((await fetch(`${blindBase}/eyetest`, { redirect: 'manual' })).status).toBe(200);
    expect(api.calls).toEqual([]);
    await close(blind);
  });
});

describe('legacy URLs', () => {
  it('redirect with 301 to the same target as the shell, keeping the query and the country prefix, without a session', async () => {
    for (const [from, to] of [
      ['/eyetest', '/HTO'],
      ['/home-try-on-program-delhi?utm_source=sms', '/HTO?utm_source=sms'],
      ['/home-try-on-program.html', '/HTO'],
      ['/Home-Eye-Check-Up.html/', '/HTO'],
      ['/sg/eyetest?x=1', '/sg/HTO?x=1'],
    ] as const) {
      const answer = await fetch(`${base}${from}`, { redirect: 'manual' });
      expect({ from, status: answer.status, location: answer.headers.get('location') }).toEqual({ from, status: 301, location: to });
      expect(answer.headers.get('set-cookie')).toBeNull();
      const [path, search = ''] = from.replace(/^\/sg/, '').split('?');
      expect(legacyRedirect(path!, search ? `?${search}` : '')).toBe(to.replace(/^\/sg/, ''));
    }
    expect((await fetch(`${base}/home-try-on`, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('robots.txt', () => {
  it('allows the storefront, keeps out private pages and the API, and points at every country sitemap', async () => {
    const answer = await fetch(`${base}/robots.txt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(answer.headers.get('set-cookie')).toBeNull();
    const text = await answer.text();
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/m);
    for (const rule of ['/api/', '/cart$', '/checkout/', '/payment$', '/customer/', '/sales/order', '/sg/checkout/'])
      expect(text).toContain(`\nDisallow: ${rule}\n`);
    expect(text).not.toMatch(/^Disallow: \/remotes/m);
    expect(text.match(/^Sitemap: .*$/gm)).toEqual(
      ['', ...COUNTRY_CODES.filter((c) => c !== DEFAULT_COUNTRY).map((c) => `/${c}`)].map((prefix) => `Sitemap: ${base}${prefix}/sitemap.xml`),
    );
  });

  it('names the public origin when configured, and refuses a Host it would not write', async () => {
    const shop = createEdgeServer({ root, apiUrl: api.url, publicOrigin: 'https://shop.example' });
    const shopBase = await listen(shop);
    expect(await (await fetch(`${shopBase}/robots.txt`)).text()).toContain('\nSitemap: https://shop.example/sitemap.xml\n');
    await close(shop);
    expect((await raw('/robots.txt', { host: 'evil.example"><x' })).status).toBe(400);
  });

  it("a country's own domain lists its sitemap only", async () => {
    const answer = await raw('/robots.txt', { host: 'www.eyewear.sg' });
    expect(answer.body.toString().match(/^Sitemap: .*$/gm)).toEqual(['Sitemap: http://www.eyewear.sg/sitemap.xml']);
  });

  it('keeps out every private route of the table, and no sitemap URL', () => {
    const sample = (path: string) => path.replace(/\/\*$/, '/x').replace(/:[A-Za-z]+\??/g, '12');
    const privateRoutes = ROUTE_TABLE.filter((route) => route.remote === 'cart-checkout' || route.remote === 'account' || route.path.startsWith('/editpower'));
    expect(privateRoutes.length).toBeGreaterThan(20);
    for (const route of privateRoutes) {
      for (const path of [sample(route.path), `/ae${sample(route.path)}`]) expect({ path, allowed: robotsAllows(path) }).toEqual({ path, allowed: false });
    }
    for (const path of [
      '/',
      '/cartier-sunglasses.html',
      '/customer-feedback',
      '/payments-faq.html',
      '/search/round-glasses.html',
      '/remotes/catalog/1.0.0/x.js',
      '/sg/eyeglasses.html',
    ]) {
      expect({ path, allowed: robotsAllows(path) }).toEqual({ path, allowed: true });
    }
    expect(robotsAllows('/search?q=round')).toBe(false);
    expect(robotsAllows('/cart?x=1')).toBe(false);
  });
});

describe('sitemap.xml', () => {
  it('lists home, content, CMS, listing and product pages with their lastmod, as XML, and reads the API once', async () => {
    const answer = await fetch(`${base}/sitemap.xml`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=600');
    expect(answer.headers.get('set-cookie')).toBeNull();
    const xml = await answer.text();
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.slice(base.length));
    expect(locs).toEqual(
      expect.arrayContaining([
        '/',
        '/eyeglasses.html',
        '/premium-eyeglasses',
        '/reviews',
        '/HTO',
        '/test-your-vision',
        '/promo/summer-sale',
        '/eyeglasses/round.html',
        '/about-us.html',
        '/acme-round-black-1001.html',
        '/search/round-glasses.html',
      ]),
    );
    for (const hidden of ['/cart', '/customer', '/checkout/onepage', '/search', '/frame_size', '/compare-looks', '/promo/eyeglasses'])
      expect(locs).not.toContain(hidden);
    expect(new Set(locs).size).toBe(locs.length);
    expect(xml).toContain(`<url><loc>${base}/</loc><lastmod>2026-03-02T08:30:00Z</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${base}/eyeglasses.html</loc><lastmod>2026-03-03T00:00:00Z</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${base}/reviews</loc><lastmod>2026-03-05T00:00:00Z</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${base}/about-us.html</loc><lastmod>2026-03-01T10:00:00Z</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${base}/acme-round-black-1001.html</loc></url>`);
    // Compressed for crawlers that ask, and the list is read from the API once.
    const gzip = await raw('/sitemap.xml', { host: new URL(base).host, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(xml);
    expect(api.calls.filter((call) => call.path.startsWith('/v2/content/sitemap'))).toHaveLength(1);
  });

  it("serves each country's sitemap under its prefix, and 404s a part that does not exist", async () => {
    const xml = await (await fetch(`${base}/sg/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${base}/sg/</loc>`);
    expect(xml).toContain(`<loc>${base}/sg/eyeglasses/round.html</loc>`);
    expect(xml).not.toContain(`<loc>${base}/eyeglasses/round.html</loc>`);
    expect((await fetch(`${base}/sitemap-2.xml`)).status).toBe(404);
    expect(SITEMAP_PATH.test('/in/sitemap.xml')).toBe(false);
  });

  it('is an index of files of at most maxUrls URLs past the limit', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ url: `/eyeglasses/shape-${String(i).padStart(2, '0')}.html`, type: 'cat' }));
    const bigApi = await fakeApi(many);
    const routes = await loadRouteModule();
    const seo = createSeo({ routes, apiBase: new URL(bigApi.url), maxUrls: 10, pageSize: 7 });
    const site = { origin: 'https://shop.example', hostname: 'shop.example' };
    const index = (await seo.answer('/sitemap.xml', site))!;
    const all = sitemapEntries(routes!, { urls: many, content: CONTENT });
    const parts = Math.ceil(all.length / 10);
    expect(index.body.toString()).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...index.body.toString().matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(
      Array.from({ length: parts }, (_, i) => `https://shop.example/sitemap-${i + 1}.xml`),
    );
    const listed: string[] = [];
    for (let part = 1; part <= parts; part += 1) {
      const file = (await seo.answer(`/sitemap-${part}.xml`, site))!;
      expect(file.status).toBe(200);
      const locs = [...file.body.toString().matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeLessThanOrEqual(10);
      listed.push(...locs);
    }
    expect(listed).toEqual(all.map((entry) => `https://shop.example${entry.path}`));
    expect((await seo.answer(`/sitemap-${parts + 1}.xml`, site))!.status).toBe(404);
    // Read in pages of 7 from the API.
    expect(bigApi.calls.filter((call) => call.path.startsWith('/v2/content/sitemap'))).toHaveLength(Math.ceil((many.length + 1) / 7));
    await close(bigApi.server);
  });

  it('answers 503 with Retry-After while the API has never given its list, and keeps the last list when it fails', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const flaky = await fakeApi();
    let now = 0;
    const routes = await loadRouteModule();
    const seo = createSeo({ routes, apiBase: new URL(flaky.url), now: () => now });
    const site = { origin: 'http://localhost:4200', hostname: 'localhost' };
    flaky.mode = 'error';
    const down = (await seo.answer('/sitemap.xml', site))!;
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBe('60');
    now += 31_000;
    flaky.mode = 'up';
    const first = (await seo.answer('/sitemap.xml', site))!;
    expect(first.status).toBe(200);
    now += 11 * 60_000;
    flaky.mode = 'error';
    const stale = (await seo.answer('/sitemap.xml', site))!;
    expect(stale.status).toBe(200);
    expect(stale.body.toString()).toBe(first.body.toString());
    // The stale list was served at once; reading it again failed in the background, and was said.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(error.mock.calls.map(([message]) => message)).toEqual([
      '[edge] the sitemap list was not read: the API answered 500 for its sitemap list',
      '[edge] the sitemap list was not read: the API answered 500 for its sitemap list',
    ]);
    error.mockRestore();
    await close(flaky.server);
  });
});

describe('one source of truth', () => {
  it("loads the shell's own route table and legacy redirects (the federation lib's build)", async () => {
    const routes = (await loadRouteModule())!;
    expect(routes.ROUTE_TABLE).toEqual(ROUTE_TABLE);
    for (const path of ['/eyetest', '/home-try-on-program-pune', '/home-try-on', '/eyeglasses.html']) {
      expect(routes.legacyRedirect(path, '?a=1')).toBe(legacyRedirect(path, '?a=1'));
    }
  });

  it('says once, and answers null, when the build is missing', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await loadRouteModule('./no-such-build.js')).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('reads countries the way libs/i18n does', () => {
    expect(EDGE_COUNTRY_CODES).toEqual([...COUNTRY_CODES]);
    expect(EDGE_DEFAULT_COUNTRY).toBe(DEFAULT_COUNTRY);
    const hosts = ['localhost', 'www.eyewear.in', 'www.eyewear.ae', 'www.eyewear.sg', 'www.eyewear.com.sa', 'shop.sa', 'www.eyewear.us', 'WWW.EYEWEAR.SG'];
    const paths = ['/', '/sg', '/sg/cart', '/SG/cart', '/in/cart', '/ae/', '/usx/cart', '/us/product/1', '/eyeglasses.html'];
    for (const host of hosts)
      for (const path of paths) expect([host, path, countryFromLocation(host, path)]).toEqual([host, path, i18nCountryFromLocation(host, path)]);
    for (const path of paths) expect([path, countryPathPrefix(path)]).toEqual([path, i18nCountryPathPrefix(path)]);
  });

  it('reads a product id as the product page does, and a lookup as the shell does', () => {
    expect(productIdOf({ id: '128001' })).toBe(128001);
    expect(productIdOf({ '*': 'id/128269' })).toBe(128269);
    expect(productIdOf({ '*': 'id/128269/category/3100' })).toBe(128269);
    expect(productIdOf({ id: 'abc' })).toBeNull();
    expect(parseLookup('prod:1001')).toEqual({ section: 'prod', id: '1001' });
    expect(parseLookup('search:round glasses')).toEqual({ section: 'search', id: 'round glasses' });
    for (const path of ['na:', 'cat:', ':1', 'zzz:1', 'nothing']) expect(parseLookup(path)).toEqual({ section: 'na', id: '' });
  });
});
