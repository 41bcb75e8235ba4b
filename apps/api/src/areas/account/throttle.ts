import { type FastifyRequest } from 'fastify';
import { type CountryCode } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { HttpError } from '../../http/errors';
import { countryOf } from '../../http/session';
import { formattersFor, TIME_ZONE_NAME_OF } from '../../messages/templates/format';
import { checkCaptcha } from '../cart/captcha';
import { verifyPassword } from './credentials';
import { deviceTokenOf, knownDevice } from './devices';

/**
 * Throttling of the account area (issue 12, issue 40), kept in the account_throttle table so
 * every API process sharing the database counts together:
 *
 * - Password tries (`checkPassword`, every path that checks a password), in two kinds
 *   (docs/adr/042):
 *   - from a known device of the account (a browser that signed in to it before, devices.ts):
 *     counted on that device's own counter only, free failures then backoff with 429; the
 *     account-wide captcha and block and the client address's counter do not hold it, so a
 *     stranger's failures never lock the owner out, and a thief of the laptop still meets a limit;
 *   - from any other device: per account (the e-mail as typed, known or not, so the answer does
 *     not tell whether an account exists) the first few failures are free, then every try needs
 *     a solved captcha (429 CAPTCHA_REQUIRED without one), and only after many more failures does
 *     backoff block these devices; per client address (request.ip) a higher number of failures
 *     is free (customers share office and carrier addresses), then backoff.
 *   A block answers 429, Retry-After and a message saying when to retry, before any password is
 *   hashed. A success clears the counter it was taken from (the account's, or the device's) and
 *   gives the address its try back. Counters are forgotten after an hour without failures.
 *   A code sign-in (mobile one-time code) never touches these counters.
 * - Password-reset e-mails: a fixed number per address and per client address per hour.
 * - Account look-ups (account-info, the e-mail behind a number): per session and per client
 *   address per hour.
 * - One-time code sends: see auth-routes.ts sendOtp (per number, per session across numbers,
 *   per client address across numbers; counted from account_otps).
 */
/** Other devices: failures of an account that need no captcha; every later try needs one. */
export const LOGIN_FREE_FAILURES_PER_ACCOUNT = 5;
/** Other devices, with captchas: from this many failures of the account on, backoff blocks them (the owner's known devices and code sign-in stay open). */
export const LOGIN_BLOCK_FAILURES_PER_ACCOUNT = 50;
/** A known device's own counter: free failures, then backoff. */
export const LOGIN_FREE_FAILURES_PER_DEVICE = 10;
/** A client address (other devices only): free failures across accounts, then backoff. */
export const LOGIN_FREE_FAILURES_PER_ADDRESS = 50;
export const LOGIN_BACKOFF_BASE_SECONDS = 30;
export const LOGIN_BACKOFF_MAX_SECONDS = 15 * 60;
export const LOGIN_FORGET_AFTER_SECONDS = 60 * 60;

export const LOGIN_MESSAGES = {
  tooMany: 'Too many failed sign-in attempts.',
  captchaRequired: 'There were several failed sign-in attempts for this e-mail. To keep the account safe, please complete the captcha and try again.',
  wrongCaptcha: 'The characters do not match. Please try again.',
} as const;

export const RESET_EMAILS_PER_ADDRESS = 3;
export const RESET_EMAILS_PER_CLIENT = 10;
export const RESET_WINDOW_SECONDS = 60 * 60;

/** Account look-ups (account-info, the e-mail behind a number): per session and per client address an hour. */
export const LOOKUPS_PER_SESSION = 20;
export const LOOKUPS_PER_CLIENT = 100;
export const LOOKUPS_WINDOW_SECONDS = 60 * 60;

/** One-time codes: numbers one session (or one client address) may send codes to per hour. */
export const OTP_NUMBERS_PER_SESSION = 5;
export const OTP_NUMBERS_PER_CLIENT = 20;
export const OTP_NUMBERS_WINDOW_MINUTES = 60;

