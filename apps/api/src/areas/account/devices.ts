import { randomBytes } from 'node:crypto';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type Database } from '../../db/database';
import { readCookies, setCookie } from '../../http/cookies';
import { sha256 } from './credentials';

/**
 * Known devices (issue 40, "a stranger can lock a customer out"; docs/adr/042). Every sign-in
 * (login.ts `logIn`) leaves a long-lived, httpOnly, SameSite=Lax cookie (Secure but on plain-http
 * localhost) holding a random token, and records the token's hash for that customer. A browser
 * that signed in to an account before is a known device of that account: its password tries are
 * counted on a counter of its own (so the thief of a laptop still meets a limit) and it skips the
 * account-wide captcha and block that strangers' failures set (throttle.ts `checkPassword`).
 *
 * The cookie survives logout (that is its point) and is refreshed at each sign-in. One browser
 * keeps one token, known to every account that signed in on it. Knowing a device opens nothing:
 * the password is still checked; it only decides which counters a try is taken from.
 */
export const DEVICE_COOKIE = 'known_device';
/** How long a device stays known after its last sign-in (browsers cap a cookie at 400 days). */
export const DEVICE_DAYS = 365;
const DAY = 24 * 60 * 60;
/** 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

type Db = Pick<Database, 'query'>;

/** The device token the browser sent, if it is well formed. */
export function deviceTokenOf(request: FastifyRequest): string | null {
  const token = readCookies(request)[DEVICE_COOKIE];
  return token && TOKEN.test(token) ? token : null;
}

/**
 * Records the browser as a device of `customerId` (inside the login's transaction) and answers
 * the token its cookie must hold: the one it sent, or a new one.
 */
export async function rememberDevice(db: Db, request: FastifyRequest, customerId: number): Promise<string> {
  const token = deviceTokenOf(request) ?? randomBytes(32).toString('base64url');
  await db.query(
    `insert into account_devices (customer_id, token_hash) values ($1, $2)
     on conflict (customer_id, token_hash) do update set last_seen_at = now()`,
    [customerId, sha256(token)],
  );
  // Devices not seen for longer than they stay known are forgotten.
  await db.query('delete from account_devices where customer_id = $1 and last_seen_at < now() - make_interval(days => $2)', [customerId, DEVICE_DAYS]);
  return token;
}

export function writeDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  setCookie(request, reply, DEVICE_COOKIE, token, { maxAgeSeconds: DEVICE_DAYS * DAY, httpOnly: true });
}

/**
 * The throttle subject of a device known to the account of `email` (the e-mail as typed), or
 * null: an unknown device, an account that does not exist, or no device token.
 */
export async function knownDevice(db: Db, token: string | null | undefined, email: string): Promise<string | null> {
  if (!token || !TOKEN.test(token)) return null;
  const hash = sha256(token);
  const [row] = await db.query<{ customer_id: number }>(
    `select d.customer_id from account_devices d join customers c on c.id = d.customer_id
     where d.token_hash = $1 and lower(c.email) = lower($2) and d.last_seen_at > now() - make_interval(days => $3)
     limit 1`,
    [hash, email.trim(), DEVICE_DAYS],
  );
  return row ? `${row.customer_id}:${hash}` : null;
}

/** Forgets every device of a customer (for example when a first proof of the e-mail removes what came before it). */
export async function forgetDevices(db: Db, customerId: number) {
  await db.query('delete from account_devices where customer_id = $1', [customerId]);
}
