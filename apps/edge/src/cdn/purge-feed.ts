// The edge's side of invalidation by key (docs/adr/048): every PURGE_POLL_MS it asks the API for
// the cache keys purged since it last asked (the API writes them in the transaction of the change:
// a price, stock, content), drops its own kept pages of those keys, and tells the shared cache in
// front (the purger). A release that retires builds purges their pages (`b-<variant id>`): every
// edge sees the same release files and sends the same purge, which a cache takes twice as once.
import type { Purger } from './purger';

/** Purges waiting for the shared cache past this many become one purge of everything. */
const MAX_PENDING = 10_000;

interface FeedAnswer {
  result?: { purges?: { id?: unknown; keys?: unknown }[]; last?: unknown };
}

export interface PurgeFeedOptions {
  /** The API's origin and base path. */
  apiUrl: string;
  purger: Purger;
  /** Drops the edge's own kept pages of these keys. */
  dropPages: (keys: readonly string[]) => void;
  /** The builds some session can be given now (cohorts.liveVariantIds). */
  liveVariantIds: () => Promise<Set<string>>;
  intervalMs: number;
  log: (line: string) => void;
  fetchImpl?: typeof fetch;
}

export function createPurgeFeed({ apiUrl, purger, dropPages, liveVariantIds, intervalMs, log, fetchImpl = fetch }: PurgeFeedOptions) {
  let cursor: number | null = null;
  let pending: string[] = [];
  let live: Set<string> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopped = false;
  let warned = 0;
  const counts = { polls: 0, keys: 0, sent: 0, failures: 0 };

  const warn = (line: string) => {
    // One line a minute at most: an API that is down is logged by the proxy too.
    if (Date.now() - warned > 60_000) {
      warned = Date.now();
      log(line);
    }
  };

  /** The keys purged since the cursor (the last hour's on the first ask), and the new cursor. */
  async function readFeed(): Promise<string[]> {
    const answer = await fetchImpl(`${apiUrl}/v2/content/purges${cursor === null ? '' : `?after=${cursor}`}`, { signal: AbortSignal.timeout(2000) });
    if (!answer.ok) throw new Error(`the API's purge feed answered ${answer.status}`);
    const body = (await answer.json()) as FeedAnswer;
    const keys = (body.result?.purges ?? []).flatMap((purge) =>
      Array.isArray(purge.keys) ? purge.keys.filter((key): key is string => typeof key === 'string') : [],
    );
    const last = body.result?.last;
    if (typeof last === 'number' && Number.isSafeInteger(last)) cursor = last;
    return keys;
  }

  /** The pages of builds no session can be given any more. */
  async function retiredBuilds(): Promise<string[]> {
    const now = await liveVariantIds();
    const retired = live ? [...live].filter((id) => !now.has(id)).map((id) => `b-${id}`) : [];
    live = now;
    return retired;
  }

  async function poll(): Promise<void> {
    counts.polls += 1;
    const keys = await readFeed().catch((error: unknown) => {
      warn(`purge feed: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    });
    const retired = await retiredBuilds().catch(() => []);
    if (stopped) return;
    if (keys.length > 0) {
      counts.keys += keys.length;
      dropPages(keys);
    }
    pending.push(...keys, ...retired);
    if (pending.length > MAX_PENDING) pending = ['all'];
    if (pending.length === 0 || purger.kind === 'none') {
      pending = [];
      return;
    }
    const sending = pending;
    pending = [];
    try {
      await purger.purge(sending);
      counts.sent += sending.length;
    } catch (error) {
      counts.failures += 1;
      pending = [...sending, ...pending];
      warn(`purge of ${sending.length} cache keys not confirmed, tried again: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * The round under way, and the one asked for after it: however many ask meanwhile (a flood of
   * writes, the timer), one more round, since a write's purge may have committed after the round
   * under way read the feed. Never a queue of rounds one per write.
   */
  let inFlight: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  /** The round the last write through this edge asked for: what that shopper's next page waits for. */
  let writeRound: Promise<void> | null = null;
  function run(): Promise<void> {
    const mine: Promise<void> = poll()
      .catch(() => undefined)
      .finally(() => {
        if (inFlight === mine) inFlight = null;
      });
    inFlight = mine;
    return mine;
  }
  function round(): Promise<void> {
    if (!inFlight) return run();
    next ??= inFlight.then(() => {
      next = null;
      return run();
    });
    return next;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void round().finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    /** Starts polling (the first ask at once). */
    start() {
      started = true;
      stopped = false;
      void round().finally(schedule);
    },
    /**
     * A write passed through this edge: its purges are read now, not at the next tick, so the
     * shopper's next page (which waits for this round, `settled`) shows what they wrote.
     */
    afterWrite() {
      if (!started || stopped) return;
      const asked = round();
      writeRound = asked;
      void asked.finally(() => {
        if (writeRound === asked) writeRound = null;
      });
    },
    /** The round a write asked for, if still under way, waited for at most `maxMs` (the timer's rounds are not waited for). */
    settled(maxMs = 1000): Promise<void> {
      if (!writeRound) return Promise.resolve();
      return Promise.race([writeRound, new Promise<void>((resolve) => setTimeout(resolve, maxMs).unref())]);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
    /** One round now (tests). */
    poll,
    stats: () => ({ ...counts, cursor, pending: pending.length }),
  };
}

export type PurgeFeed = ReturnType<typeof createPurgeFeed>;
