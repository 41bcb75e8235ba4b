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
import { jobQueueRefusals, type QueueName, QUEUE_NAMES } from './jobs/queue';
import { listJobs, retryJobs, runDueJobs, startWorker, type Worker } from './jobs/worker';
import { apiMetrics } from './observability/metrics';
import { createMetricsServer } from '@eyewear/api-client/metrics';
import { apiTracer } from './observability/hooks';

/**
 * The metrics listener (docs/adr/055): `/metrics` on API_METRICS_PORT, bound to API_METRICS_HOST
 * (127.0.0.1; 0.0.0.0 in a pod, where Prometheus scrapes the pod's address), never on the public
 * port. Off unless the port is set. The worker process has its own (the same variables).
 */
function listenMetrics(what: string) {
  const port = (process.env.API_METRICS_PORT || '').trim();
  if (!port) return;
  const host = process.env.API_METRICS_HOST || '127.0.0.1';
  const server = createMetricsServer(apiMetrics().registry);
  server.listen(Number(port), host, () => console.log(`${what} metrics: http://${host}:${port}/metrics`));
  server.unref();
}

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
 *   stores, reviews, routes; db/prepare.ts), moving live stock by the difference only;
 * - `main.js jobs [failed|completed|active|created|retry] [limit]`: lists the queue's jobs of a
 *   state (failed by default); `main.js jobs retry <queue> <id>…` puts failed jobs back;
 *   `main.js jobs run` works off what is due now, once (jobs/worker.ts).
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
    if (name === 'jobs') return await jobsCommand(db, args);
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

async function jobsCommand(db: Awaited<ReturnType<typeof database>>['db'], args: string[]) {
  const [verb = 'failed', ...rest] = args;
  if (verb === 'run') {
    console.log(JSON.stringify(await runDueJobs(db)));
    return 0;
  }
  if (verb === 'retry') {
    const [queue, ...ids] = rest;
    if (!queue || !QUEUE_NAMES.includes(queue as QueueName) || ids.length === 0) {
      console.error(`Usage: main.js jobs retry <${QUEUE_NAMES.join('|')}> <job id>…`);
      return 64;
    }
    await retryJobs(db, queue as QueueName, ids);
    console.log(JSON.stringify({ retried: ids }));
    return 0;
  }
  if (!['failed', 'completed', 'active', 'created', 'retry', 'cancelled'].includes(verb)) {
    console.error('Usage: main.js jobs [failed|completed|active|created|retry|cancelled] [limit] | retry <queue> <id>… | run');
    return 64;
  }
  console.log(JSON.stringify(await listJobs(db, verb, Number(rest[0] ?? 50) || 50), null, 2));
  return 0;
}

/**
 * The worker (`main.js worker`): the queue's jobs (jobs/worker.ts) in a process of its own, on
 * the PostgreSQL server of DATABASE_URL; it serves no HTTP. In production mode it refuses to
 * start, like the API, on a schema or a queue this build does not know. SIGINT and SIGTERM stop
 * it after the jobs in hand finish.
 */
async function workerMain() {
  const config = readConfig();
  if (!process.env.DATABASE_URL) {
    console.error('The worker needs DATABASE_URL (a PostgreSQL server): on PGlite, the database of one process, the API runs the jobs itself.');
    process.exit(78);
  }
  const { db } = await database();
  const refusals = [...(await schemaRefusals(db)), ...(await jobQueueRefusals(db))];
  if (refusals.length > 0) {
    console.error(refusalMessage(config, refusals));
    await db.close();
    process.exit(78);
  }
  const log = {
    info: (object: object, message: string) => console.log(JSON.stringify({ level: 'info', msg: message, ...object })),
    error: (object: object, message: string) =>
      console.error(JSON.stringify({ level: 'error', msg: message, ...object, err: String((object as { err?: unknown }).err ?? '') })),
  };
  const worker = await startWorker(db, log);
  listenMetrics('worker');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker stopping: jobs in hand finish');
    await worker.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // A late query of a stopping worker (a poll in flight as the database closes) is no crash.
  process.on('unhandledRejection', (error) => {
    log.error({ err: error }, stopping ? 'a query after the stop began' : 'unhandled rejection');
    if (!stopping) process.exit(1);
  });
}

/** Whether this API process runs the jobs itself: on PGlite always (one process's database), on a server only when JOBS_IN_API=true. */
export function jobsInApi(env: Record<string, string | undefined> = process.env): boolean {
  if (!env.DATABASE_URL) return true;
  return (env.JOBS_IN_API ?? '').trim().toLowerCase() === 'true';
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
  if (name === 'migrate' || name === 'import-catalogue' || name === 'jobs') process.exit(await command(name, args));
  if (name === 'worker') return workerMain();
  if (name) {
    console.error(`Unknown command ${name}: use migrate, import-catalogue <file>, jobs, worker, or none to serve.`);
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
  const refusals = schema.length > 0 ? schema : [...(await jobQueueRefusals(db)), ...(await startupRefusals(config, db))];
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
  // The jobs (messages, expiry, sweeps): here on PGlite, else in `main.js worker` processes.
  const worker: Worker | null = jobsInApi() ? await startWorker(db, { info: (o, m) => app.log.info(o, m), error: (o, m) => app.log.error(o, m) }) : null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, drainMs }, 'draining: readiness is 503, no new connections, requests in flight finish');
    await worker?.stop().catch((error: unknown) => app.log.error({ err: error }, 'stopping the jobs failed'));
    const outcome = await shutdown({ app, others: [admin], db, timeoutMs: drainMs });
    await apiTracer().close();
    app.log.info({ outcome }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port, host });
  listenMetrics('API');
  if (admin) {
    const adminUrl = await listenAdmin(admin, config.adminPort);
    console.log(`Admin listener (local mode, this machine only): ${adminUrl}/outbox?to=<phone or e-mail>`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
