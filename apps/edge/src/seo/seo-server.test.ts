// The SEO answers through the whole edge (createEdgeServer): a page's status on its document,
// legacy redirects, robots.txt and the sitemaps as sent, against a local fake API.
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { legacyRedirect } from '@eyewear/federation';
import { COUNTRY_CODES, DEFAULT_COUNTRY } from '@eyewear/i18n';
import { createEdgeServer } from '../server';
import { expectSitemapPaths, close, fakeApi, listen, lookupsOf, type FakeApi } from './testing/fake-api';

let root: string;
let api: FakeApi;
let edge: Server;
let base: string;

/** A request with headers fetch will not send (Host), answered raw. */
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(base);
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}
const lookups = (path: string) => lookupsOf(api, path);
const statusAt = async (url: string, init?: RequestInit) => (await fetch(url, init)).status;

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
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('content-security-policy')).toContain("'strict-dynamic'");
    const html = await answer.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<script nonce="[^"]+" defer src="\/main\.abcdef12\.js">/);
    expect(lookups('/no/such-page.html')).toBe(1);
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
      expect({ path, status: await statusAt(`${base}${path}`) }).toEqual({ path, status: 200 });
    }
    expect(api.calls).toEqual([]);
  });

  it("answers a URL the routing lookup resolves with 200, asking in the page's country", async () => {
    expect(await statusAt(`${base}/eyeglasses/round.html`)).toBe(200);
    expect(await statusAt(`${base}/Search/Round-Glasses.html/`)).toBe(200);
    expect(await statusAt(`${base}/ae/eyeglasses/round.html`)).toBe(200);
    expect(api.calls).toContainEqual({ path: `/v3/utility/routing?url=${encodeURIComponent('/eyeglasses/round.html')}`, country: 'ae' });
    expect(api.calls).toContainEqual({ path: `/v3/utility/routing?url=${encodeURIComponent('/eyeglasses/round.html')}`, country: 'in' });
    // A URL the API refuses (400) is not found, as the shell shows it.
    expect(await statusAt(`${base}/${'x'.repeat(400)}`)).toBe(404);
  });

  it('answers a product page whose product does not exist with 404, by id or by its SEO URL', async () => {
    expect(await statusAt(`${base}/product/1001`)).toBe(200);
    expect(await statusAt(`${base}/catalog/product/view/id/128001`)).toBe(200);
    expect(await statusAt(`${base}/acme-round-black-1001.html`)).toBe(200);
    expect(await statusAt(`${base}/product/999`)).toBe(404);
    expect(await statusAt(`${base}/catalog/product/view/id/999`)).toBe(404);
    expect(await statusAt(`${base}/gone-round-black-999.html`)).toBe(404);
    // No product id at all: the product page says "Product not found".
    expect(await statusAt(`${base}/product/abc`)).toBe(404);
    expect(api.calls.filter((call) => call.path === '/v2/products/product/abc')).toEqual([]);
  });

  it('keeps the answers a while: a crawl asks the API once per URL and product', async () => {
    await Promise.all([1, 2, 3].map(() => statusAt(`${base}/not-here-either`)));
    await statusAt(`${base}/Not-Here-Either/`);
    expect(lookups('/not-here-either')).toBe(1);
    expect(lookups('/Not-Here-Either/')).toBe(0);
    await statusAt(`${base}/product/4242`);
    await statusAt(`${base}/product/4242`);
    expect(api.calls.filter((call) => call.path === '/v2/products/product/4242')).toHaveLength(1);
  });

  it('answers 200 when the API fails or is gone: an outage never becomes 404s', async () => {
    api.mode = 'error';
    expect(await statusAt(`${base}/broken-lookup.html`)).toBe(200);
    expect(await statusAt(`${base}/product/5150`)).toBe(200);
    // Not remembered: once the API answers again, the page is not found.
    api.mode = 'up';
    expect(await statusAt(`${base}/broken-lookup.html`)).toBe(404);

    const gone = await fakeApi();
    await close(gone.server);
    const orphan = createEdgeServer({ root, apiUrl: gone.url });
    const orphanBase = await listen(orphan);
    expect(await statusAt(`${orphanBase}/no/such-page.html`)).toBe(200);
    expect(await statusAt(`${orphanBase}/product/999`)).toBe(200);
    expect(await statusAt(`${orphanBase}/eyeglasses.html`)).toBe(200);
    await close(orphan);
  });

  it('answers 200 without waiting on an API that does not answer, and stops asking it for a while', async () => {
    const stalled = createServer(() => undefined);
    const stalledEdge = createEdgeServer({ root, apiUrl: await listen(stalled) });
    const stalledBase = await listen(stalledEdge);
    const started = Date.now();
    expect(await statusAt(`${stalledBase}/no/such-page.html`)).toBe(200);
    expect(Date.now() - started).toBeLessThan(4000);
    const again = Date.now();
    expect(await statusAt(`${stalledBase}/another/page.html`)).toBe(200);
    expect(Date.now() - again).toBeLessThan(500);
    await close(stalledEdge);
    await close(stalled);
  });

  it('answers every page 200 when the route table is not available (routes: null)', async () => {
    const blind = createEdgeServer({ root, apiUrl: api.url, routes: null, ssrCache: false });
    const blindBase = await listen(blind);
    expect(await statusAt(`${blindBase}/no/such-page.html`)).toBe(200);
    expect(await statusAt(`${blindBase}/eyetest`, { redirect: 'manual' })).toBe(200);
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
      const [path = '', search = ''] = from.replace(/^\/sg/, '').split('?');
      expect(legacyRedirect(path, search ? `?${search}` : '')).toBe(to.replace(/^\/sg/, ''));
    }
    expect(await statusAt(`${base}/home-try-on`, { redirect: 'manual' })).toBe(404);
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
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => (m[1] ?? '').slice(base.length));
    expectSitemapPaths(locs);
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
    expect(await statusAt(`${base}/sitemap-2.xml`)).toBe(404);
  });
});
