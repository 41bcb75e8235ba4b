import { type FastifyInstance } from 'fastify';
import { type Database } from './database';

/**
 * Rows that only ever mattered for a short time (a sign-in in flight, a code, a captcha, a
 * throttle counter, a day's upload quota) are deleted a day after they stopped mattering, so
 * a stream of strangers cannot grow the database for ever. What a rule still counts is never
 * touched: the longest throttle window is an hour and a block lasts at most 15 minutes.
 */
export const KEEP_HOURS = 24;
export const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/** Table and the condition (with `$1` = hours kept) under which a row is no longer needed. */
const EXPIRED: Array<[table: string, condition: string]> = [
  ['account_social_requests', `expires_at < now() - make_interval(hours => $1)`],
  ['account_social_links', `expires_at < now() - make_interval(hours => $1)`],
  ['account_contact_codes', `expires_at < now() - make_interval(hours => $1)`],
  ['account_otps', `created_at < now() - make_interval(hours => $1)`],
  ['captchas', `created_at < now() - make_interval(hours => $1)`],
  ['account_throttle', `last_at < now() - make_interval(hours => $1) and (blocked_until is null or blocked_until < now())`],
  ['upload_quota', `day < (now() - make_interval(hours => $1))::date`],
];

/** Deletes what is past keeping; answers how many rows each table lost. */
export async function sweepExpired(db: Pick<Database, 'query'>, hours = KEEP_HOURS): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const [table, condition] of EXPIRED) {
    const rows = await db.query(`delete from ${table} where ${condition} returning 1`, [hours]);
    removed[table] = rows.length;
  }
  return removed;
}

/** The hourly sweep while the API is up; stopped when the app closes. */
export function startHousekeeping(app: FastifyInstance, db: Database, everyMs = HOUSEKEEPING_EVERY_MS) {
  const timer = setInterval(() => {
    sweepExpired(db).catch((error: unknown) => app.log.error({ err: error }, 'housekeeping failed'));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
