import { type FastifyInstance } from 'fastify';
import { startDraining } from './app';
import { type Database } from './db/database';

/** How long a graceful stop waits for the requests in flight (API_DRAIN_MS overrides). */
export const DEFAULT_DRAIN_MS = 10_000;
/** After the drain timeout, how long the forced close may still take before the database closes. */
const FORCED_CLOSE_MS = 1000;

type Env = Record<string, string | undefined>;

/** The drain timeout from API_DRAIN_MS (milliseconds, a whole number >= 0), else the default. */
export function drainTimeoutMs(env: Env = process.env): number {
  const raw = env.API_DRAIN_MS?.trim();
  if (!raw) return DEFAULT_DRAIN_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`API_DRAIN_MS=${raw} is not a number of milliseconds`);
  return value;
}

export interface ShutdownOptions {
  app: FastifyInstance;
  /** Other Fastify apps of the process on the same database (the local-mode admin listener). */
  others?: Array<FastifyInstance | null | undefined>;
  db: Pick<Database, 'close'>;
  timeoutMs: number;
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * A graceful stop (SIGTERM, SIGINT): readiness turns 503 at once, the listener stops taking
 * connections and idle keep-alive ones are closed (Fastify close), the requests in flight
 * finish, then the database closes. Bounded: after `timeoutMs` the connections still open are
 * cut. Answers whether everything finished in time.
 */
export async function shutdown({ app, others = [], db, timeoutMs }: ShutdownOptions): Promise<'drained' | 'timed out'> {
  startDraining(app);
  const apps = [app, ...others.filter((other): other is FastifyInstance => Boolean(other))];
  const closing = Promise.all(apps.map((each) => each.close())).then(
    () => 'drained' as const,
    (error: unknown) => {
      app.log.error({ err: error }, 'closing failed');
      return 'drained' as const;
    },
  );
  const outcome = await Promise.race([closing, sleep(timeoutMs).then(() => 'timed out' as const)]);
  if (outcome === 'timed out') {
    for (const each of apps) each.server.closeAllConnections();
    await Promise.race([closing, sleep(FORCED_CLOSE_MS)]);
  }
  await db.close();
  return outcome;
}
