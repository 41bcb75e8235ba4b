// The sitemaps: which pages are listed, and their XML.
import { PREFIXED, robotsAllows } from './robots';
import type { RouteModule } from './routes';

/** The sitemaps protocol's limit of URLs per file; past it /sitemap.xml is an index. */
export const SITEMAP_MAX_URLS = 50_000;
/** `/sitemap.xml`, `/sitemap-3.xml`, `/sg/sitemap.xml`, `/sg/sitemap-3.xml`. */
export const SITEMAP_PATH = new RegExp(`^(?:/(${PREFIXED.join('|')}))?/sitemap(?:-([1-9]\\d{0,5}))?\\.xml$`);

/** A page of a sitemap: its path under the country prefix, and when it last changed. */
export interface SitemapEntry {
  path: string;
  lastmod?: string | undefined;
}

/** A URL of the routing lookup, as the API lists it. */
export interface ListedUrl {
  url: string;
  lastmod?: string | undefined;
}

/** A content page (`home`, `page`, `cms`) and when it last changed. */
export interface ListedContent {
  kind: string;
  name: string;
  lastmod?: string | undefined;
}

/** The API's list for the sitemaps (`GET /v2/content/sitemap`, every page of it). */
export interface SitemapList {
  urls: readonly ListedUrl[];
  content: readonly ListedContent[];
}

/** Static pages of the table that are no landing page (a query page, an alias, a form, a bare listing URL). */
const NOT_LISTED: ReadonlySet<string> = new Set(['/search', '/frame_size', '/lead-gen/user-detail', '/catalog/category/view']);
/** The remotes whose pages are a shopper's own (cart, checkout, account, orders): never listed. */
const PRIVATE_REMOTES: ReadonlySet<string> = new Set(['cart-checkout', 'account']);

const XML_ENTITIES: Readonly<Record<string, string>> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
const escapeXml = (text: string): string => text.replace(/[<>&'"]/g, (c) => XML_ENTITIES[c] ?? c);

/** A W3C datetime without milliseconds, or undefined. */
function w3cDate(value: string): string | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The site's pages as a sitemap lists them, from the route table and the API's list:
 * - the table's static pages of the public remotes (catalog, product, appointments), a
 *   `/*` route at its base (`/eyeglasses.html`), with the `lastmod` of their content (home,
 *   premium and content pages, CMS pages) when the API knows it;
 * - promo pages (`/promo/{name}`, the table's `:pagename` route) for every content page no
 *   static route shows;
 * - every URL of the routing lookup (listings, collections, search landings, products, CMS
 *   pages), with its `lastmod` where the API has one.
 * Without what robots.txt keeps out, each path once (case-insensitively).
 */
export function sitemapEntries(module: RouteModule, listed: SitemapList): SitemapEntry[] {
  const contentLastmod = new Map(listed.content.map((c) => [`${c.kind}:${c.name}`, c.lastmod]));
  const shown = new Set<string>();
  const entries: SitemapEntry[] = [];
  for (const route of module.ROUTE_TABLE) {
    if (PRIVATE_REMOTES.has(route.remote)) continue;
    const path = route.path.replace(/\/\*$/, '') || '/';
    if (/[:*]/.test(path) || NOT_LISTED.has(path)) continue;
    const content =
      path === '/'
        ? 'home:home'
        : route.expose === './ContentPage'
          ? `page:${route.props?.page}`
          : route.expose === './CmsPage'
            ? `cms:${route.props?.page}`
            : null;
    if (content) shown.add(content);
    entries.push({ path, lastmod: content ? contentLastmod.get(content) : undefined });
  }
  const promo = module.ROUTE_TABLE.find((route) => route.path.includes(':pagename'));
  if (promo) {
    for (const page of listed.content) {
      if (page.kind !== 'page' || shown.has(`page:${page.name}`)) continue;
      entries.push({ path: promo.path.replace(/\/\*$/, '').replace(':pagename', encodeURIComponent(page.name)), lastmod: page.lastmod });
    }
  }
  for (const { url, lastmod } of listed.urls) entries.push({ path: url, lastmod });
  const seen = new Set<string>();
  return entries.filter(({ path }) => {
    const key = path.toLowerCase();
    if (seen.has(key) || !path.startsWith('/') || !robotsAllows(path)) return false;
    seen.add(key);
    return true;
  });
}

/** A `<urlset>` of these entries under `base` (the origin and the country prefix). */
export function urlsetXml(base: string, entries: readonly SitemapEntry[]): string {
  const lines = entries.map(({ path, lastmod }) => {
    const loc = escapeXml(new URL(`${base}${path}`).href);
    const date = lastmod && w3cDate(lastmod);
    return `<url><loc>${loc}</loc>${date ? `<lastmod>${date}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

/** A `<sitemapindex>` of the files `{base}/sitemap-1.xml` ... with each one's latest lastmod. */
export function sitemapIndexXml(base: string, chunks: readonly (readonly SitemapEntry[])[]): string {
  const lines = chunks.map((chunk, i) => {
    const latest = chunk.reduce<string | undefined>((max, { lastmod }) => {
      const date = lastmod && w3cDate(lastmod);
      return date && (!max || date > max) ? date : max;
    }, undefined);
    return `<sitemap><loc>${escapeXml(`${base}/sitemap-${i + 1}.xml`)}</loc>${latest ? `<lastmod>${latest}</lastmod>` : ''}</sitemap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</sitemapindex>\n`;
}
