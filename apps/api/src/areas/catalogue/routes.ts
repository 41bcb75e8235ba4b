import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { isValidMobile, WISHLIST_MAX } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { checkPincode } from '../../http/pincode';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { countryOf, currentSession, requireSession } from '../../http/session';
import { type AreaHooks } from '../area';
import { drawBanner, shade } from './banner-svg';
import { BANNERS, type BannerArt } from './content-seed';
import { filterData } from './filters';
import { parseListingQuery, searchTokens } from './listing-query';
import { bannerImageUrl, listingProductOf, queryListing, variantsOf, type Scope } from './products';
import { addToWishlist, moveGuestWishlist, ownerOf, wishlistAnswer } from './wishlist';
import { createReadCache } from '../../db/read-cache';

const { catalogue, content, product, marketing } = areaEndpoints;

interface CategoryRow {
  id: number;
  name: string;
  url: string;
  parent_id: number | null;
  kind: 'cat' | 'col';
  data: { gender?: string; imageColour: string };
}

async function settingOf<T>(db: Database, key: string): Promise<T | undefined> {
  const [row] = await db.query<{ value: T }>('select value from catalogue_settings where key = $1', [key]);
  return row?.value;
}

/** shopping §9: page size 15, overridable by the CATEGORY_PAGE_SIZE_COUNT setting, or per request. */
async function pageSizeFor(db: Database, requested: number | null): Promise<number> {
  if (requested) return requested;
  const setting = await settingOf<unknown>(db, 'CATEGORY_PAGE_SIZE_COUNT');
  const n = Number(setting);
  return Number.isInteger(n) && n > 0 && n <= 100 ? n : 15;
}

async function categoryOf(db: Database, id: number): Promise<CategoryRow> {
  const [row] = await db.query<CategoryRow>('select id, name, url, parent_id, kind, data from categories where id = $1', [id]);
  if (!row) throw notFound(`No category ${id}`);
  return row;
}

async function breadcrumbOf(db: Database, category: CategoryRow) {
  const trail = [{ label: category.name, url: category.url }];
  let parentId = category.parent_id;
  for (let depth = 0; parentId !== null && depth < 5; depth += 1) {
    const parent = await categoryOf(db, parentId);
    trail.unshift({ label: parent.name, url: parent.url });
    parentId = parent.parent_id;
  }
  return [{ label: 'Home', url: '/' }, ...trail];
}

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

/** What a listing page reads: it is the same for every shopper until one of these is written (ADR 018). */
const LISTING_TABLES = ['products', 'product_prices', 'product_categories', 'categories', 'catalogue_settings', 'brands', 'reviews'];

