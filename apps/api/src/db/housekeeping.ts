import { type Database } from './database';

/**
 * Rows that only mattered for a while are deleted once they stopped mattering, so neither a
 * stream of strangers nor time grows the database for ever (issue 38: `sessions`, guest
 * `carts`, `idempotency_keys` and `telemetry_events` grew without bound):
 *
 * - a day after: a sign-in in flight, a code, a captcha, a throttle counter (the longest window
 *   is a day: the SMS budget; a running block is kept), a day's upload quota, a cache purge
 *   (the edges read an hour of them);
 * - a week after: an Idempotency-Key (a retry comes within seconds; a week covers a tab left
 *   open), a failure report (the admin summary reads a day at most);
 * - 30 days after: a session that ended or expired, and a guest's cart whose session is over
 *   and that nobody touched for 30 days (an order keeps its own copy of what was bought);
 * - 90 days after: a message sent to a customer (customer_messages).
 *
 * Each table loses at most SWEEP_BATCH rows a run, so a backlog is worked off over a few runs
 * rather than in one long transaction; and one process sweeps at a time (a try-lock). It runs as
 * the worker's hourly `sweep` job (jobs/handlers.ts), once per cluster.
 */
export const KEEP_HOURS = 24;
export const KEEP_KEYS_DAYS = 7;
export const KEEP_SESSIONS_DAYS = 30;
export const KEEP_MESSAGES_DAYS = 90;
export const SWEEP_BATCH = 5000;
/** The advisory lock the sweep takes (try, not wait: another process sweeping is enough). */
const SWEEP_LOCK = 7276;

/** Table and the condition under which a row is no longer needed (`$1` = hours kept for the short-lived ones). */
const EXPIRED: Array<[table: string, condition: string]> = [
  ['account_social_requests', `expires_at < now() - make_interval(hours => $1)`],
  ['account_social_links', `expires_at < now() - make_interval(hours => $1)`],
  ['account_contact_codes', `expires_at < now() - make_interval(hours => $1)`],
  ['account_otps', `created_at < now() - make_interval(hours => $1)`],
  ['captchas', `created_at < now() - make_interval(hours => $1)`],
  ['account_throttle', `last_at < now() - make_interval(hours => $1) and (blocked_until is null or blocked_until < now())`],
  ['upload_quota', `day < (now() - make_interval(hours => $1))::date`],
  ['idempotency_keys', `created_at < now() - make_interval(days => ${KEEP_KEYS_DAYS})`],
  ['telemetry_events', `received_at < now() - make_interval(days => ${KEEP_KEYS_DAYS})`],
  // The purge outbox (db/purges.ts): the edges read the last hour of it; kept a day.
  ['cache_purges', `created_at < now() - make_interval(hours => $1)`],
  // Guest carts before their sessions: a cart is a guest's while its session may still come back.
  [
    'carts',
    `customer_id is null and updated_at < now() - make_interval(days => ${KEEP_SESSIONS_DAYS})
     and not exists (select 1 from sessions s where s.id = carts.session_id and s.ended_at is null and s.expires_at > now())`,
  ],
  ['sessions', `coalesce(ended_at, expires_at) < now() - make_interval(days => ${KEEP_SESSIONS_DAYS})`],
  // A message sent to a customer is kept 90 days (what a customer asks about, what support reads);
  // one never sent stays for a person to see (its job is listed as failed).
  ['customer_messages', `status = 'SENT' and sent_at < now() - make_interval(days => ${KEEP_MESSAGES_DAYS})`],
];

/**
 * Deletes what is past keeping, at most `batch` rows per table; answers how many rows each table
 * lost, or null when another process is sweeping now.
 */
export async function sweepExpired(db: Pick<Database, 'transaction'>, hours = KEEP_HOURS, batch = SWEEP_BATCH): Promise<Record<string, number> | null> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ taken: boolean }>('select pg_try_advisory_xact_lock($1) as taken', [SWEEP_LOCK]);
    if (!lock?.taken) return null;
    const removed: Record<string, number> = {};
    for (const [table, condition] of EXPIRED) {
      const params = condition.includes('$1') ? [hours] : [];
      const rows = await tx.query(`delete from ${table} where ctid in (select ctid from ${table} where ${condition} limit ${batch}) returning 1`, params);
      removed[table] = rows.length;
    }
    return removed;
  });
}
