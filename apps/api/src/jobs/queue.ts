import PgBoss from 'pg-boss';
import { type Database } from '../db/database';

/**
 * The job queue (issue 38, DESIGN.md "Work off the request path"): pg-boss on the store's own
 * PostgreSQL (its tables in the `pgboss` schema), reached through the store's Database so the
 * same code runs on PGlite and on a server, and a job is queued in the transaction of the event
 * that asks for it (a rolled-back order queues nothing; a committed one always has its job).
 *
 * Statements go through `query` with a `-- writes: job_queue` mark, so the queue's own writes
 * move no read cache's version (db/database.ts); pg-boss's installer and its maintenance
 * (several statements in one text, no parameters) go through `exec`.
 */
export type Queryable = Pick<Database, 'query' | 'exec'>;

const MARK = '-- writes: job_queue\n';

/** pg-boss's database interface over ours (a transaction's, to queue within it). */
export function queueDb(db: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return { rows: await db.query(MARK + text, values) };
      // Several statements (pg-boss's installer and maintenance wrap theirs in BEGIN; … COMMIT;): exec runs them as one text.
      if (/;\s*\S/.test(text.trim().replace(/;\s*$/, ''))) {
        await db.exec(text);
        return { rows: [] };
      }
      return { rows: await db.query(MARK + text) };
    },
  };
}

/** The queues, each with how its jobs retry: every handler is idempotent, so a retry is always safe. */
export const QUEUES = {
  /** One message to one customer on one channel (messages/send.ts). */
  message: { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  /** Unpaid orders past their hold are cancelled and their stock released (cart/order-expiry.ts). */
  'expire-orders': { retryLimit: 2, retryDelay: 10, retryBackoff: false, expireInSeconds: 300 },
  /** Rows past keeping are deleted (db/housekeeping.ts). */
  sweep: { retryLimit: 2, retryDelay: 60, retryBackoff: false, expireInSeconds: 900 },
  /** The simulated courier's moves, each queued to start when it is due (local mode; jobs/simulated-courier.ts). */
  'simulated-courier': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
  /** A booking's reminder, queued to start a day before it (messages/booking-messages.ts). */
  'booking-reminder': { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
} as const satisfies Record<string, Omit<PgBoss.Queue, 'name'>>;

export type QueueName = keyof typeof QUEUES;
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

/**
 * Installs (or upgrades) pg-boss's schema and creates the queues: part of the migrate step
 * (db/migrate.ts), never of a production start. pg-boss takes its own advisory lock, so two
 * migrators at once are safe; creating a queue that exists changes nothing.
 */
export async function installJobQueue(db: Database) {
  const boss = new PgBoss({ db: queueDb(db), migrate: true, supervise: false, schedule: false });
  await boss.start();
  for (const name of QUEUE_NAMES) await boss.createQueue(name, { name, ...QUEUES[name] });
  await boss.stop({ graceful: false, close: false });
}

/** Why the queue cannot be used on this database (empty: it can): what a production start refuses on. */
export async function jobQueueRefusals(db: Database): Promise<string[]> {
  const boss = new PgBoss({ db: queueDb(db), migrate: false, supervise: false, schedule: false });
  try {
    await boss.start();
    const queues = new Set((await boss.getQueues()).map((queue) => queue.name));
    const missing = QUEUE_NAMES.filter((name) => !queues.has(name));
    return missing.length === 0 ? [] : [`The job queue lacks the queues ${missing.join(', ')}: run the migrate step first (\`npm run migrate\`).`];
  } catch (error) {
    return [`The job queue is not installed or needs its migration (${(error as Error).message}): run the migrate step first (\`npm run migrate\`).`];
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

/** The one instance that only queues: every job it queues goes through the caller's database (a transaction). */
let sender: PgBoss | null = null;
function senderBoss(db: Queryable) {
  sender ??= new PgBoss({ db: queueDb(db), migrate: false, supervise: false, schedule: false });
  return sender;
}

export interface EnqueueOptions {
  /** Not before this time. */
  startAfter?: Date;
  /** A job with this key in the same slot is queued once, whoever asks (singletonSeconds). */
  singletonKey?: string;
  singletonSeconds?: number;
}

/**
 * Queues a job in the caller's transaction (or statement); answers its id, or null when a job of
 * the same singleton slot is already queued. The queue's retry rules come from QUEUES.
 */
export async function enqueue(db: Queryable, name: QueueName, data: object, options: EnqueueOptions = {}): Promise<string | null> {
  return senderBoss(db).send(name, data, { ...options, db: queueDb(db) });
}