export interface ThrottleKey {
  bucket: string;
  subject: string;
}

type Db = Pick<Database, 'query'>;

/** "30 seconds", "2 minutes", "1 hour". */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** When a block ends, as the shopper's country reads a time (`2:30 pm India time`); UTC when the country is not known. */
export function blockEndText(at: Date, country?: CountryCode): string {
  if (!country) return `${at.toISOString().slice(11, 16)} UTC`;
  return `${formattersFor(country).time(at.toISOString())} ${TIME_ZONE_NAME_OF[country]}`;
}

/**
 * 429 with Retry-After and a message that says when to try again, in the time of the shopper's
 * country (issue 42: limits said it in UTC): the caller's country, else the request's, which the
 * API's error handler gives every answer (HttpError `messageIn`); UTC only outside a request
 * (the worker's sends).
 */
export function tooMany(what: string, seconds: number, field?: string, country?: CountryCode): HttpError {
  const wait = Math.max(1, Math.ceil(seconds));
  const end = new Date(Date.now() + wait * 1000);
  const say = (where?: CountryCode) => `${what} Please try again in ${waitText(wait)} (after ${blockEndText(end, where)}).`;
  return new HttpError(429, say(country), field, 'TOO_MANY_REQUESTS', { 'retry-after': String(wait) }, undefined, (where) => say(country ?? where));
}

export const loginKeys = (email: string, address: string) => ({
  account: { bucket: 'login-account', subject: email.trim().toLowerCase() },
  address: { bucket: 'login-address', subject: address || 'unknown' },
});

/** Seconds until the longest block among `keys` ends (0: not blocked). */
export async function blockedFor(db: Db, keys: readonly ThrottleKey[]): Promise<number> {
  const [row] = await db.query<{ seconds: number | null }>(
    `select ceil(extract(epoch from max(blocked_until) - now()))::int as seconds from account_throttle
     where (bucket, subject) in (select * from unnest($1::text[], $2::text[])) and blocked_until > now()`,
    [keys.map((k) => k.bucket), keys.map((k) => k.subject)],
  );
  return Math.max(0, row?.seconds ?? 0);
}

/** Counts a failure; from the `free`-th one on the key is blocked for base * 2^(failures - free) seconds (capped). */
export async function recordFailure(db: Db, key: ThrottleKey, free: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `insert into account_throttle (bucket, subject, count, window_started_at, last_at) values ($1, $2, 1, now(), now())
     on conflict (bucket, subject) do update set
       count = case when account_throttle.last_at < now() - make_interval(secs => $3) then 1 else account_throttle.count + 1 end,
       window_started_at = case when account_throttle.last_at < now() - make_interval(secs => $3) then now() else account_throttle.window_started_at end,
       last_at = now()
     returning count`,
    [key.bucket, key.subject, LOGIN_FORGET_AFTER_SECONDS],
  );
  const failures = row?.count ?? 1;
  if (failures >= free) {
    const seconds = Math.min(LOGIN_BACKOFF_MAX_SECONDS, LOGIN_BACKOFF_BASE_SECONDS * 2 ** (failures - free));
    await db.query('update account_throttle set blocked_until = now() + make_interval(secs => $3) where bucket = $1 and subject = $2', [
      key.bucket,
      key.subject,
      seconds,
    ]);
  }
  return failures;
}

export async function clearKey(db: Db, key: ThrottleKey) {
  await db.query('delete from account_throttle where bucket = $1 and subject = $2', [key.bucket, key.subject]);
}

/** Refuses a password try while one of its keys (account, client address, or known device) is blocked. */
export async function refuseBlockedLogin(db: Db, keys: readonly ThrottleKey[], country?: CountryCode) {
  const seconds = await blockedFor(db, keys);
  if (seconds > 0) throw tooMany(LOGIN_MESSAGES.tooMany, seconds, undefined, country);
}

