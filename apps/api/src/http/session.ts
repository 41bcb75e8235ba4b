import { createHash, randomBytes } from 'node:crypto';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { DEFAULT_COUNTRY, isCountryCode, type CountryCode } from '@eyewear/i18n/rules';
import { type Database } from '../db/database';
import { clearCookie, readCookies, setCookie } from './cookies';
import { unauthorized } from './errors';

export type Country = CountryCode;

const DAY = 24 * 60 * 60;
/** shopping §9: guest session cookie 30 days, sticky session cookie 14 days. */
export const SESSION_DAYS = 30;
export const STICKY_DAYS = 14;
/** shopping §9: a duplicate legacy cookie is deleted up to 5 times. */
export const LEGACY_DELETIONS = 5;

export const sessionCookie = (country: Country) => `clientV1_${country}`;
/** Readable marker: tells the browser a session exists without exposing its token. */
export const sessionMarkerCookie = (country: Country) => `clientV1_${country}_active`;
export const LEGACY_SESSION_COOKIE = 'clientV1';
const LEGACY_COUNT_COOKIE = 'clientV1_legacy_deleted';
export const STICKY_COOKIE = 'sticky_session';

/** Session helpers need only queries, so they also run inside a transaction (login). */
type Queryable = Pick<Database, 'query'>;

export interface SessionRow {
  id: string;
  customer_id: number | null;
  country: Country;
  created_at: Date | string;
  expires_at: Date | string;
}

export function countryOf(request: FastifyRequest): Country {
  const header = String(request.headers['x-country-code'] ?? '').toLowerCase();
  return isCountryCode(header) ? header : DEFAULT_COUNTRY;
}

/** Sessions are stored by a hash of their token, so a database read never yields a usable token. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function tokenOf(request: FastifyRequest, country: Country): string | undefined {
  const cookies = readCookies(request);
  return cookies[sessionCookie(country)] ?? cookies[LEGACY_SESSION_COOKIE];
}

/**
 * Moves a legacy session cookie to `clientV1_{country}` and deletes the legacy one, at most
 * five times per browser (a cookie set for several domains can keep coming back).
 */
function migrateLegacy(request: FastifyRequest, reply: FastifyReply, country: Country, token: string) {
  const cookies = readCookies(request);
  if (!cookies[LEGACY_SESSION_COOKIE] || cookies[sessionCookie(country)]) return;
  const deletions = Number(cookies[LEGACY_COUNT_COOKIE] ?? 0);
  writeSessionCookies(request, reply, country, token);
  if (deletions < LEGACY_DELETIONS) {
    clearCookie(request, reply, LEGACY_SESSION_COOKIE);
    setCookie(request, reply, LEGACY_COUNT_COOKIE, String(deletions + 1), { maxAgeSeconds: SESSION_DAYS * DAY, httpOnly: true });
  }
}

export function writeSessionCookies(request: FastifyRequest, reply: FastifyReply, country: Country, token: string) {
  setCookie(request, reply, sessionCookie(country), token, { maxAgeSeconds: SESSION_DAYS * DAY, httpOnly: true });
  setCookie(request, reply, sessionMarkerCookie(country), '1', { maxAgeSeconds: SESSION_DAYS * DAY, httpOnly: false });
}

/** The request's live session, or null. */
export async function currentSession(db: Queryable, request: FastifyRequest, reply?: FastifyReply): Promise<SessionRow | null> {
  const country = countryOf(request);
  const token = tokenOf(request, country);
  if (!token || token.length < 32 || token.length > 128) return null;
  const [row] = await db.query<SessionRow>(
    `select id, customer_id, country, created_at, expires_at from sessions
     where id = $1 and ended_at is null and expires_at > now()`,
    [sessionIdOf(token)],
  );
  if (!row) return null;
  if (reply) migrateLegacy(request, reply, country, token);
  return row;
}

/** Who a session's data belongs to: the customer when signed in, else the guest session (carts, wishlists, idempotency keys). */
export const ownerOf = (session: Pick<SessionRow, 'id' | 'customer_id'>) => (session.customer_id !== null ? `c:${session.customer_id}` : `s:${session.id}`);

export async function requireSession(db: Queryable, request: FastifyRequest, reply?: FastifyReply): Promise<SessionRow> {
  const session = await currentSession(db, request, reply);
  if (!session) throw unauthorized();
  return session;
}

/** A new session (at least 128 random bits; here 256) with its cookies. */
export async function issueSession(db: Queryable, request: FastifyRequest, reply: FastifyReply, customerId: number | null = null): Promise<SessionRow> {
  const country = countryOf(request);
  const token = randomBytes(32).toString('base64url');
  const [row] = await db.query<SessionRow>(
    `insert into sessions (id, customer_id, country, expires_at)
     values ($1, $2, $3, now() + make_interval(days => $4))
     returning id, customer_id, country, created_at, expires_at`,
    [sessionIdOf(token), customerId, country, SESSION_DAYS],
  );
  writeSessionCookies(request, reply, country, token);
  if (!readCookies(request)[STICKY_COOKIE]) {
    setCookie(request, reply, STICKY_COOKIE, randomBytes(8).toString('hex'), { maxAgeSeconds: STICKY_DAYS * DAY, httpOnly: true });
  }
  return row!;
}

/** Slides the session's expiry forward on use. */
export async function touchSession(db: Database, request: FastifyRequest, reply: FastifyReply, session: SessionRow) {
  await db.query(`update sessions set last_seen_at = now(), expires_at = now() + make_interval(days => $2) where id = $1`, [session.id, SESSION_DAYS]);
  const token = tokenOf(request, countryOf(request));
  if (token) writeSessionCookies(request, reply, countryOf(request), token);
}

export async function endSession(db: Queryable, session: SessionRow) {
  await db.query('update sessions set ended_at = now() where id = $1', [session.id]);
}
