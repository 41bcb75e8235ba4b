import { PROMISE } from '@eyewear/i18n/rules';
import { type FastifyInstance } from 'fastify';
import { areaEndpoints, cacheKeys } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { cardKeys, setCacheKeys } from '../../http/cache-keys';
import { route } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { countryOf } from '../../http/session';
import { drawBanner, shade } from './banner-svg';
import { categoryOf, type CatalogueReads, type CategoryRow } from './catalogue-reads';
import { BANNERS, type BannerArt } from './content-seed';

const { content } = areaEndpoints;

/**
 * Content: home, premium and promo pages, collections, CMS pages, config, banners drawn as SVG.
 * Each page names its cache key (http/cache-keys.ts): `cms-<name>` for content, `c<id>` and its
 * cards' `p<id> s<id>` for a collection, `catalogue` for the category config.
 */
export function contentRoutes(app: FastifyInstance, rootDb: Database, { listing }: CatalogueReads) {
  const contentOf = async <T>(kind: string, name: string): Promise<T | undefined> => {
    const [row] = await rootDb.query<{ data: T }>('select data from content_pages where kind = $1 and name = $2', [kind, name]);
    return row?.data;
  };

  route(app, content.home, async ({ reply }) => {
    const home = await contentOf<{ sections: unknown[] }>('home', 'home');
    if (!home) throw notFound('No home page');
    setCacheKeys(reply, [cacheKeys.content('home')]);
    return { result: home as never };
  });

  route(app, content.page, async ({ params, reply }) => {
    const page = await contentOf<unknown>('page', params.page.toLowerCase());
    if (!page) throw notFound(`No page ${params.page}`);
    setCacheKeys(reply, [cacheKeys.content(params.page)]);
    return { result: page as never };
  });

  route(app, content.collection, async ({ query, request, reply, db }) => {
    const url = query.url.toLowerCase().split(/[?#]/)[0] ?? '';
    const [found] = await db.query<CategoryRow>(
      `select id, name, url, parent_id, kind, data from categories where kind = 'col' and (url = $1 or id::text = $2)`,
      [url, url.replace(/^\//, '')],
    );
    if (!found) throw notFound(`No collection at ${query.url}`);
    // The full list: the page renders the first 5 and appends the rest (shopping §2, §4).
    const { products } = await listing({ kind: 'category', categoryId: found.id }, { 'page-size': 100 }, countryOf(request));
    setCacheKeys(reply, [cacheKeys.category(found.id), cacheKeys.catalogue, ...cardKeys(products)]);
    return { result: { id: String(found.id), title: found.name, description: `Hand-picked: ${found.name.toLowerCase()}.`, items: products } };
  });

  route(app, content.cms, async ({ params, reply }) => {
    const page = await contentOf<unknown>('cms', params.pageName);
    if (!page) throw notFound(`No page ${params.pageName}`);
    setCacheKeys(reply, [cacheKeys.content(params.pageName)]);
    return { result: page as never };
  });

  route(app, content.categoryConfig, async ({ reply, db }) => {
    setCacheKeys(reply, [cacheKeys.catalogue]);
    const rows = await db.query<{ key: string; value: unknown }>('select key, value from catalogue_settings order by key');
    return { result: Object.fromEntries(rows.map((r) => [r.key, r.value])) };
  });

  route(
    app,
    content.bannerImage,
    async ({ params }) => {
      const id = params.id.replace(/\.svg$/, '');
      let art: BannerArt | undefined = BANNERS[id];
      const category = /^cat-(\d+)$/.exec(id);
      if (!art && category) {
        const row = await categoryOf(rootDb, Number(category[1]));
        art = {
          title: row.name,
          subtitle: row.kind === 'col' ? 'A curated collection' : `${PROMISE.shipping}, ${PROMISE.returns}`,
          from: row.data.imageColour,
          to: shade(row.data.imageColour),
          accent: '#ffffff',
        };
      }
      if (!art) throw notFound(`No banner ${id}`);
      return drawBanner(art);
    },
    { raw: { contentType: 'image/svg+xml; charset=utf-8', cacheControl: 'public, max-age=86400' } },
  );
}