/** 429 (no captcha sent) or 400 (a wrong one) CAPTCHA_REQUIRED: the password was not checked; the body says a captcha is needed. */
export function captchaRequired(message: string = LOGIN_MESSAGES.captchaRequired, status = 429): HttpError {
  return new HttpError(status, message, 'captcha', 'CAPTCHA_REQUIRED', undefined, { captchaRequired: true });
}

const TRIES = `case when account_throttle.last_at < now() - make_interval(secs => $3) then 1 else account_throttle.count + 1 end`;

/**
 * Takes one password try of a key, in one statement: counted, and the key blocked from the
 * `free`-th try on (for base * 2^(tries - free) seconds, capped), unless the key is blocked
 * already, when nothing is counted and null comes back. One statement, so parallel tries are
 * counted one after another and none passes a block another one set.
 */
async function takeTry(db: Db, key: ThrottleKey, free: number): Promise<number | null> {
  const [row] = await db.query<{ count: number }>(
    `insert into account_throttle (bucket, subject, count, window_started_at, last_at, blocked_until)
     values ($1, $2, 1, now(), now(), case when 1 >= $4 then now() + make_interval(secs => $5) end)
     on conflict (bucket, subject) do update set
       count = ${TRIES},
       window_started_at = case when account_throttle.last_at < now() - make_interval(secs => $3) then now() else account_throttle.window_started_at end,
       last_at = now(),
       blocked_until = case when ${TRIES} >= $4 then now() + make_interval(secs => least($6::float8, $5::float8 * power(2, ${TRIES} - $4))) else account_throttle.blocked_until end
     where account_throttle.blocked_until is null or account_throttle.blocked_until <= now()
     returning count`,
    [key.bucket, key.subject, LOGIN_FORGET_AFTER_SECONDS, free, LOGIN_BACKOFF_BASE_SECONDS, LOGIN_BACKOFF_MAX_SECONDS],
  );
  return row ? row.count : null;
}

/**
 * Takes one try of an account for a device that is not known to it, in one statement: within
 * the free tries, or past them with a solved captcha (`withCaptcha`); from the block threshold
 * on, the key is blocked with backoff. Null: nothing counted (blocked, or a captcha is needed).
 */
async function takeAccountTry(db: Db, key: ThrottleKey, withCaptcha: boolean): Promise<number | null> {
  const [row] = await db.query<{ count: number }>(
    `insert into account_throttle (bucket, subject, count, window_started_at, last_at) values ($1, $2, 1, now(), now())
     on conflict (bucket, subject) do update set
       count = ${TRIES},
       window_started_at = case when account_throttle.last_at < now() - make_interval(secs => $3) then now() else account_throttle.window_started_at end,
       last_at = now(),
       blocked_until = case when ${TRIES} >= $5 then now() + make_interval(secs => least($8::float8, $7::float8 * power(2, ${TRIES} - $5))) else account_throttle.blocked_until end
     where (account_throttle.blocked_until is null or account_throttle.blocked_until <= now()) and (${TRIES} <= $4 or $6::boolean)
     returning count`,
    [
      key.bucket,
      key.subject,
      LOGIN_FORGET_AFTER_SECONDS,
      LOGIN_FREE_FAILURES_PER_ACCOUNT,
      LOGIN_BLOCK_FAILURES_PER_ACCOUNT,
      withCaptcha,
      LOGIN_BACKOFF_BASE_SECONDS,
      LOGIN_BACKOFF_MAX_SECONDS,
    ],
  );
  return row ? row.count : null;
}

/** Who tries a password: the e-mail's account, the client address, this browser's device token, and a captcha answer if the form sent one. */
export interface PasswordTry {
  email: string;
  address: string;
  device?: string | null;
  captcha?: string;
  /** The shopper's country: a block's end is said in its time. */
  country?: CountryCode;
}

