import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildAdminApp, listenAdmin } from './admin/app';
import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/database';
import { drainTimeoutMs, shutdown } from './lifecycle';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { generateCatalogue } from './seed/generate';
import { refusalMessage, startupRefusals } from './startup-checks';

/**
 * Starts the API: the database (PostgreSQL when DATABASE_URL is set, else PGlite on disk in
 * DATA_DIR), migrations and seed (both idempotent), the start-up checks of STORE_MODE (production
 * mode refuses to start while a simulator or a default credential is on: each reason printed,
 * exit status 1), then the server, and in local mode the admin listener on 127.0.0.1:ADMIN_PORT
 * (docs/adr/019). SIGINT and SIGTERM stop it gracefully (lifecycle.ts): readiness (/ready) turns
 * 503, no new connections, in-flight requests finish within API_DRAIN_MS, the database closes.
 */
async function main() {
  const config = readConfig();
  const drainMs = drainTimeoutMs();
  const port = Number(process.env.PORT || 3000);
  const host = process.env.HOST || '127.0.0.1';
  const dataDir = resolve(process.env.DATA_DIR || '.data/api');
  if (!process.env.DATABASE_URL) mkdirSync(dataDir, { recursive: true });
  const db = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATABASE_URL ? undefined : dataDir });
  const app = await buildApp({ db, logger: { level: process.env.LOG_LEVEL || 'info' } });
  const migrated = await migrate(db);
  const seeded = await seed(db, generateCatalogue());
  app.log.info({ migrated, seed: seeded, database: db.kind, dataDir: db.kind === 'pglite' ? dataDir : undefined }, 'database ready');
  const refusals = await startupRefusals(config, db);
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
