// The edge's shopper session and salted buckets (docs/adr/024). The session is what a vote
// about a release is tied to: one random id per browser, signed by the edge so nobody can
// mint one without asking the edge, and the bucket of a shopper for a canary is derived from
// it with the canary's own salt, so the edge knows which build it told each session to load.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILDS_COOKIE } from '@eyewear/federation';

export const SESSION_COOKIE = 'mf_sid';
export { BUILDS_COOKIE };
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const ID = /^[A-Za-z0-9_-]{22}$/;

/** A file system error's code (ENOENT, EEXIST), if it has one (not `instanceof Error`: under jest, node's errors come from another realm). */
function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/**
 * The signing secret: EDGE_SECRET, else `<root>/.edge/secret` (made on first start, 0600), so
 * every edge serving one deploy root signs alike.
 */
export function loadSecret(root: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.EDGE_SECRET) {
    if (env.EDGE_SECRET.length < 32) throw new Error('EDGE_SECRET must be at least 32 characters');
    return env.EDGE_SECRET;
  }
  const dir = join(root, '.edge');
  const file = join(dir, 'secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') throw error;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  try {
    // 'wx': two edges starting together keep the first one's secret.
    writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
    return secret;
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}

function signatureOf(secret: string, id: string): string {
  return createHmac('sha256', secret).update(id).digest('base64url').slice(0, 22);
}

/** A new session cookie value: `<22 random base64url chars>.<22 chars of its HMAC>`. */
export function mintSession(secret: string): string {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${signatureOf(secret, id)}`;
}

/** The session id when the value is one this edge (or its siblings) signed, else null. */
export function verifySession(secret: string, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const [id, signature, extra] = value.split('.');
  if (extra !== undefined || id === undefined || signature === undefined || !ID.test(id) || !ID.test(signature)) return null;
  const expected = Buffer.from(signatureOf(secret, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** The value of the cookie `name` in a Cookie header, or undefined when it has none. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of String(header || '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The Set-Cookie header for a session value (a year; Secure behind TLS). */
export function sessionCookie(value: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${value}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The Set-Cookie header naming a session's builds (BUILDS_COOKIE, docs/adr/048): the shared
 * cache keeps a page per value. Not a secret (a variant's id says nothing of the session): set
 * with the session, and again when a release changes the session's builds.
 */
export function buildsCookie(variantId: string, secure: boolean): string {
  return `${BUILDS_COOKIE}=${variantId}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * A shopper's bucket (0-99) for one app's canary: the first 32 bits of
 * sha256(`salt:app:session`) modulo 100. A canary at P % goes to buckets below P, so raising
 * P keeps everyone who had it; another salt (another canary, another remote) draws anew.
 */
export function bucketOf(app: string, salt: string, sessionId: string): number {
  const digest = createHash('sha256').update(`${salt}:${app}:${sessionId}`).digest('hex');
  return parseInt(digest.slice(0, 8), 16) % 100;
}
