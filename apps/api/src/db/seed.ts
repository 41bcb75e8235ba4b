import { createHash } from 'node:crypto';
import { COUNTRIES } from '../countries';
import { type SeedCatalogue } from '../seed/types';
import { AREAS } from '../areas';
import { type Database } from './database';
import { insertRows } from './rows';

export function seedVersion(catalogue: SeedCatalogue): string {
  return createHash('sha256').update(JSON.stringify({ catalogue, COUNTRIES })).digest('hex').slice(0, 16);
}

/**
 * Loads the generated catalogue and the country data. Idempotent: a catalogue already loaded
 * (same version) is skipped; a changed one is upserted row by row.
 */
export async function seed(db: Database, catalogue: SeedCatalogue): Promise<{ version: string; applied: boolean }> {
  const result = await seedCatalogue(db, catalogue);
  // Each area's own data (content pages, navigation, store hours...): idempotent upserts.
  for (const area of AREAS) if (area.seed) await area.seed(db, catalogue);
  return result;
}

async function seedCatalogue(db: Database, catalogue: SeedCatalogue): Promise<{ version: string; applied: boolean }> {
  const version = seedVersion(catalogue);
  const done = await db.query('select 1 from seed_runs where version = $1', [version]);
  if (done.length > 0) return { version, applied: false };

  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7275)');
    await insertRows(
      tx,
      'countries',
      ['code', 'data'],
      Object.values(COUNTRIES).map((c) => [c.countryCode, JSON.stringify(c)]),
      'on conflict (code) do update set data = excluded.data',
    );
    await insertRows(
      tx,
      'brands',
      ['id', 'name', 'house', 'premium'],
      catalogue.brands.map((b) => [b.id, b.name, b.house, b.premium]),
      'on conflict (id) do update set name = excluded.name, house = excluded.house, premium = excluded.premium',
    );
    await insertRows(
      tx,
      'categories',
      ['id', 'name', 'url', 'parent_id', 'kind', 'data'],
      catalogue.categories.map((c) => [c.id, c.name, c.url, c.parentId, c.kind, JSON.stringify(c)]),
      'on conflict (id) do update set name = excluded.name, url = excluded.url, parent_id = excluded.parent_id, kind = excluded.kind, data = excluded.data',
    );
    await insertRows(
      tx,
      'products',
      ['id', 'sku', 'brand_id', 'classification', 'url', 'stock', 'data'],
      catalogue.products.map((p) => [p.id, p.sku, p.brandId, p.classification, p.url, p.stock, JSON.stringify(p)]),
      'on conflict (id) do update set sku = excluded.sku, brand_id = excluded.brand_id, classification = excluded.classification, url = excluded.url, stock = excluded.stock, data = excluded.data',
    );
    await insertRows(
      tx,
      'product_prices',
      ['product_id', 'country', 'currency', 'market_price', 'selling_price', 'first_buy_price'],
      catalogue.products.flatMap((p) =>
        p.prices.map((price) => [p.id, price.country, price.currency, price.marketPrice, price.sellingPrice, price.firstBuyPrice ?? null]),
      ),
      'on conflict (product_id, country) do update set currency = excluded.currency, market_price = excluded.market_price, selling_price = excluded.selling_price, first_buy_price = excluded.first_buy_price',
    );
    await tx.query('delete from product_categories');
    await insertRows(
      tx,
      'product_categories',
      ['product_id', 'category_id', 'position'],
      catalogue.products.flatMap((p, index) => p.categoryIds.map((categoryId) => [p.id, categoryId, index])),
      'on conflict do nothing',
    );
    await insertRows(
      tx,
      'lens_packages',
      ['id', 'power_type', 'data'],
      catalogue.lensPackages.map((l) => [l.id, l.powerType, JSON.stringify(l)]),
      'on conflict (id) do update set power_type = excluded.power_type, data = excluded.data',
    );
    await insertRows(
      tx,
      'coatings',
      ['id', 'package_id', 'data'],
      catalogue.coatings.map((c) => [c.id, c.packageId, JSON.stringify(c)]),
      'on conflict (id) do update set package_id = excluded.package_id, data = excluded.data',
    );
    await insertRows(
      tx,
      'contact_lens_powers',
      ['product_id', 'data'],
      catalogue.contactLensPowers.map((c) => [c.productId, JSON.stringify(c)]),
      'on conflict (product_id) do update set data = excluded.data',
    );
    await insertRows(
      tx,
      'stores',
      ['code', 'country', 'city', 'pincode', 'lat', 'lng', 'data'],
      catalogue.stores.map((s) => [s.code, s.country, s.city, s.pincode, s.lat, s.lng, JSON.stringify(s)]),
      'on conflict (code) do update set country = excluded.country, city = excluded.city, pincode = excluded.pincode, lat = excluded.lat, lng = excluded.lng, data = excluded.data',
    );
    await insertRows(
      tx,
      'reviews',
      ['id', 'product_id', 'rating', 'created_at', 'data'],
      catalogue.reviews.map((r) => [r.id, r.productId, r.rating, r.createdAt, JSON.stringify(r)]),
      'on conflict (id) do update set product_id = excluded.product_id, rating = excluded.rating, created_at = excluded.created_at, data = excluded.data',
    );
    await tx.query('delete from routes');
    await insertRows(
      tx,
      'routes',
      ['url', 'type', 'target_id'],
      catalogue.routes.map((r) => [r.url.toLowerCase(), r.type, r.id]),
      'on conflict (url) do nothing',
    );
    await tx.query('insert into seed_runs (version) values ($1) on conflict do nothing', [version]);
  });
  return { version, applied: true };
}
