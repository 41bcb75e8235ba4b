import { createTestApi, type TestApi } from '../../testing/api';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

interface SitemapPage {
  urls: { url: string; type: string; lastmod?: string }[];
  next: string | null;
  content?: { kind: string; name: string; lastmod: string }[];
}

async function sitemapPage(query: string): Promise<{ status: number; body: { result: SitemapPage } & { field?: string } }> {
  const response = await api.app.inject({ method: 'GET', url: `/v2/content/sitemap${query}` });
  return { status: response.statusCode, body: response.json() };
}

describe('the sitemap list (GET /v2/content/sitemap)', () => {
  it('lists every URL of the routing lookup once, in URL order, page by page', async () => {
    const routes = await api.db.query<{ url: string; type: string }>('select url, type from routes order by url');
    const seen: SitemapPage['urls'] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const { status, body }: Awaited<ReturnType<typeof sitemapPage>> = await sitemapPage(
        `?limit=100${after === null ? '' : `&after=${encodeURIComponent(after)}`}`,
      );
      expect(status).toBe(200);
      expect(body.result.urls.length).toBeLessThanOrEqual(100);
      seen.push(...body.result.urls);
      // Content times come with the first page only.
      expect(Boolean(body.result.content)).toBe(after === null);
      after = body.result.next;
      pages += 1;
    } while (after !== null);
    expect(pages).toBe(Math.ceil((routes.length + 1) / 100));
    expect(seen.map(({ url, type }) => ({ url, type }))).toEqual(routes);
  });

  it('gives CMS pages and content pages when they last changed; products have none', async () => {
    const { body } = await sitemapPage('');
    const all = body.result.urls;
    const cms = all.filter((u) => u.type === 'cms');
    expect(cms.length).toBeGreaterThan(0);
    for (const page of cms) expect(new Date(page.lastmod!).toISOString()).toBe(page.lastmod);
    expect(all.filter((u) => u.type === 'prod').every((u) => u.lastmod === undefined)).toBe(true);
    const content = body.result.content!;
    expect(content).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'home', name: 'home' }), expect.objectContaining({ kind: 'page', name: 'eyeglasses' })]),
    );
    expect(content.every((c) => !Number.isNaN(Date.parse(c.lastmod)))).toBe(true);
  });

  it('refuses a limit over 10,000 and an after that is not a site path, naming the field', async () => {
    expect((await sitemapPage('?limit=10001')).status).toBe(400);
    expect((await sitemapPage('?limit=10001')).body.field).toBe('limit');
    expect((await sitemapPage('?after=eyeglasses')).body.field).toBe('after');
  });
});
