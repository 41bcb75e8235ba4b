import { type Database } from '../../db/database';
import { blockedFor, recordFailure, tooMany, type ThrottleKey } from '../account/throttle';

/**
 * Gift voucher and store credit codes are bearer secrets: whoever types a valid one can spend
 * it (a store credit of another customer answers like a missing one). So a session or a
 * client address that keeps typing codes that do not exist is slowed down like a password
 * guesser: after a few wrong codes, blocks of 30 s doubling up to 15 minutes, 429 with
 * Retry-After. Only unknown (or someone else's) codes count; a real code that has expired or
 * is spent answers as before.
 */
export const WRONG_CODES_FREE_PER_SESSION = 10;
export const WRONG_CODES_FREE_PER_ADDRESS = 50;

type Db = Pick<Database, 'query'>;

const keysOf = (sessionId: string, address: string): [ThrottleKey, ThrottleKey] => [
  { bucket: 'code-guess-session', subject: sessionId },
  { bucket: 'code-guess-address', subject: address || 'unknown' },
];

/** Refuses the attempt while the session or the client address is blocked. */
export async function refuseCodeGuessing(db: Db, sessionId: string, address: string) {
  const seconds = await blockedFor(db, keysOf(sessionId, address));
  if (seconds > 0) throw tooMany('Too many codes that do not exist were tried.', seconds, 'code');
}

/** Counts a code that does not exist (or is not the session's to use). */
export async function recordWrongCode(db: Db, sessionId: string, address: string) {
  const [session, client] = keysOf(sessionId, address);
  await recordFailure(db, session, WRONG_CODES_FREE_PER_SESSION);
  await recordFailure(db, client, WRONG_CODES_FREE_PER_ADDRESS);
}
