import { createHash } from 'node:crypto';
import { COUNTRIES } from '../countries';
import { type SeedCatalogue } from '../seed/types';
import { AREAS } from '../areas';
import { stockWrite, type Database } from './database';
import { insertRows, type Tx } from './rows';

export function seedVersion(catalogue: SeedCatalogue): string {
  return createHash('sha256').update(JSON.stringify({ catalogue, COUNTRIES })).digest('hex').slice(0, 16);
}

/**
 * The local mode's demo data (never production: main.ts): the generated catalogue, imported as
 * `importCatalogue` imports a file, and each area's demo rows. Idempotent: a catalogue already
 * loaded (same version) is skipped, decided under the seed's lock, so two processes starting
 * together load it once; a changed one moves live stock by the difference only.
 */
export async function seed(db: Database, catalogue: SeedCatalogue): Promise<{ version: string; applied: boolean }> {
  const result = await seedCatalogue(db, catalogue);
  // Each area's own data (content pages, navigation, store hours...): idempotent upserts.
  for (const area of AREAS) if (area.seed) await area.seed(db, catalogue);
  return result;
}

/** What one catalogue import wrote, per table (rows in the file). */
export type ImportCounts = Record<string, number>;

/**
 * Imports a catalogue (issue 38: the production command `main.js import-catalogue <file>`, and
 * the local seed): every row in it is inserted or updated, rows it does not name are left
 * alone. Stock is the one live figure: a new product starts with the stock imported; for a
 * product imported before, live stock moves by the difference between this import and the last
 * one (`products.imported_stock`), so units sold, held or returned since are kept, and stock the
 * import did not bring is never lowered or raised; a product whose stock no import brought is
 * left as it is. One transaction under the seed's lock.
 */