/** The client side of a password try, from the request (`captcha`: the answer the form sent, if any). */
export function passwordClient(request: FastifyRequest, captcha?: string): Omit<PasswordTry, 'email'> {
  return { address: request.ip, device: deviceTokenOf(request), captcha, country: countryOf(request) };
}

/**
 * A password checked as a sign-in checks it, wherever a password is checked (the login; the
 * e-mail account's password that links a phone to it; the current password of a change; the
 * password that links a provider): the same counters, 429 while a key is blocked, before any
 * hashing. No path checks a password outside these limits, so none is an oracle (issue 40: 25
 * wrong passwords through the phone/e-mail merge in 0.8 s, then the right one). Each try is taken
 * before the password is hashed (`takeTry`, `takeAccountTry`), so parallel guesses cannot all
 * pass a count read before any of them failed. A known device of the account (devices.ts) counts
 * on its own counter and is not held by strangers' failures; any other device needs a captcha
 * past the account's free failures (see the top of this file). `stored` is null for an account
 * that does not exist or cannot be proved this way: it costs the same and fails.
 */
export async function checkPassword(db: Db, who: PasswordTry, password: string, stored: string | null): Promise<boolean> {
  const device = await knownDevice(db, who.device, who.email);
  // Hashing is shared fairly: one client address (or one known device) has at most a few checks
  // going at once in this process; the flooder's others get 429 at once, and the pool stays open
  // to everyone else (issue 40: 20 concurrent bad logins made every real login answer 503).
  const client = device ? `device:${device}` : who.address || 'unknown';
  const going = checksGoing.get(client) ?? 0;
  if (going >= PASSWORD_CHECKS_PER_CLIENT) throw tooMany('Too many sign-in attempts at once.', 2, undefined, who.country);
  checksGoing.set(client, going + 1);
  try {
    return device ? await checkOnKnownDevice(db, device, password, stored, who.country) : await checkOnOtherDevice(db, who, password, stored);
  } finally {
    const left = (checksGoing.get(client) ?? 1) - 1;
    if (left > 0) checksGoing.set(client, left);
    else checksGoing.delete(client);
  }
}

/** Password checks going now per client address or known device (this process). */
const checksGoing = new Map<string, number>();
export const PASSWORD_CHECKS_PER_CLIENT = 2;

/** A device that signed in to this account before: its own counter only. */
async function checkOnKnownDevice(db: Db, device: string, password: string, stored: string | null, country?: CountryCode): Promise<boolean> {
  const key = { bucket: 'login-device', subject: device };
  await refuseBlockedLogin(db, [key], country);
  if ((await takeTry(db, key, LOGIN_FREE_FAILURES_PER_DEVICE)) === null) {
    await refuseBlockedLogin(db, [key], country);
    throw tooMany(LOGIN_MESSAGES.tooMany, LOGIN_BACKOFF_BASE_SECONDS, undefined, country);
  }
  if (!(await verifyPassword(password, stored))) return false;
  await clearKey(db, key);
  return true;
}

/** Any other device: the account's counter (free, then with a captcha, then blocked) and the client address's. */
async function checkOnOtherDevice(db: Db, who: PasswordTry, password: string, stored: string | null): Promise<boolean> {
  const keys = loginKeys(who.email, who.address);
  await refuseBlockedLogin(db, [keys.account, keys.address], who.country);
  let account = await takeAccountTry(db, keys.account, false);
  if (account === null) {
    // Past the free failures: blocked (after many), or a captcha first. A wrong or missing captcha
    // counts nothing, and the password is not read.
    await refuseBlockedLogin(db, [keys.account, keys.address], who.country);
    if (!who.captcha) throw captchaRequired();
    try {
      await checkCaptcha(db, who.captcha, {
        field: 'captcha',
        messages: { missing: LOGIN_MESSAGES.captchaRequired, wrong: LOGIN_MESSAGES.wrongCaptcha },
        remoteIp: who.address,
      });
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) throw captchaRequired(error.message, 400);
      throw error;
    }
    account = await takeAccountTry(db, keys.account, true);
    if (account === null) {
      await refuseBlockedLogin(db, [keys.account, keys.address], who.country);
      throw tooMany(LOGIN_MESSAGES.tooMany, LOGIN_BACKOFF_BASE_SECONDS, undefined, who.country);
    }
  }
  // A parallel try blocked the address between the check above and this try: refused, unread.
  if ((await takeTry(db, keys.address, LOGIN_FREE_FAILURES_PER_ADDRESS)) === null) {
    await giveBack(db, keys.account, LOGIN_BLOCK_FAILURES_PER_ACCOUNT);
    await refuseBlockedLogin(db, [keys.account, keys.address], who.country);
    throw tooMany(LOGIN_MESSAGES.tooMany, LOGIN_BACKOFF_BASE_SECONDS, undefined, who.country);
  }
  if (!(await verifyPassword(password, stored))) return false;
  await clearKey(db, keys.account);
  await giveBack(db, keys.address, LOGIN_FREE_FAILURES_PER_ADDRESS);
  return true;
}