export function catalogueRoutes(app: FastifyInstance, db: Database, hooks: AreaHooks) {
  const cachedRead = createReadCache(db);
  const listing = (scope: Scope, query: Record<string, unknown>, country: ReturnType<typeof countryOf>) => {
    const request = parseListingQuery(query);
    return cachedRead(`listing ${JSON.stringify([scope, request, country])}`, LISTING_TABLES, async () => {
      const size = await pageSizeFor(db, request.pageSize);
      const { rows, total } = await queryListing(db, country, scope, request, size);
      const variants = await variantsOf(db, rows);
      return { products: rows.map((row) => listingProductOf(row, variants)), total };
    });
  };

  /** A category's place in the tree (type by its root, breadcrumb), read once until categories change. */
  const categoryPlace = (id: number) =>
    cachedRead(`category ${id}`, ['categories'], async () => {
      const category = await categoryOf(db, id);
      let root = category;
      while (root.parent_id !== null) root = await categoryOf(db, root.parent_id);
      return { category, root, breadcrumb: await breadcrumbOf(db, category) };
    });

  route(app, catalogue.category, async ({ params, query, request }) => {
    const { category, root, breadcrumb } = await categoryPlace(params.id);
    const { products, total } = await listing({ kind: 'category', categoryId: category.id }, query, countryOf(request));
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

  route(app, catalogue.filters, async ({ params, query, request }) => {
    const category = await categoryOf(db, params.id);
    return { result: await filterData(db, countryOf(request), { kind: 'category', categoryId: category.id }, parseListingQuery(query)) };
  });

  route(app, catalogue.search, async ({ params, query, request }) => {
    const tokens = searchTokens(params.query);
    const name = params.query.replace(/[[\](){}]/g, '').trim();
    if (tokens.length === 0) throw new HttpError(400, 'query: Search term has no words', 'query', 'BAD_REQUEST');
    const { products, total } = await listing({ kind: 'search', tokens }, query, countryOf(request));
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

  route(app, catalogue.searchFilters, async ({ params, query, request }) => {
    const tokens = searchTokens(params.query);
    if (tokens.length === 0) throw new HttpError(400, 'query: Search term has no words', 'query', 'BAD_REQUEST');
    return { result: await filterData(db, countryOf(request), { kind: 'search', tokens }, parseListingQuery(query)) };
  });

  route(app, catalogue.subCategories, async ({ params }) => {
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
    return { result: { subCategories } };
  });

  route(app, catalogue.carouselBanner, async ({ query }) => {
    const key = query.category.trim();
    const [category] = await db.query<CategoryRow>(
      `select id, name, url, parent_id, kind, data from categories where id::text = $1 or lower(name) = lower($1) or url = $1 limit 1`,
      [key],
    );
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

  route(app, catalogue.categoryCarousel, async ({ query, request }) => {
    const ids = [...new Set(query.categoryIds.split(',').map(Number))];
    return { result: await carouselProducts(ids, countryOf(request)) };
  });

  route(app, catalogue.categoryCarouselById, async ({ params, request }) => {
    await categoryOf(db, params.categoryId);
    return { result: await carouselProducts([params.categoryId], countryOf(request)) };
  });

  // Content: home, premium and promo pages, collections, CMS pages, config.
  const contentOf = async <T>(kind: string, name: string): Promise<T | undefined> => {
    const [row] = await db.query<{ data: T }>('select data from content_pages where kind = $1 and name = $2', [kind, name]);
    return row?.data;
  };

  route(app, content.home, async () => {
    const home = await contentOf<{ sections: unknown[] }>('home', 'home');
    if (!home) throw notFound('No home page');
    return { result: home as never };
  });

  route(app, content.page, async ({ params }) => {
    const page = await contentOf<unknown>('page', params.page.toLowerCase());
    if (!page) throw notFound(`No page ${params.page}`);
    return { result: page as never };
  });

  route(app, content.collection, async ({ query, request }) => {
    const url = query.url.toLowerCase().split(/[?#]/)[0] ?? '';
    const [found] = await db.query<CategoryRow>(
      `select id, name, url, parent_id, kind, data from categories where kind = 'col' and (url = $1 or id::text = $2)`,
      [url, url.replace(/^\//, '')],
    );
    if (!found) throw notFound(`No collection at ${query.url}`);
    // The full list: the page renders the first 5 and appends the rest (shopping §2, §4).
    const { products } = await listing({ kind: 'category', categoryId: found.id }, { 'page-size': 100 }, countryOf(request));
    return { result: { id: String(found.id), title: found.name, description: `Hand-picked: ${found.name.toLowerCase()}.`, items: products } };
  });

  route(app, content.cms, async ({ params }) => {
    const page = await contentOf<unknown>('cms', params.pageName);
    if (!page) throw notFound(`No page ${params.pageName}`);
    return { result: page as never };
  });

  route(app, content.categoryConfig, async () => {
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
        const row = await categoryOf(db, Number(category[1]));
        art = {
          title: row.name,
          subtitle: row.kind === 'col' ? 'A curated collection' : 'Free shipping, 14-day returns',
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

  // Wishlist: per guest session or per customer.
  route(app, catalogue.wishlist, async ({ query, request, reply }) => {
    const session = await requireSession(db, request, reply);
    return wishlistAnswer(db, ownerOf(session), countryOf(request), query.attributes === true);
  });
  route(app, catalogue.wishlistAdd, async ({ body, request, reply }) => {
    const session = await requireSession(db, request, reply);
    await addToWishlist(db, ownerOf(session), body.productId);
    return wishlistAnswer(db, ownerOf(session), countryOf(request), true);
  });
  route(app, catalogue.wishlistRemove, async ({ params, request, reply }) => {
    const session = await requireSession(db, request, reply);
    const removed = await db.query('delete from wishlist_items where owner = $1 and product_id = $2 returning product_id', [
      ownerOf(session),
      params.productId,
    ]);
    if (removed.length === 0) throw notFound(`Product ${params.productId} is not in your wishlist`);
    return wishlistAnswer(db, ownerOf(session), countryOf(request), true);
  });
  route(app, catalogue.wishlistClear, async ({ request, reply }) => {
    const session = await requireSession(db, request, reply);
    await db.query('delete from wishlist_items where owner = $1', [ownerOf(session)]);
    return wishlistAnswer(db, ownerOf(session), countryOf(request), true);
  });
  hooks.counts.push(async (database, session) => {
    const [row] = await database.query<{ n: number }>('select count(*)::int as n from wishlist_items where owner = $1', [ownerOf(session)]);
    return { wishlistCount: Math.min(row?.n ?? 0, WISHLIST_MAX) };
  });
  hooks.afterLogin.push((tx, event) => moveGuestWishlist(tx, event.previousSessionId, event.customerId));

  // A barcode is an EAN-13: 890, the product id on nine digits, a check digit.
  route(app, product.barcode, async ({ query }) => {
    const productId = productIdOfBarcode(query.barCodeId);
    if (productId === null) throw new HttpError(404, 'No product has this barcode', 'barCodeId', 'NOT_FOUND');
    const [row] = await db.query<{ id: number }>('select id from products where id = $1', [productId]);
    if (!row) throw new HttpError(404, 'No product has this barcode', 'barCodeId', 'NOT_FOUND');
    return { result: { productId: row.id } };
  });

  // The lead-generation form of /lead-gen/user-detail.
  route(app, marketing.leadGen, async ({ body, request }) => {
    const country = countryOf(request);
    // account.md §5: the mobile of the site's country (the form checks the same rule).
    if (!isValidMobile(country, body.phone)) throw badRequest('Please enter a valid mobile number', 'phone');
    checkPincode(country, body.pincode);
    const session = await currentSession(db, request);
    await db.query('insert into lead_gen (session_id, data) values ($1, $2)', [session?.id ?? null, JSON.stringify(body)]);
    return { result: { success: true, message: 'Thank you! Our eyewear expert will call you shortly.' } };
  });
}

function checkDigit(twelve: string): number {
  const sum = [...twelve].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

export function barcodeOf(productId: number): string {
  const twelve = `890${String(productId).padStart(9, '0')}`;
  return `${twelve}${checkDigit(twelve)}`;
}

export function productIdOfBarcode(barcode: string): number | null {
  if (!/^890\d{10}$/.test(barcode)) return null;
  if (checkDigit(barcode.slice(0, 12)) !== Number(barcode[12])) return null;
  const id = Number(barcode.slice(3, 12));
  return id > 0 ? id : null;
}
