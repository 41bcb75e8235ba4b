import { type FastifyInstance } from 'fastify';
import { areaEndpoints, type RouteType } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';

const { content } = areaEndpoints;

/** URLs per page when the caller names no limit. */
export const SITEMAP_PAGE_SIZE = 5000;

const iso = (value: Date | string | null): string | undefined => {
  if (value === null) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/**
 * What the edge's /sitemap.xml lists (apps/edge/src/seo, docs/adr/027): every URL of the
 * routing lookup in URL order, page by page (`after` = the last URL of the previous page), a
 * CMS page with when its content last changed; on the first page, when each content page
 * (home, premium and promo pages, CMS) last changed. Read-only; products and categories carry
 * no change time in this catalogue, so they have no `lastmod`.
 */
export function sitemapRoutes(app: FastifyInstance, _db: Database) {
  route(app, content.sitemap, async ({ query, db }) => {
    const limit = query.limit ?? SITEMAP_PAGE_SIZE;
    const rows = await db.query<{ url: string; type: RouteType; updated_at: Date | string | null }>(
      `select r.url, r.type, c.updated_at
         from routes r
         left join content_pages c on r.type = 'cms' and c.kind = 'cms' and c.name = r.target_id
        where $1::text is null or r.url > $1
        order by r.url
        limit $2`,
      [query.after ?? null, limit + 1],
    );
    const page = rows.slice(0, limit);
    const urls = page.map((row) => {
      const lastmod = iso(row.updated_at);
      return { url: row.url, type: row.type, ...(lastmod ? { lastmod } : {}) };
    });
    const next = rows.length > limit ? page[page.length - 1]!.url : null;
    if (query.after !== undefined) return { result: { urls, next } };
    const pages = await db.query<{ kind: string; name: string; updated_at: Date | string }>(
      'select kind, name, updated_at from content_pages order by kind, name',
    );
    const changed = pages.flatMap((p) => {
      const lastmod = iso(p.updated_at);
      return lastmod ? [{ kind: p.kind, name: p.name, lastmod }] : [];
    });
    return { result: { urls, next, content: changed } };
  });
}