/** A try that was not a failure goes back to its key (and lifts the block it set, if it is below the free tries again). */
async function giveBack(db: Db, key: ThrottleKey, free: number) {
  await db.query(
    `update account_throttle set count = greatest(count - 1, 0), blocked_until = case when count - 1 < $3 then null else blocked_until end
     where bucket = $1 and subject = $2`,
    [key.bucket, key.subject, free],
  );
}

/**
 * Counts one request in a fixed window (`windowSeconds` from the first); the window's count
 * and the seconds left in it come back.
 */
export async function countInWindow(db: Db, key: ThrottleKey, windowSeconds: number): Promise<{ count: number; secondsLeft: number }> {
  const [row] = await db.query<{ count: number; seconds_left: number }>(
    `insert into account_throttle (bucket, subject, count, window_started_at, last_at) values ($1, $2, 1, now(), now())
     on conflict (bucket, subject) do update set
       count = case when account_throttle.window_started_at <= now() - make_interval(secs => $3) then 1 else account_throttle.count + 1 end,
       window_started_at = case when account_throttle.window_started_at <= now() - make_interval(secs => $3) then now() else account_throttle.window_started_at end,
       last_at = now()
     returning count, ceil(extract(epoch from window_started_at + make_interval(secs => $3) - now()))::int as seconds_left`,
    [key.bucket, key.subject, windowSeconds],
  );
  return { count: row?.count ?? 1, secondsLeft: Math.max(1, row?.seconds_left ?? windowSeconds) };
}

/**
 * Reset e-mails: per address and per client address. Counted for every request, whether or not
 * the address has an account, so the refusal tells nothing about accounts.
 */
export async function limitResetEmails(db: Db, email: string, address: string) {
  for (const [key, limit] of [
    [{ bucket: 'reset-email', subject: email.trim().toLowerCase() }, RESET_EMAILS_PER_ADDRESS],
    [{ bucket: 'reset-client', subject: address || 'unknown' }, RESET_EMAILS_PER_CLIENT],
  ] as const) {
    const { count, secondsLeft } = await countInWindow(db, key, RESET_WINDOW_SECONDS);
    if (count > limit) throw tooMany('Too many password reset e-mails were requested.', secondsLeft, 'emailAddress');
  }
}

/**
 * Account look-ups (issue 40, user enumeration): a few per session and per client address an
 * hour, counted for every look-up whatever it finds; past them 429 with when to retry.
 */
export async function limitAccountLookups(db: Db, sessionId: string | null, address: string, field = 'email') {
  const keys: [ThrottleKey, number][] = [[{ bucket: 'lookup-client', subject: address || 'unknown' }, LOOKUPS_PER_CLIENT]];
  if (sessionId) keys.unshift([{ bucket: 'lookup-session', subject: sessionId }, LOOKUPS_PER_SESSION]);
  for (const [key, limit] of keys) {
    const { count, secondsLeft } = await countInWindow(db, key, LOOKUPS_WINDOW_SECONDS);
    if (count > limit) throw tooMany('Too many accounts were looked up.', secondsLeft, field);
  }
}

