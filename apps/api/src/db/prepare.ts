import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { type StoreMode } from '../config';
import { type SeedCatalogue } from '../seed/types';
import { type Database } from './database';
import { allMigrations, migrate } from './migrate';
import { CATALOGUE_LOCK, importCatalogue, seed, type ImportCounts } from './seed';

/**
 * What a start does to the database (issue 38: "a production start touches no data"):
 *
 * - local mode (`npm start`, tests): migrations, then the demo seed, unless MIGRATE_ON_START is
 *   `false` (the Kubernetes manifests: the migrate Job does both before the rollout);
 * - production mode: nothing. Migrations are a step of the deploy (`main.js migrate`, the Job
 *   in deploy/k8s), the catalogue comes from `main.js import-catalogue <file>`, which a person
 *   runs on purpose, and the demo seed never runs. A process whose schema lacks a migration it
 *   knows refuses to start (`schemaRefusals`); a schema with migrations it does not know (the
 *   next release's, during a rolling deploy) is fine: each release only adds (expand), and a
 *   later release removes what no running release reads (contract; docs/production.md).
 */
export interface StartPlan {
  migrate: boolean;
  seed: boolean;
}

export function startPlan(mode: StoreMode, env: Record<string, string | undefined> = process.env): StartPlan {
  if (mode !== 'local') return { migrate: false, seed: false };
  const onStart = (env.MIGRATE_ON_START ?? 'true').trim().toLowerCase() !== 'false';
  return { migrate: onStart, seed: onStart };
}

/** Runs the plan: the migrations it applied and whether the demo seed was loaded. */
export async function prepareDatabase(db: Database, plan: StartPlan, catalogue: () => SeedCatalogue) {
  const migrated = plan.migrate ? await migrate(db) : [];
  const seeded = plan.seed ? await seed(db, catalogue()) : null;
  return { migrated, seeded };
}

/** Migrations this build knows that the database has not applied (empty: the schema is this build's or newer). */
export async function pendingMigrations(db: Pick<Database, 'query'>): Promise<string[]> {
  const [table] = await db.query<{ present: boolean }>(`select to_regclass('schema_migrations') is not null as present`);
  const applied = new Set(table?.present ? (await db.query<{ id: string }>('select id from schema_migrations')).map((row) => row.id) : []);
  return allMigrations()
    .map((migration) => migration.id)
    .filter((id) => !applied.has(id));
}

/** Why this build may not serve on this database (empty: it may). */
export async function schemaRefusals(db: Pick<Database, 'query'>): Promise<string[]> {
  const pending = await pendingMigrations(db);
  if (pending.length === 0) return [];
  const named = pending.length > 5 ? `${pending.slice(0, 5).join(', ')} and ${pending.length - 5} more` : pending.join(', ');
  return [
    `The database lacks ${pending.length} migration${pending.length === 1 ? '' : 's'} this build needs (${named}): run the migrate step first (\`npm run migrate\`, or the migrate Job of deploy/k8s), then start the API.`,
  ];
}

const price = z.object({
  country: z.enum(['in', 'ae', 'sg', 'sa', 'us']),
  currency: z.string().min(3).max(3),
  marketPrice: z.number().nonnegative(),
  sellingPrice: z.number().nonnegative(),
  firstBuyPrice: z.number().nonnegative().optional(),
});
const withId = z.object({ id: z.number().int().positive() }).passthrough();
/**
 * The import file: the seed catalogue's shape (apps/api/src/seed/types.ts), any part of it.
 * Products are checked field by field (ids, URL, stock, prices); the other rows are stored as
 * given, by id.
 */
const importFileSchema = z
  .object({
    brands: z.array(z.object({ id: z.number().int().positive(), name: z.string().min(1), house: z.boolean(), premium: z.boolean() })).optional(),
    categories: z
      .array(
        z
          .object({
            id: z.number().int().positive(),
            name: z.string().min(1),
            url: z.string().startsWith('/'),
            parentId: z.number().int().nullable(),
            kind: z.enum(['cat', 'col']),
          })
          .passthrough(),
      )
      .optional(),
    products: z
      .array(
        z
          .object({
            id: z.number().int().positive(),
            sku: z.string().min(1),
            brandId: z.number().int().positive(),
            classification: z.string().min(1),
            url: z.string().startsWith('/'),
            stock: z.number().int().nonnegative(),
            prices: z.array(price),
            categoryIds: z.array(z.number().int().positive()),
          })
          .passthrough(),
      )
      .optional(),
    lensPackages: z.array(withId.extend({ powerType: z.string().min(1) })).optional(),
    coatings: z.array(withId.extend({ packageId: z.number().int().positive() })).optional(),
    contactLensPowers: z.array(z.object({ productId: z.number().int().positive() }).passthrough()).optional(),
    stores: z
      .array(
        z
          .object({ code: z.string().min(1), country: z.string().min(2), city: z.string(), pincode: z.string(), lat: z.number(), lng: z.number() })
          .passthrough(),
      )
      .optional(),
    reviews: z.array(withId.extend({ productId: z.number().int().positive(), rating: z.number().min(0).max(5), createdAt: z.string() })).optional(),
    routes: z.array(z.object({ url: z.string().startsWith('/'), type: z.string().min(1), id: z.union([z.number(), z.string()]) })).optional(),
  })
  .strict();

/** Reads and checks an import file; a readable reason per problem when it is not one. */
export async function readImportFile(path: string): Promise<Partial<SeedCatalogue>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path} is not a readable JSON file: ${(error as Error).message}`);
  }
  const checked = importFileSchema.safeParse(parsed);
  if (!checked.success) {
    const problems = checked.error.issues.slice(0, 10).map((issue) => `  - ${issue.path.join('.') || '(file)'}: ${issue.message}`);
    throw new Error([`${path} is not a catalogue file:`, ...problems].join('\n'));
  }
  return checked.data as unknown as Partial<SeedCatalogue>;
}

/**
 * The production catalogue import (`main.js import-catalogue <file>`): one transaction under
 * the catalogue's lock, on a schema that is this build's; nothing of the demo seed.
 */
export async function importCatalogueFile(db: Database, path: string): Promise<ImportCounts> {
  const refusals = await schemaRefusals(db);
  if (refusals.length > 0) throw new Error(refusals.join('\n'));
  const catalogue = await readImportFile(path);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [CATALOGUE_LOCK]);
    return importCatalogue(tx, catalogue);
  });
}
