import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApi, type TestApi } from '../testing/api';
import { generateCatalogue } from '../seed/generate';
import { type SeedCatalogue } from '../seed/types';
import { openDatabase, type Database } from './database';
import { allMigrations, migrate } from './migrate';
import { importCatalogueFile, pendingMigrations, prepareDatabase, readImportFile, schemaRefusals, startPlan } from './prepare';
import { seed } from './seed';

/**
 * Issue 38 "a production start touches no data": the demo seed runs in local mode only, a
 * production start neither migrates nor seeds and refuses a schema it does not know, and the
 * catalogue import (and the local seed on a new version) moves live stock by the difference
 * only: "stock 7 came back as 39" is what it must never do.
 */
let api: TestApi;
let folder: string;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
  folder = await mkdtemp(join(tmpdir(), 'catalogue-import-'));
});
afterAll(async () => {
  await api.close();
  await rm(folder, { recursive: true, force: true });
});

/** A digest of every row of every table (what "changes no row" is checked against). */
async function everyRow(db: Pick<Database, 'query'>) {
  const tables = await db.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ digest: string | null }>(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`);
    digests[name] = row?.digest ?? '';
  }
  return digests;
}

const stockOf = async (id: number) => (await api.db.query<{ stock: number }>('select stock from products where id = $1', [id]))[0]!.stock;

describe('what a start does to the database', () => {
  it('local mode migrates and seeds; MIGRATE_ON_START=false does neither; production does neither whatever it says', () => {
    expect(startPlan('local', {})).toEqual({ migrate: true, seed: true });
    expect(startPlan('local', { MIGRATE_ON_START: 'false' })).toEqual({ migrate: false, seed: false });
    expect(startPlan('production', {})).toEqual({ migrate: false, seed: false });
    expect(startPlan('production', { MIGRATE_ON_START: 'true' })).toEqual({ migrate: false, seed: false });
  });

  it('a second start in production mode changes no row, after sales moved stock', async () => {
    const [product] = await api.db.query<{ id: number }>('select id from products where stock > 5 order by id limit 1');
    await api.db.query('update products set stock = stock - 3 where id = $1', [product!.id]);
    const before = await everyRow(api.db);
    const started = await prepareDatabase(api.db, startPlan('production', {}), () => {
      throw new Error('a production start must not even build the demo catalogue');
    });
    expect(started).toEqual({ migrated: [], seeded: null });
    expect(await schemaRefusals(api.db)).toEqual([]);
    expect(await everyRow(api.db)).toEqual(before);
  });

  it("a schema lacking a migration this build knows is refused; one with a later release's migration is not", async () => {
    const bare = await openDatabase();
    try {
      expect(await pendingMigrations(bare)).toEqual(allMigrations().map((m) => m.id));
      const [reason] = await schemaRefusals(bare);
      expect(reason).toMatch(/run the migrate step first/);
      await migrate(bare);
      expect(await schemaRefusals(bare)).toEqual([]);
      // The next release added one (expand): this release still serves.
      await bare.query(`insert into schema_migrations (id) values ('999_next_release')`);
      expect(await schemaRefusals(bare)).toEqual([]);
      await bare.query(`delete from schema_migrations where id = $1`, [allMigrations().at(-1)!.id]);
      expect(await pendingMigrations(bare)).toEqual([allMigrations().at(-1)!.id]);
    } finally {
      await bare.close();
    }
  });
});

describe('the catalogue import and the local seed keep live stock', () => {
  const catalogue = generateCatalogue();
  const [first, second, third] = catalogue.products.filter((p) => p.stock > 10);

  it('a new seed version moves stock by the difference only: units sold since are kept', async () => {
    const sold = 4;
    await api.db.query('update products set stock = stock - $2 where id = $1', [first!.id, sold]);
    const live = await stockOf(first!.id);
    const untouched = await stockOf(third!.id);
    const changed: SeedCatalogue = {
      ...catalogue,
      products: catalogue.products.map((p) => (p.id === first!.id ? { ...p, stock: p.stock + 5 } : p)),
    };
    const [a, b] = await Promise.all([seed(api.db, changed), seed(api.db, changed)]);
    // Two processes starting together: one loads the new version, the other finds it loaded.
    expect([a.applied, b.applied].sort()).toEqual([false, true]);
    expect(await stockOf(first!.id)).toBe(live + 5);
    expect(await stockOf(third!.id)).toBe(untouched);
  });

  it('an import file updates what it names, moves stock by the difference, and leaves every other row alone', async () => {
    const liveSecond = await stockOf(second!.id);
    const liveThird = await stockOf(third!.id);
    const [imported] = await api.db.query<{ imported_stock: number }>('select imported_stock from products where id = $1', [second!.id]);
    const newProduct = { ...second!, id: 990_001, sku: 'eye-import-990001', url: '/eyeglasses/imported-990001.html', stock: 12, variantIds: [] };
    const file = join(folder, 'partial.json');
    await writeFile(
      file,
      JSON.stringify({
        products: [
          { ...second!, stock: imported!.imported_stock - 2, prices: second!.prices.map((p) => ({ ...p, sellingPrice: p.sellingPrice + 100 })) },
          newProduct,
        ],
      }),
    );
    const counts = await importCatalogueFile(api.db, file);
    expect(counts).toMatchObject({ products: 2 });
    expect(await stockOf(second!.id)).toBe(Math.max(0, liveSecond - 2));
    expect(await stockOf(third!.id)).toBe(liveThird);
    expect(await stockOf(990_001)).toBe(12);
    const [price] = await api.db.query<{ selling_price: number }>(`select selling_price from product_prices where product_id = $1 and country = 'in'`, [
      second!.id,
    ]);
    expect(price!.selling_price).toBe(second!.prices.find((p) => p.country === 'in')!.sellingPrice + 100);
    // The same file again: nothing moves (the difference is 0).
    await api.db.query('update products set stock = stock - 1 where id = $1', [990_001]);
    await importCatalogueFile(api.db, file);
    expect(await stockOf(990_001)).toBe(11);
  });

  it('a file that is not a catalogue is refused with its reasons and changes nothing', async () => {
    const before = await everyRow(api.db);
    const bad = join(folder, 'bad.json');
    await writeFile(bad, JSON.stringify({ products: [{ ...first!, stock: -4 }], extra: true }));
    await expect(readImportFile(bad)).rejects.toThrow(/products\.0\.stock/);
    await expect(importCatalogueFile(api.db, bad)).rejects.toThrow(/is not a catalogue file/);
    const notJson = join(folder, 'not.json');
    await writeFile(notJson, '{ products: ');
    await expect(importCatalogueFile(api.db, notJson)).rejects.toThrow(/not a readable JSON file/);
    expect(await everyRow(api.db)).toEqual(before);
  });
});