export async function importCatalogue(tx: Tx, catalogue: Partial<SeedCatalogue> & { countries?: boolean }): Promise<ImportCounts> {
  const counts: ImportCounts = {};
  const upsert = async (table: string, columns: string[], rows: unknown[][], conflict: string) => {
    await insertRows(tx, table, columns, rows, conflict);
    counts[table] = rows.length;
  };
  if (catalogue.countries) {
    await upsert(
      'countries',
      ['code', 'data'],
      Object.values(COUNTRIES).map((c) => [c.countryCode, JSON.stringify(c)]),
      'on conflict (code) do update set data = excluded.data',
    );
  }
  const brands = catalogue.brands ?? [];
  await upsert(
    'brands',
    ['id', 'name', 'house', 'premium'],
    brands.map((b) => [b.id, b.name, b.house, b.premium]),
    'on conflict (id) do update set name = excluded.name, house = excluded.house, premium = excluded.premium',
  );
  const categories = catalogue.categories ?? [];
  await upsert(
    'categories',
    ['id', 'name', 'url', 'parent_id', 'kind', 'data'],
    categories.map((c) => [c.id, c.name, c.url, c.parentId, c.kind, JSON.stringify(c)]),
    'on conflict (id) do update set name = excluded.name, url = excluded.url, parent_id = excluded.parent_id, kind = excluded.kind, data = excluded.data',
  );
  const products = catalogue.products ?? [];
  // New products start with the stock imported; existing ones keep theirs here (below: the difference).
  await upsert(
    'products',
    ['id', 'sku', 'brand_id', 'classification', 'url', 'stock', 'imported_stock', 'data'],
    products.map((p) => [p.id, p.sku, p.brandId, p.classification, p.url, p.stock, p.stock, JSON.stringify(p)]),
    'on conflict (id) do update set sku = excluded.sku, brand_id = excluded.brand_id, classification = excluded.classification, url = excluded.url, data = excluded.data',
  );
  if (products.length > 0) {
    await tx.query(
      stockWrite(
        `update products p set
           stock = case when p.imported_stock is null then p.stock else greatest(0, p.stock + v.stock - p.imported_stock) end,
           imported_stock = v.stock
         from (select unnest($1::int[]) as id, unnest($2::int[]) as stock) v
         where p.id = v.id and p.imported_stock is distinct from v.stock`,
      ),
      [products.map((p) => p.id), products.map((p) => p.stock)],
    );
  }
  await upsert(
    'product_prices',
    ['product_id', 'country', 'currency', 'market_price', 'selling_price', 'first_buy_price'],
    products.flatMap((p) => p.prices.map((price) => [p.id, price.country, price.currency, price.marketPrice, price.sellingPrice, price.firstBuyPrice ?? null])),
    'on conflict (product_id, country) do update set currency = excluded.currency, market_price = excluded.market_price, selling_price = excluded.selling_price, first_buy_price = excluded.first_buy_price',
  );
  // A product's categories are the file's: only the imported products' links are replaced.
  if (products.length > 0) await tx.query('delete from product_categories where product_id = any($1::int[])', [products.map((p) => p.id)]);
  await upsert(
    'product_categories',
    ['product_id', 'category_id', 'position'],
    products.flatMap((p, index) => p.categoryIds.map((categoryId) => [p.id, categoryId, index])),
    'on conflict do nothing',
  );
  await upsert(
    'lens_packages',
    ['id', 'power_type', 'data'],
    (catalogue.lensPackages ?? []).map((l) => [l.id, l.powerType, JSON.stringify(l)]),
    'on conflict (id) do update set power_type = excluded.power_type, data = excluded.data',
  );
  await upsert(
    'coatings',
    ['id', 'package_id', 'data'],
    (catalogue.coatings ?? []).map((c) => [c.id, c.packageId, JSON.stringify(c)]),
    'on conflict (id) do update set package_id = excluded.package_id, data = excluded.data',
  );
  await upsert(
    'contact_lens_powers',
    ['product_id', 'data'],
    (catalogue.contactLensPowers ?? []).map((c) => [c.productId, JSON.stringify(c)]),
    'on conflict (product_id) do update set data = excluded.data',
  );
  await upsert(
    'stores',
    ['code', 'country', 'city', 'pincode', 'lat', 'lng', 'data'],
    (catalogue.stores ?? []).map((s) => [s.code, s.country, s.city, s.pincode, s.lat, s.lng, JSON.stringify(s)]),
    'on conflict (code) do update set country = excluded.country, city = excluded.city, pincode = excluded.pincode, lat = excluded.lat, lng = excluded.lng, data = excluded.data',
  );
  await upsert(
    'reviews',
    ['id', 'product_id', 'rating', 'created_at', 'data'],
    (catalogue.reviews ?? []).map((r) => [r.id, r.productId, r.rating, r.createdAt, JSON.stringify(r)]),
    'on conflict (id) do update set product_id = excluded.product_id, rating = excluded.rating, created_at = excluded.created_at, data = excluded.data',
  );
  await upsert(
    'routes',
    ['url', 'type', 'target_id'],
    (catalogue.routes ?? []).map((r) => [r.url.toLowerCase(), r.type, r.id]),
    'on conflict (url) do update set type = excluded.type, target_id = excluded.target_id',
  );
  return counts;
}

/** The lock every catalogue write takes (the local seed, an import): one at a time per database. */
export const CATALOGUE_LOCK = 7275;

async function seedCatalogue(db: Database, catalogue: SeedCatalogue): Promise<{ version: string; applied: boolean }> {
  const version = seedVersion(catalogue);
  const applied = await db.transaction(async (tx) => {
    // Decided under the lock: a second process starting at the same time waits, then skips.
    await tx.query('select pg_advisory_xact_lock($1)', [CATALOGUE_LOCK]);
    const done = await tx.query('select 1 from seed_runs where version = $1', [version]);
    if (done.length > 0) return false;
    await importCatalogue(tx, { ...catalogue, countries: true });
    await tx.query('insert into seed_runs (version) values ($1) on conflict do nothing', [version]);
    return true;
  });
  return { version, applied };
}
