// robots.txt and the sitemaps as the edge answers them (docs/adr/027).
import { robotsTxt } from './robots';
import type { RoutesOption } from './routes';
import { SITEMAP_MAX_URLS, SITEMAP_PATH, sitemapEntries, sitemapIndexXml, urlsetXml, type SitemapEntry } from './sitemap';
import { readSitemapList } from './sitemap-list';

const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/** The site a request reached: its origin (null when its Host is not one to write) and host name. */
export interface Site {
  origin: string | null;
  hostname: string;
}

/** An answer the edge sends as it is (compressed for the client by `ext`). */
export interface SeoAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  ext: '.txt' | '.xml';
}

export interface Seo {
  /** The answer for /robots.txt or a sitemap path, or null for any other path. */
  answer(pathname: string, site: Site): Promise<SeoAnswer | null>;
}

export interface SeoOptions {
  routes: RoutesOption;
  apiBase: URL;
  /** How long the API's list is used before it is read again (10 minutes). */
  ttlMs?: number;
  /** URLs per sitemap file (50,000). */
  maxUrls?: number;
  /** URLs per request to the API. */
  pageSize?: number;
  timeoutMs?: number;
  now?: () => number;
}

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * robots.txt and the sitemaps. The API's list (`GET /v2/content/sitemap`, read page by page)
 * is kept for `ttlMs` and read again on the first request after; while the API does not
 * answer, the last list is served (and asked for again at most every 30 s); before there is
 * one, a sitemap answers 503 with Retry-After. Rendered files are kept per origin and prefix
 * (at most 32) until the list changes, so the same bytes (and their compressed copies) serve
 * every crawler.
 */
export function createSeo({
  routes,
  apiBase,
  ttlMs = 10 * 60_000,
  maxUrls = SITEMAP_MAX_URLS,
  pageSize = 10_000,
  timeoutMs = 10_000,
  now = Date.now,
}: SeoOptions): Seo {
  const loadedRoutes = Promise.resolve(routes);
  let list: { entries: SitemapEntry[]; at: number } | null = null;
  let retryAt = -Infinity;
  let reading: Promise<void> | null = null;
  const rendered = new Map<string, Buffer>();

  async function readList(): Promise<void> {
    const module = await loadedRoutes;
    if (!module) throw new Error('the route table is not available');
    const listed = await readSitemapList({ apiBase, pageSize, timeoutMs });
    list = { entries: sitemapEntries(module, listed), at: now() };
    rendered.clear();
  }

  /** The current list: read when there is none or it is older than ttlMs (the old one meanwhile). */
  async function entries(): Promise<SitemapEntry[] | null> {
    const stale = !list || now() - list.at >= ttlMs;
    if (stale && now() >= retryAt && !reading) {
      reading = readList()
        .catch((error: unknown) => {
          retryAt = now() + 30_000;
          console.error(`[edge] the sitemap list was not read: ${errorMessage(error)}`);
        })
        .finally(() => {
          reading = null;
        });
    }
    if (!list && reading) await reading;
    return list?.entries ?? null;
  }

  function remember(key: string, make: () => string): Buffer {
    let body = rendered.get(key);
    if (!body) {
      body = Buffer.from(make());
      if (rendered.size >= 32) rendered.clear();
      rendered.set(key, body);
    }
    return body;
  }

  return {
    async answer(pathname, { origin, hostname }): Promise<SeoAnswer | null> {
      const sitemap = SITEMAP_PATH.exec(pathname);
      if (pathname !== '/robots.txt' && !sitemap) return null;
      if (!origin) return { status: 400, headers: { 'content-type': TEXT, 'cache-control': 'no-store' }, body: Buffer.from('Bad Host header'), ext: '.txt' };
      if (!sitemap) {
        return {
          status: 200,
          headers: { 'content-type': TEXT, 'cache-control': 'public, max-age=3600' },
          body: remember(`robots ${origin} ${hostname}`, () => robotsTxt(origin, hostname)),
          ext: '.txt',
        };
      }
      const all = await entries();
      if (!all) {
        return {
          status: 503,
          headers: { 'content-type': TEXT, 'cache-control': 'no-store', 'retry-after': '60' },
          body: Buffer.from('The sitemap is not available right now; try again in a minute.'),
          ext: '.txt',
        };
      }
      const base = `${origin}${sitemap[1] ? `/${sitemap[1]}` : ''}`;
      const chunks: SitemapEntry[][] = [];
      for (let i = 0; i < all.length; i += maxUrls) chunks.push(all.slice(i, i + maxUrls));
      const part = sitemap[2] ? Number(sitemap[2]) : 0;
      const headers = { 'content-type': XML, 'cache-control': 'public, max-age=600' };
      if (part === 0) {
        const body =
          chunks.length <= 1 ? remember(`urlset ${base}`, () => urlsetXml(base, all)) : remember(`index ${base}`, () => sitemapIndexXml(base, chunks));
        return { status: 200, headers, body, ext: '.xml' };
      }
      const chunk = chunks.length > 1 ? chunks[part - 1] : undefined;
      if (!chunk) {
        return { status: 404, headers: { 'content-type': TEXT, 'cache-control': 'no-store' }, body: Buffer.from('Not found'), ext: '.txt' };
      }
      return { status: 200, headers, body: remember(`part ${base} ${part}`, () => urlsetXml(base, chunk)), ext: '.xml' };
    },
  };
}
