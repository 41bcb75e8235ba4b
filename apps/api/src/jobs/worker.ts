import PgBoss from 'pg-boss';
import { type Database } from '../db/database';
import { apiMetrics } from '../observability/metrics';
import { HANDLERS, SCHEDULES } from './handlers';
import { enqueue, QUEUE_NAMES, queueDb, type QueueName } from './queue';

export interface WorkerLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** How often a worker asks for the scheduled jobs of the current slot (each slot is queued once, whoever asks). */
export const SCHEDULE_TICK_MS = 15_000;

/** Queues the scheduled jobs of the current slot; answers which were queued by this call (the others were already). */
export async function queueScheduledJobs(db: Database): Promise<QueueName[]> {
  const queued: QueueName[] = [];
  for (const { queue, everySeconds } of SCHEDULES) {
    const id = await enqueue(db, queue, {}, { singletonKey: queue, singletonSeconds: everySeconds });
    if (id) queued.push(queue);
  }
  return queued;
}

export interface Worker {
  stop(): Promise<void>;
}

/** Jobs a worker fetches from a queue at once, and how many of them run at the same time. */
export const FETCH_BATCH = 20;
export const CONCURRENCY = 4;

/**
 * A worker: one loop per queue fetches the due jobs (pg-boss's fetch: `for update skip locked`,
 * so two workers never take one job), runs their handlers, CONCURRENCY at a time, and completes
 * or fails each; a failed job is retried with its queue's backoff (jobs/queue.ts). A loop fetches
 * again at once while there is work, and waits `pollingIntervalSeconds` when there is none.
 * pg-boss's maintenance (expiring jobs that ran too long, archiving done ones) runs once per
 * cluster at a time. Scheduled jobs are asked for every SCHEDULE_TICK_MS. Run by `main.js
 * worker` (a process of its own on a PostgreSQL server) or inside the API on PGlite, whose
 * database is one process's (docs/adr/043). A stop lets the loops finish the jobs in hand and
 * resolves when nothing of the worker still uses the database.
 */
export async function startWorker(db: Database, log: WorkerLog, { pollingIntervalSeconds = 1, tickMs = SCHEDULE_TICK_MS } = {}): Promise<Worker> {
  const boss = new PgBoss({ db: queueDb(db), migrate: false, supervise: true, schedule: false, maintenanceIntervalSeconds: 120 });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  let stopped = false;
  const wakers = new Set<() => void>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });

  const metrics = apiMetrics();
  async function runOne(name: QueueName, job: PgBoss.Job<Record<string, unknown>>) {
    const started = performance.now();
    let ran = false;
    try {
      const output = await HANDLERS[name](db, job.data ?? {});
      ran = true;
      metrics.job(name, false, (performance.now() - started) / 1000);
      await boss.complete(name, job.id, output && typeof output === 'object' ? (output as object) : { result: output ?? null });
    } catch (error) {
      if (!ran) metrics.job(name, true, (performance.now() - started) / 1000);
      log.error({ err: error, queue: name, job: job.id }, 'job failed; the queue retries it');
      await boss.fail(name, job.id, { message: String((error as Error)?.message ?? error) }).catch((failure: unknown) => {
        // Not marked failed (the database is away): the job's expiry hands it to a worker again.
        log.error({ err: failure, queue: name, job: job.id }, 'marking a job failed did not work');
      });
    }
  }

  async function loop(name: QueueName) {
    while (!stopped) {
      let jobs: PgBoss.Job<Record<string, unknown>>[] = [];
      try {
        jobs = await boss.fetch<Record<string, unknown>>(name, { batchSize: FETCH_BATCH });
      } catch (error) {
        log.error({ err: error, queue: name }, 'fetching jobs failed');
      }
      if (jobs.length === 0) {
        if (!stopped) await pause(pollingIntervalSeconds * 1000);
        continue;
      }
      for (let i = 0; i < jobs.length; i += CONCURRENCY) await Promise.all(jobs.slice(i, i + CONCURRENCY).map((job) => runOne(name, job)));
    }
  }

  // The tick in flight, so a stop waits for it before the database closes.
  let ticking: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return ticking;
    ticking = queueScheduledJobs(db).catch((error: unknown) => log.error({ err: error }, 'queuing the scheduled jobs failed'));
    return ticking;
  };
  await tick();
  const timer = setInterval(() => void tick(), tickMs);
  timer.unref();
  const loops = QUEUE_NAMES.map((name) => loop(name));
  log.info({ queues: QUEUE_NAMES, schedules: SCHEDULES }, 'worker started');
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      for (const wake of [...wakers]) wake();
      // The jobs in hand finish (a fetched batch is worked off), then pg-boss's maintenance stops.
      await Promise.all([ticking, ...loops]);
      await boss.stop({ graceful: false, close: false });
    },
  };
}

export interface JobSummary {
  id: string;
  queue: string;
  state: string;
  retries: number;
  data: unknown;
  output: unknown;
  createdOn: string;
  completedOn: string | null;
}

/**
 * Works off the jobs due now, in this call (tests, and `main.js jobs run`): fetches each queue's
 * due jobs, runs them, completes or fails them (a failed job is retried later by the queue's
 * rules, as under a worker). Answers how many ran and how many failed.
 */
export async function runDueJobs(db: Database, names: readonly QueueName[] = QUEUE_NAMES, rounds = 5): Promise<{ ran: number; failed: number }> {
  const boss = new PgBoss({ db: queueDb(db), migrate: false, supervise: false, schedule: false });
  await boss.start();
  let ran = 0;
  let failed = 0;
  try {
    for (let round = 0; round < rounds; round += 1) {
      let fetched = 0;
      for (const name of names) {
        const jobs = await boss.fetch<Record<string, unknown>>(name, { batchSize: 50 });
        fetched += jobs.length;
        for (const job of jobs) {
          try {
            const output = await HANDLERS[name](db, job.data ?? {});
            await boss.complete(name, job.id, output && typeof output === 'object' ? output : { result: output ?? null });
            ran += 1;
          } catch (error) {
            await boss.fail(name, job.id, { message: (error as Error).message });
            failed += 1;
          }
        }
      }
      if (fetched === 0) break;
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
  return { ran, failed };
}

/** Jobs of a state (failed by default), newest first: what the admin listener and `main.js jobs` show. */
export async function listJobs(db: Pick<Database, 'query'>, state = 'failed', limit = 50): Promise<JobSummary[]> {
  const rows = await db.query<{
    id: string;
    name: string;
    state: string;
    retry_count: number;
    data: unknown;
    output: unknown;
    created_on: Date;
    completed_on: Date | null;
  }>(
    `select id, name, state, retry_count, data, output, created_on, completed_on from pgboss.job where state::text = $1
     union all
     select id, name, state, retry_count, data, output, created_on, completed_on from pgboss.archive where state::text = $1
     order by created_on desc limit $2`,
    [state, limit],
  );
  return rows.map((row) => ({
    id: String(row.id),
    queue: row.name,
    state: row.state,
    retries: Number(row.retry_count),
    data: row.data,
    output: row.output,
    createdOn: new Date(row.created_on).toISOString(),
    completedOn: row.completed_on ? new Date(row.completed_on).toISOString() : null,
  }));
}

/** Puts failed jobs back in their queue (a person decided the cause is fixed). */
export async function retryJobs(db: Database, queue: QueueName, ids: string[]) {
  const boss = new PgBoss({ db: queueDb(db), migrate: false, supervise: false, schedule: false });
  await boss.start();
  try {
    await boss.retry(queue, ids);
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}
