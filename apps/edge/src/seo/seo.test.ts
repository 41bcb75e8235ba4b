import { COUNTRY_CODES, DEFAULT_COUNTRY } from '@eyewear/i18n';
import { robotsAllows } from './robots';
import { defaultRouteModule } from './routes';
import { createSeo, type Seo, type SeoAnswer, type Site } from './seo';
import { SITEMAP_PATH, sitemapEntries } from './sitemap';
import { expectSitemapPaths, CONTENT, close, fakeApi, type FakeApi } from './testing/fake-api';

const ORIGIN = 'https://shop.example';
const site = { origin: ORIGIN, hostname: 'shop.example' };
let api: FakeApi;
let seo: Seo;

async function answerOf(target: Seo, pathname: string, where: Site = site): Promise<SeoAnswer> {
  const answer = await target.answer(pathname, where);
  if (!answer) throw new Error(`no answer for ${pathname}`);
  return answer;
}
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
const sitemapCalls = (target: FakeApi) => target.calls.filter((call) => call.path.startsWith('/v2/content/sitemap'));

beforeAll(async () => {
  api = await fakeApi();
  seo = createSeo({ routes: defaultRouteModule(), apiBase: new URL(api.url) });
});

afterAll(async () => {
  await close(api.server);
});

beforeEach(() => {
  api.calls.length = 0;
  api.mode = 'up';
});

