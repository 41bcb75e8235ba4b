import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildAdminApp, listenAdmin } from './admin/app';
import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/database';
import { drainTimeoutMs, shutdown } from './lifecycle';
import { migrate } from './db/migrate';
import { importCatalogueFile, prepareDatabase, schemaRefusals, startPlan } from './db/prepare';
import { seed } from './db/seed';
import { generateCatalogue } from './seed/generate';
import { refusalMessage, startupRefusals } from './startup-checks';

/** The database of this process: PostgreSQL when DATABASE_URL is set, else PGlite on disk in DATA_DIR. */
async function database() {
  const dataDir = resolve(process.env.DATA_DIR || '.data/api');
  if (!process.env.DATABASE_URL) mkdirSync(dataDir, { recursive: true });
  const db = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATABASE_URL ? undefined : dataDir });
  return { db, dataDir };
}

/**
 * The deploy's steps, run on purpose and then exit (issue 38; docs/production.md):
 * - `main.js migrate`: applies the migrations (advisory lock, lock timeout; db/migrate.ts); in
 *   local mode it loads the demo seed too (what the k8s migrate Job runs before a rollout);
 * - `main.js import-catalogue <file.json>`: imports a catalogue file (products, prices, stock,
 *   stores, reviews, routes; db/prepare.ts), moving live stock by the difference only.
 */
async function command(name: string, args: string[]) {
  const config = readConfig();
  const { db } = await database();
  try {
    if (name === 'migrate') {
      const migrated = await migrate(db);
      const seeded = config.mode === 'local' ? await seed(db, generateCatalogue()) : null;
      console.log(JSON.stringify({ migrated, seed: seeded ?? 'not in production mode' }));
      return 0;
    }
    if (!args[0]) {
      console.error('Usage: main.js import-catalogue <catalogue.json>');
      return 64;
    }
    console.log(JSON.stringify({ imported: await importCatalogueFile(db, resolve(args[0])) }));
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await db.close();
  }
}

/**
 * Starts the API: the database, then what the mode's start plan does to it (db/prepare.ts:
 * local mode migrates and seeds unless MIGRATE_ON_START=false; production mode touches no data
 * and refuses a schema that lacks a migration it knows), the start-up checks of STORE_MODE
 * (production mode refuses to start while a simulator or a default credential is on: each reason
 * printed, exit status 78), then the server, and in local mode the admin listener on
 * 127.0.0.1:ADMIN_PORT (docs/adr/019). SIGINT and SIGTERM stop it gracefully (lifecycle.ts):
 * readiness (/ready) turns 503, no new connections, in-flight requests finish within
 * API_DRAIN_MS, the database closes.
 */
async function main() {
  const [name, ...args] = process.argv.slice(2);
  if (name === 'migrate' || name === 'import-catalogue') process.exit(await command(name, args));
  if (name) {
    console.error(`Unknown command ${name}: use migrate, import-catalogue <file>, or none to serve.`);
    process.exit(64);
  }
  const config = readConfig();
  const drainMs = drainTimeoutMs();
  const port = Number(process.env.PORT || 3000);
  const host = process.env.HOST || '127.0.0.1';
  const { db, dataDir } = await database();
  const app = await buildApp({ db, logger: { level: process.env.LOG_LEVEL || 'info' } });
  const { migrated, seeded } = await prepareDatabase(db, startPlan(config.mode), generateCatalogue);
  app.log.info({ migrated, seed: seeded ?? 'not on this start', database: db.kind, dataDir: db.kind === 'pglite' ? dataDir : undefined }, 'database ready');
  // A schema this build does not know is refused first: the other checks read its tables.
  const schema = await schemaRefusals(db);
  const refusals = schema.length > 0 ? schema : await startupRefusals(config, db);
  if (refusals.length > 0) {
    console.error(refusalMessage(config, refusals));
    await db.close();
    // 78 (EX_CONFIG): a configuration error, which starting again will not fix.
    process.exit(78);
  }
  const admin = config.mode === 'local' ? await buildAdminApp({ db, logger: { level: process.env.LOG_LEVEL || 'info' } }) : null;

  // Graceful stop, bounded by API_DRAIN_MS (lifecycle.ts). An orchestrator's grace period must be
  // longer (deploy/k8s: terminationGracePeriodSeconds > preStop sleep + drain). A second signal
  // changes nothing: Ctrl+C under `npm start` sends SIGINT to the API and the supervisor's SIGTERM.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, drainMs }, 'draining: readiness is 503, no new connections, requests in flight finish');
    const outcome = await shutdown({ app, others: [admin], db, timeoutMs: drainMs });
    app.log.info({ outcome }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port, host });
  if (admin) {
    const adminUrl = await listenAdmin(admin, config.adminPort);
    console.log(`Admin listener (local mode, this machine only): ${adminUrl}/outbox?to=<phone or e-mail>`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
