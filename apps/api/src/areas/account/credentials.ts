import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';
import { HttpError } from '../../http/errors';

const KEY_LENGTH = 64;
const COST = 16384;

/**
 * Password hashing cannot starve the server: at most HASH_CONCURRENCY scrypt runs at once
 * (each holds a libuv worker thread and 16 MiB), HASH_QUEUE_LIMIT more wait their turn, and a
 * call beyond that, or one that waited HASH_QUEUE_WAIT_MS, fails at once with 503 and a body
 * asking to retry, never a hang. Per process; the login throttle (throttle.ts) bounds it
 * across processes.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE_LIMIT = 16;
export const HASH_QUEUE_WAIT_MS = 5_000;
export const BUSY_MESSAGE = 'The server is busy. Please try again in a few seconds.';

let running = 0;
let peak = 0;
const waiting: { start: () => void }[] = [];

const busy = () => new HttpError(503, BUSY_MESSAGE, undefined, 'BUSY', { 'retry-after': '2' });

function acquire(): Promise<void> {
  if (running < HASH_CONCURRENCY) {
    running += 1;
    peak = Math.max(peak, running);
    return Promise.resolve();
  }
  if (waiting.length >= HASH_QUEUE_LIMIT) return Promise.reject(busy());
  return new Promise<void>((resolve, reject) => {
    const entry = {
      start: () => {
        clearTimeout(timer);
        running += 1;
        peak = Math.max(peak, running);
        resolve();
      },
    };
    const timer = setTimeout(() => {
      const index = waiting.indexOf(entry);
      if (index >= 0) waiting.splice(index, 1);
      reject(busy());
    }, HASH_QUEUE_WAIT_MS);
    waiting.push(entry);
  });
}

function release() {
  running -= 1;
  waiting.shift()?.start();
}

/** How many scrypt runs are going now and the most ever at once (tests read it). */
export function hashingLoad(resetPeak = false) {
  const load = { running, waiting: waiting.length, peak };
  if (resetPeak) peak = running;
  return load;
}

/** Runs `work` in the bounded hashing pool (a slot when one is free, else the queue, else 503). */
export async function runBounded<T>(work: () => Promise<T>): Promise<T> {
  await acquire();
  try {
    return await work();
  } finally {
    release();
  }
}

/** scrypt through the bounded pool (presales staff passwords use it too). */
export function boundedScrypt(password: BinaryLike, salt: BinaryLike, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return runBounded(
    () => new Promise<Buffer>((resolve, reject) => scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)))),
  );
}

function scryptAsync(password: BinaryLike, salt: BinaryLike, options: ScryptOptions): Promise<Buffer> {
  return boundedScrypt(password, salt, KEY_LENGTH, options);
}

/** `scrypt$N$salt$hash`: the cost travels with the hash, so it can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFKC'), salt, { N: COST });
  return `scrypt$${COST}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, cost, salt, hash] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !cost || !salt || !hash) {
    // Same work as a real check, so a missing account does not answer faster.
    await scryptAsync(password, 'no-account-salt', { N: COST });
    return false;
  }
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), { N: Number(cost) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A six-digit one-time code from the CSPRNG. */
export const oneTimeCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** An unguessable token for links (256 bits). */
export const linkToken = () => randomBytes(32).toString('base64url');

type CodeTable = 'account_otps' | 'account_contact_codes' | 'account_order_otps';

/**
 * Takes one of a code's tries BEFORE the code is compared, in one conditional update: parallel
 * guesses cannot all pass a "fewer than the maximum tries" check they read earlier, so of any
 * number of parallel attempts at most `max` are ever compared. Answers the tries used so far,
 * or null when none is left.
 */
export async function takeCodeTry(
  db: { query: <T>(sql: string, params?: unknown[]) => Promise<T[]> },
  table: CodeTable,
  id: number,
  max: number,
): Promise<number | null> {
  const [row] = await db.query<{ attempts: number }>(`update ${table} set attempts = attempts + 1 where id = $1 and attempts < $2 returning attempts`, [
    id,
    max,
  ]);
  return row ? row.attempts : null;
}
