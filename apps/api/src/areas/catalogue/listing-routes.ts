import { type FastifyInstance } from 'fastify';
import { areaEndpoints, cacheKeys } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { cardKeys, setCacheKeys } from '../../http/cache-keys';
import { route } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { countryOf } from '../../http/session';
import { categoryOf, settingOf, type CatalogueReads, type CategoryRow } from './catalogue-reads';
import { BANNERS } from './content-seed';
import { filterData } from './filters';
import { parseListingQuery, searchTokens } from './listing-query';
import { bannerImageUrl } from './products';

const { catalogue } = areaEndpoints;

const ROOT_TYPE: Record<number, string> = {
  3100: 'eyeglasses',
  3200: 'sunglasses',
  3300: 'premium-eyeglasses',
  3400: 'premium-sunglasses',
  3500: 'kids',
  3600: 'contact-lenses',
  3700: 'solutions',
  3800: 'accessories',
  3900: 'membership',
};

/**
 * Listings: a category, search, their filters, sub-categories, banners and carousels. Each answer
 * names its cache keys (http/cache-keys.ts): its categories (`c<id>`), every card's product and
 * stock (`p<id> s<id>`, its colours' too) and `catalogue` (settings, brands).
 */
export function listingRoutes(app: FastifyInstance, rootDb: Database, { listing, categoryPlace }: CatalogueReads) {
  route(app, catalogue.category, async ({ params, query, request, reply }) => {
    const { category, root, breadcrumb } = await categoryPlace(params.id);
    const { products, total } = await listing({ kind: 'category', categoryId: category.id }, query, countryOf(request));
    setCacheKeys(reply, [cacheKeys.category(category.id), cacheKeys.catalogue, ...cardKeys(products)]);
    return {
      result: {
        categoryId: category.id,
        category_name: category.name,
        categoryType: category.kind === 'col' ? 'collection' : (ROOT_TYPE[root.id] ?? 'category'),
        product_list: products,
        num_of_products: total,
        breadcrumb,
        cat_img_link: bannerImageUrl(`cat-${category.id}`),
        seo_meta_canonical: category.url,
        seoAlternateUrl: [{ hrefLang: 'en-in', url: category.url }],
      },
    };
  });

  route(app, catalogue.filters, async ({ params, query, request, reply, db }) => {
    const category = await categoryOf(db, params.id);
    setCacheKeys(reply, [cacheKeys.category(category.id), cacheKeys.catalogue]);
    return { result: await filterData(db, countryOf(request), { kind: 'category', categoryId: category.id }, parseListingQuery(query)) };
  });

  route(app, catalogue.search, async ({ params, query, request, reply }) => {
    const tokens = searchTokens(params.query);
    const name = params.query.replace(/[[\](){}]/g, '').trim();
    if (tokens.length === 0) throw new HttpError(400, 'query: Search term has no words', 'query', 'BAD_REQUEST');
    const { products, total } = await listing({ kind: 'search', tokens }, query, countryOf(request));
    setCacheKeys(reply, [cacheKeys.catalogue, ...cardKeys(products)]);
    return {
      result: {
        categoryId: null,
        category_name: name,
        categoryType: 'search',
        product_list: products,
        num_of_products: total,
        breadcrumb: [
          { label: 'Home', url: '/' },
          { label: `Search: ${name}`, url: `/search?q=${encodeURIComponent(name)}` },
        ],
      },
    };
  });

  route(app, catalogue.searchFilters, async ({ params, query, request, reply, db }) => {
    const tokens = searchTokens(params.query);
    if (tokens.length === 0) throw new HttpError(400, 'query: Search term has no words', 'query', 'BAD_REQUEST');
    setCacheKeys(reply, [cacheKeys.catalogue]);
    return { result: await filterData(db, countryOf(request), { kind: 'search', tokens }, parseListingQuery(query)) };
  });

  route(app, catalogue.subCategories, async ({ params, reply, db }) => {
    await categoryOf(db, params.catalogId);
    const rows = await db.query<CategoryRow & { n: number }>(
      `select c.id, c.name, c.url, c.parent_id, c.kind, c.data,
         (select count(*)::int from product_categories pc join products p on p.id = pc.product_id
          where pc.category_id = c.id and ($2 = 'unisex' or p.data->>'gender' in ($2, 'unisex'))) as n
       from categories c where c.parent_id = $1 order by c.id`,
      [params.catalogId, params.gender],
    );
    const subCategories = rows
      .filter((c) => c.n > 0 && (params.gender === 'unisex' || !c.data.gender || c.data.gender === params.gender))
      .map((c) => ({ id: c.id, name: c.name, url: c.url, imageUrl: bannerImageUrl(`cat-${c.id}`) }));
    setCacheKeys(reply, [cacheKeys.category(params.catalogId), ...rows.map((c) => cacheKeys.category(c.id))]);
    return { result: { subCategories } };
  });

  route(app, catalogue.carouselBanner, async ({ query, reply, db }) => {
    const key = query.category.trim();
    const [category] = await db.query<CategoryRow>(
      `select id, name, url, parent_id, kind, data from categories where id::text = $1 or lower(name) = lower($1) or url = $1 limit 1`,
      [key],
    );
    setCacheKeys(reply, [cacheKeys.catalogue, category && cacheKeys.category(category.id)]);
    if (!category) return { result: { banners: [] } };
    const configured = (await settingOf<Record<string, string>>(db, 'CATEGORY_BANNERS')) ?? {};
    const banners = [{ id: `cat-${category.id}`, imageUrl: bannerImageUrl(`cat-${category.id}`), link: category.url, alt: category.name }];
    const extra = configured[String(category.id)] ?? (category.parent_id !== null ? configured[String(category.parent_id)] : undefined);
    if (extra && BANNERS[extra]) banners.push({ id: extra, imageUrl: bannerImageUrl(extra), link: category.url, alt: BANNERS[extra].title });
    return { result: { banners } };
  });

  const carouselProducts = async (ids: number[], country: ReturnType<typeof countryOf>) => {
    const out = [];
    for (const id of ids) {
      const { products } = await listing({ kind: 'category', categoryId: id }, { 'page-size': 12 }, country);
      out.push(...products.map((p) => ({ ...p, cat_id: id })));
    }
    return out;
  };

  route(app, catalogue.categoryCarousel, async ({ query, request, reply }) => {
    const ids = [...new Set(query.categoryIds.split(',').map(Number))];
    const products = await carouselProducts(ids, countryOf(request));
    setCacheKeys(reply, [cacheKeys.catalogue, ...ids.map(cacheKeys.category), ...cardKeys(products)]);
    return { result: products };
  });

  route(app, catalogue.categoryCarouselById, async ({ params, request, reply, db }) => {
    await categoryOf(db, params.categoryId);
    const products = await carouselProducts([params.categoryId], countryOf(request));
    setCacheKeys(reply, [cacheKeys.catalogue, cacheKeys.category(params.categoryId), ...cardKeys(products)]);
    return { result: products };
  });
}
