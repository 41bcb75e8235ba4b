import { categoryPageSize } from '@eyewear/i18n/rules';
import { STOCK_VERSION, type Database } from '../../db/database';
import { createReadCache } from '../../db/read-cache';
import { notFound } from '../../http/errors';
import { type countryOf } from '../../http/session';
import { parseListingQuery } from './listing-query';
import { listingProductOf, queryListing, variantsOf, type Scope } from './products';

export interface CategoryRow {
  id: number;
  name: string;
  url: string;
  parent_id: number | null;
  kind: 'cat' | 'col';
  data: { gender?: string; imageColour: string };
}

export async function settingOf<T>(db: Database, key: string): Promise<T | undefined> {
  const [row] = await db.query<{ value: T }>('select value from catalogue_settings where key = $1', [key]);
  return row?.value;
}

/** shopping §9: page size 15, overridable by the CATEGORY_PAGE_SIZE_COUNT setting, or per request. */
async function pageSizeFor(db: Database, requested: number | null): Promise<number> {
  if (requested) return requested;
  return categoryPageSize(await settingOf<unknown>(db, 'CATEGORY_PAGE_SIZE_COUNT'));
}

export async function categoryOf(db: Database, id: number): Promise<CategoryRow> {
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

/** What a listing page reads: it is the same for every shopper until one of these is written (ADR 018). */
const LISTING_TABLES = ['products', STOCK_VERSION, 'product_prices', 'product_categories', 'categories', 'catalogue_settings', 'brands', 'reviews'];

/** The catalogue's reads through one read cache: a listing page and a category's place in the tree. */
export function catalogueReads(db: Database) {
  const cachedRead = createReadCache(db, { tables: LISTING_TABLES });
  const listing = (scope: Scope, query: Record<string, unknown>, country: ReturnType<typeof countryOf>) => {
    const request = parseListingQuery(query);
    return cachedRead(`listing ${JSON.stringify([scope, request, country])}`, LISTING_TABLES, async () => {
      const size = await pageSizeFor(db, request.pageSize);
      const { rows, total } = await queryListing(db, country, scope, request, size);
      const variants = await variantsOf(db, country, rows);
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

  return { listing, categoryPlace };
}

export type CatalogueReads = ReturnType<typeof catalogueReads>;