describe('robots.txt', () => {
  it('allows the storefront, keeps out private pages and the API, and points at every country sitemap', async () => {
    const answer = await answerOf(seo, '/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.ext).toBe('.txt');
    expect(answer.headers).toEqual({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' });
    const text = answer.body.toString();
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/m);
    for (const rule of ['/api/', '/_edge/', '/cart$', '/checkout/', '/payment$', '/customer/', '/sales/order', '/sg/checkout/'])
      expect(text).toContain(`\nDisallow: ${rule}\n`);
    expect(text).not.toMatch(/^Disallow: \/remotes/m);
    expect(text).not.toMatch(/^Disallow: \/sg\/api\//m);
    expect(text.match(/^Sitemap: .*$/gm)).toEqual(
      ['', ...COUNTRY_CODES.filter((c) => c !== DEFAULT_COUNTRY).map((c) => `/${c}`)].map((prefix) => `Sitemap: ${ORIGIN}${prefix}/sitemap.xml`),
    );
    // The same bytes for every crawler of this site.
    expect((await answerOf(seo, '/robots.txt')).body).toBe(answer.body);
  });

  it("lists a country's own sitemap only on its own domain", async () => {
    const answer = await answerOf(seo, '/robots.txt', { origin: 'http://www.eyewear.sg', hostname: 'www.eyewear.sg' });
    expect(answer.body.toString().match(/^Sitemap: .*$/gm)).toEqual(['Sitemap: http://www.eyewear.sg/sitemap.xml']);
  });

  it('refuses a request whose Host it would not write (no origin), and answers null for any other path', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml']) {
      const answer = await answerOf(seo, path, { origin: null, hostname: '' });
      expect([answer.status, answer.headers['cache-control'], answer.body.toString()]).toEqual([400, 'no-store', 'Bad Host header']);
    }
    for (const path of ['/', '/robots.txt/', '/in/sitemap.xml', '/sitemap-0.xml', '/sitemap.xml.gz', '/sg/robots.txt'])
      expect(await seo.answer(path, site)).toBeNull();
    expect(api.calls).toEqual([]);
  });
});

describe('sitemap.xml', () => {
  it('lists home, content, CMS, listing and product pages with their lastmod, as XML, and reads the API once', async () => {
    const answer = await answerOf(seo, '/sitemap.xml');
    expect([answer.status, answer.ext]).toEqual([200, '.xml']);
    expect(answer.headers).toEqual({ 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' });
    const xml = answer.body.toString();
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/);
    const locs = locsOf(xml).map((loc) => loc.slice(ORIGIN.length));
    expectSitemapPaths(locs);
    for (const path of locs) expect({ path, allowed: robotsAllows(path) }).toEqual({ path, allowed: true });
    expect(xml).toContain(`<url><loc>${ORIGIN}/</loc><lastmod>2026-03-02T08:30:00Z</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${ORIGIN}/eyeglasses.html</loc><lastmod>2026-03-03T00:00:00Z</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${ORIGIN}/reviews</loc><lastmod>2026-03-05T00:00:00Z</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${ORIGIN}/about-us.html</loc><lastmod>2026-03-01T10:00:00Z</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${ORIGIN}/acme-round-black-1001.html</loc></url>`);
    // The same bytes again (their compressed copies are kept per body), the list read once.
    expect((await answerOf(seo, '/sitemap.xml')).body).toBe(answer.body);
    expect(sitemapCalls(api)).toHaveLength(1);
  });

  it("serves each country's sitemap under its prefix, and 404s a part that does not exist", async () => {
    const xml = (await answerOf(seo, '/sg/sitemap.xml')).body.toString();
    expect(xml).toContain(`<loc>${ORIGIN}/sg/</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/sg/eyeglasses/round.html</loc>`);
    expect(xml).not.toContain(`<loc>${ORIGIN}/eyeglasses/round.html</loc>`);
    const missing = await answerOf(seo, '/sitemap-2.xml');
    expect([missing.status, missing.headers['cache-control'], missing.body.toString()]).toEqual([404, 'no-store', 'Not found']);
    expect(SITEMAP_PATH.test('/in/sitemap.xml')).toBe(false);
    expect(SITEMAP_PATH.exec('/ae/sitemap-12.xml')?.slice(1)).toEqual(['ae', '12']);
  });

  it('is an index of files of at most maxUrls URLs past the limit', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ url: `/eyeglasses/shape-${String(i).padStart(2, '0')}.html`, type: 'cat' }));
    const bigApi = await fakeApi(many);
    const routes = defaultRouteModule();
    const big = createSeo({ routes, apiBase: new URL(bigApi.url), maxUrls: 10, pageSize: 7 });
    const index = await answerOf(big, '/sitemap.xml');
    const all = sitemapEntries(routes, { urls: many, content: CONTENT });
    const parts = Math.ceil(all.length / 10);
    expect(index.body.toString()).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locsOf(index.body.toString())).toEqual(Array.from({ length: parts }, (_, i) => `${ORIGIN}/sitemap-${i + 1}.xml`));
    expect(index.body.toString()).toContain('<lastmod>2026-03-05T00:00:00Z</lastmod>');
    const listed: string[] = [];
    for (let part = 1; part <= parts; part += 1) {
      const file = await answerOf(big, `/sitemap-${part}.xml`);
      expect(file.status).toBe(200);
      const locs = locsOf(file.body.toString());
      expect(locs.length).toBeLessThanOrEqual(10);
      listed.push(...locs);
    }
    expect(listed).toEqual(all.map((entry) => `${ORIGIN}${entry.path}`));
    expect((await answerOf(big, `/sitemap-${parts + 1}.xml`)).status).toBe(404);
    // Read in pages of 7 from the API.
    expect(sitemapCalls(bigApi)).toHaveLength(Math.ceil((many.length + 1) / 7));
    await close(bigApi.server);
  });

  it('answers 503 with Retry-After while the API has never given its list, and keeps the last list when it fails', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const flaky = await fakeApi();
    let now = 0;
    const seoOfFlaky = createSeo({ routes: defaultRouteModule(), apiBase: new URL(flaky.url), now: () => now });
    const local = { origin: 'http://localhost:4200', hostname: 'localhost' };
    flaky.mode = 'error';
    const down = await answerOf(seoOfFlaky, '/sitemap.xml', local);
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBe('60');
    // Not asked again within 30 s.
    now += 29_000;
    flaky.mode = 'up';
    expect((await answerOf(seoOfFlaky, '/sitemap.xml', local)).status).toBe(503);
    expect(sitemapCalls(flaky)).toHaveLength(1);
    now += 2_000;
    const first = await answerOf(seoOfFlaky, '/sitemap.xml', local);
    expect(first.status).toBe(200);
    now += 11 * 60_000;
    flaky.mode = 'error';
    const stale = await answerOf(seoOfFlaky, '/sitemap.xml', local);
    expect(stale.status).toBe(200);
    expect(stale.body.toString()).toBe(first.body.toString());
    // The stale list was served at once; reading it again failed in the background, and was said.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(error.mock.calls.map(([message]: unknown[]) => message)).toEqual([
      '[edge] the sitemap list was not read: the API answered 500 for its sitemap list',
      '[edge] the sitemap list was not read: the API answered 500 for its sitemap list',
    ]);
    error.mockRestore();
    await close(flaky.server);
  });

  it('answers 503 without a route table (routes: null), and says why', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const blind = createSeo({ routes: null, apiBase: new URL(api.url) });
    expect((await answerOf(blind, '/sitemap.xml')).status).toBe(503);
    expect((await answerOf(blind, '/robots.txt')).status).toBe(200);
    expect(error.mock.calls).toEqual([['[edge] the sitemap list was not read: the route table is not available']]);
    expect(api.calls).toEqual([]);
    error.mockRestore();
  });
});
