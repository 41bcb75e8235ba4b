// Test support (not bundled: nothing but tests imports it): a real local HTTP server standing
// in for the API, knowing a few routing lookups, products and content pages.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

export function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

export const close = (server: Server): Promise<unknown> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(resolve);
  });

/** What the fake API knows: the routing lookup's URLs, products, content pages. */
export const LOOKUP: Readonly<Record<string, string>> = {
  '/eyeglasses/round.html': 'cat:3100',
  '/about-us.html': 'cms:about-us',
  '/acme-round-black-1001.html': 'prod:1001',
  '/gone-round-black-999.html': 'prod:999',
  '/search/round-glasses.html': 'search:round glasses',
};
export const PRODUCTS: ReadonlySet<number> = new Set([1001, 128001]);

export interface ListedEntry {
  url: string;
  type: string;
  lastmod?: string;
}

export const LISTED: readonly ListedEntry[] = Object.entries(LOOKUP)
  .map(([url, path]) => ({ url, type: path.split(':')[0]!, ...(path.startsWith('cms:') ? { lastmod: '2026-03-01T10:00:00.000Z' } : {}) }))
  .sort((a, b) => (a.url < b.url ? -1 : 1));

export const CONTENT = [
  { kind: 'home', name: 'home', lastmod: '2026-03-02T08:30:00.000Z' },
  { kind: 'page', name: 'eyeglasses', lastmod: '2026-03-03T00:00:00.000Z' },
  { kind: 'page', name: 'summer-sale', lastmod: '2026-03-04T00:00:00.000Z' },
  { kind: 'cms', name: 'reviews', lastmod: '2026-03-05T00:00:00.000Z' },
];

export interface FakeApi {
  server: Server;
  url: string;
  /** Every request: its path and query, and the country it was asked in. */
  calls: { path: string; country: string | undefined }[];
  /** 'error': every request answers 500. */
  mode: 'up' | 'error';
}

/** The fake API, listening; its sitemap list is `listed`, in pages of the request's `limit`. */
export async function fakeApi(listed: readonly ListedEntry[] = LISTED): Promise<FakeApi> {
  const api: FakeApi = { server: createServer(), url: '', calls: [], mode: 'up' };
  api.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://api.local');
    const country = req.headers['x-country-code'];
    api.calls.push({ path: `${url.pathname}${url.search}`, country: typeof country === 'string' ? country : undefined });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (api.mode === 'error') return json(500, { message: 'broken' });
    if (url.pathname === '/v3/utility/routing') {
      const asked = url.searchParams.get('url') ?? '';
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

/** How many times the fake API was asked the routing lookup of `path`. */
export const lookupsOf = (api: FakeApi, path: string): number =>
  api.calls.filter((call) => call.path === `/v3/utility/routing?url=${encodeURIComponent(path)}`).length;

/**
 * What the fake API's sitemap holds, as paths (the sitemap's <loc>s without the origin): every
 * listed page of the route table, content and lookups, none of a shopper's own pages, each once.
 */
export function expectSitemapPaths(paths: readonly string[]): void {
  expect(paths).toEqual(
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
    expect(paths).not.toContain(hidden);
  expect(new Set(paths).size).toBe(paths.length);
}
