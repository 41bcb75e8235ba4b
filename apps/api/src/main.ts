import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp } from './app';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { generateCatalogue } from './seed/generate';

/**
 * Starts the API: the database (PostgreSQL when DATABASE_URL is set, else PGlite on disk in
 * DATA_DIR), migrations and seed (both idempotent), then the server. SIGINT and SIGTERM
 * stop it gracefully: no new requests, in-flight ones finish, the database closes.
 */
async function main() {
  const port = Number(process.env.PORT || 3000);
  const host = process.env.HOST || '127.0.0.1';
  const dataDir = resolve(process.env.DATA_DIR || '.data/api');
  if (!process.env.DATABASE_URL) mkdirSync(dataDir, { recursive: true });
  const db = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATABASE_URL ? undefined : dataDir });
  const app = await buildApp({ db, logger: { level: process.env.LOG_LEVEL || 'info' } });
  const migrated = await migrate(db);
  const seeded = await seed(db, generateCatalogue());
  app.log.info({ migrated, seed: seeded, database: db.kind, dataDir: db.kind === 'pglite' ? dataDir : undefined }, 'database ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port, host });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