/**
 * No SMS pumping: one session, and one client address, may send codes to only a few different
 * numbers an hour (the number being sent to now is not counted twice).
 */
export async function limitCodeNumbers(db: Db, sessionId: string, address: string, phoneCode: string, telephone: string) {
  const [row] = await db.query<{ by_session: number; by_client: number; session_wait: number | null; client_wait: number | null }>(
    `with recent as (
       select session_id, client_address, phone_code || ' ' || telephone as number, created_at from account_otps
       where created_at > now() - make_interval(mins => $5) and (session_id = $1 or client_address = $2)
         and not (phone_code = $3 and telephone = $4)
     )
     select count(distinct number) filter (where session_id = $1)::int as by_session,
            count(distinct number) filter (where client_address = $2)::int as by_client,
            ceil(extract(epoch from min(created_at) filter (where session_id = $1) + make_interval(mins => $5) - now()))::int as session_wait,
            ceil(extract(epoch from min(created_at) filter (where client_address = $2) + make_interval(mins => $5) - now()))::int as client_wait
     from recent`,
    [sessionId, address || 'unknown', phoneCode, telephone, OTP_NUMBERS_WINDOW_MINUTES],
  );
  if ((row?.by_session ?? 0) >= OTP_NUMBERS_PER_SESSION) throw tooMany('Codes were sent to too many different numbers.', row?.session_wait ?? 60, 'telephone');
  if ((row?.by_client ?? 0) >= OTP_NUMBERS_PER_CLIENT) throw tooMany('Codes were sent to too many different numbers.', row?.client_wait ?? 60, 'telephone');
}

/**
 * Sign-ups probing for accounts (issue 40, user enumeration): a sign-up with an e-mail that has an
 * account must say so (the spec's message), so those answers are what is counted, per session and
 * per client address an hour. Past the limit every sign-up from there is refused for the rest of
 * the hour, whatever its e-mail, so the refusal says nothing about one; customers, who rarely type
 * a taken e-mail more than once or twice, never meet it.
 */
export const REGISTER_TAKEN_PER_SESSION = 5;
export const REGISTER_TAKEN_PER_CLIENT = 20;
export const REGISTER_TAKEN_WINDOW_SECONDS = 60 * 60;

const registerKeys = (sessionId: string | null, address: string): [ThrottleKey, number][] => [
  ...(sessionId ? [[{ bucket: 'register-taken-session', subject: sessionId }, REGISTER_TAKEN_PER_SESSION] as [ThrottleKey, number]] : []),
  [{ bucket: 'register-taken-client', subject: address || 'unknown' }, REGISTER_TAKEN_PER_CLIENT],
];

/** Refuses a sign-up (429) while this session or client address is past its taken-e-mail answers for the hour. */
export async function refuseRegisterProbing(db: Db, sessionId: string | null, address: string) {
  for (const [key, limit] of registerKeys(sessionId, address)) {
    const [row] = await db.query<{ count: number; seconds_left: number }>(
      `select count, ceil(extract(epoch from window_started_at + make_interval(secs => $3) - now()))::int as seconds_left from account_throttle
       where bucket = $1 and subject = $2 and window_started_at > now() - make_interval(secs => $3)`,
      [key.bucket, key.subject, REGISTER_TAKEN_WINDOW_SECONDS],
    );
    if (row && row.count >= limit) throw tooMany('Too many sign-ups were tried from here.', row.seconds_left, 'email');
  }
}

/** Counts a sign-up answered "this e-mail has an account" for the session and the client address. */
export async function countTakenEmail(db: Db, sessionId: string | null, address: string) {
  for (const [key] of registerKeys(sessionId, address)) await countInWindow(db, key, REGISTER_TAKEN_WINDOW_SECONDS);
}
