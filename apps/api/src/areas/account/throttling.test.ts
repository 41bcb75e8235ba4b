import { createTestApi, guestSession, solvedCaptcha, type TestApi } from '../../testing/api';
import { HttpError } from '../../http/errors';
import { BUSY_MESSAGE, HASH_CONCURRENCY, HASH_QUEUE_LIMIT, hashingLoad, hashPassword, runBounded, verifyPassword } from './credentials';
import {
  blockEndText,
  LOGIN_BACKOFF_BASE_SECONDS,
  LOGIN_BLOCK_FAILURES_PER_ACCOUNT,
  LOGIN_FREE_FAILURES_PER_ACCOUNT,
  LOGIN_FREE_FAILURES_PER_ADDRESS,
  OTP_NUMBERS_PER_CLIENT,
  OTP_NUMBERS_PER_SESSION,
  RESET_EMAILS_PER_ADDRESS,
  RESET_EMAILS_PER_CLIENT,
} from './throttle';
import { outbox, register } from './testing';

/**
 * Issue 12 "Throttling": password logins per account (a captcha first, issue 40) and per client
 * address (backoff, then a clear 429 with when to retry; the known-device rule: lockout.test.ts), reset e-mails per address, code sends per session and client
 * address across numbers, and bounded password hashing. Each client address is a different
 * `remoteAddress` of Fastify's inject (request.ip).
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

let addresses = 0;
/** A fresh client address per test, so tests do not share the address counters. */
const newAddress = () => `198.51.100.${(addresses += 1)}`;

async function post(url: string, payload: object, options: { cookie?: string; address?: string; country?: string } = {}) {
  const cookie = options.cookie ?? (await guestSession(api.app));
  const headers = { cookie, ...(options.country ? { 'x-country-code': options.country } : {}) };
  return api.app.inject({ method: 'POST', url, payload, headers, remoteAddress: options.address ?? '127.0.0.1' });
}
/** A password login from a browser that never signed in (a new guest session each time). */
const login = (email: string, password: string, address: string, captcha?: string) =>
  post('/v2/customers/authenticate', { email, password, ...(captcha ? { captcha } : {}) }, { address });
/** Lets a block run out, as if its time had passed. */
const expireBlocks = (bucket: string, subject: string) =>
  api.db.query(`update account_throttle set blocked_until = now() - interval '1 second' where bucket = $1 and subject = $2`, [bucket, subject]);

describe('when a block ends', () => {
  it("is said in the shopper's country's time, with the zone named; in UTC only when the country is not known", () => {
    const at = new Date('2026-11-29T08:30:00.000Z');
    expect(blockEndText(at, 'in')).toBe('2:00 pm India time');
    expect(blockEndText(at, 'ae')).toBe('12:30 PM UAE time');
    expect(blockEndText(at, 'sg')).toBe('4:30 pm Singapore time');
    expect(blockEndText(at, 'us')).toBe('3:30 AM Eastern time');
    expect(blockEndText(at)).toBe('08:30 UTC');
  });
});

describe('password login throttling', () => {
  it('asks other devices for a captcha after a few failures of an account, and blocks them only after many, with 429, Retry-After and a doubling wait', async () => {
    const shopper = await register(api.app);
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ACCOUNT; i += 1) statuses.push((await login(shopper.email, 'wrong-password', address)).statusCode);
    expect(statuses).toEqual(Array(LOGIN_FREE_FAILURES_PER_ACCOUNT).fill(401));

    // Past the free failures a device that never signed in to the account needs a captcha, from any address (per account).
    const asked = await login(shopper.email, 'secret-pass', newAddress());
    expect(asked.statusCode).toBe(429);
    expect(asked.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', field: 'captcha', captchaRequired: true });
    expect(asked.headers['retry-after']).toBeUndefined();

    // Many failures, captchas solved: then backoff, even with the right password.
    await api.db.query(`update account_throttle set count = $2 where bucket = 'login-account' and subject = $1`, [
      shopper.email.toLowerCase(),
      LOGIN_BLOCK_FAILURES_PER_ACCOUNT - 1,
    ]);
    expect((await login(shopper.email, 'wrong-again', address, await solvedCaptcha(api.app))).statusCode).toBe(401);
    // Asked from the UAE site: when the block ends is said in the UAE's time (issue 42: it was UTC).
    const blocked = await post(
      '/v2/customers/authenticate',
      { email: shopper.email, password: 'secret-pass', captcha: await solvedCaptcha(api.app) },
      { address: newAddress(), country: 'ae' },
    );
    expect(blocked.statusCode).toBe(429);
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(LOGIN_BACKOFF_BASE_SECONDS - 3);
    expect(wait).toBeLessThanOrEqual(LOGIN_BACKOFF_BASE_SECONDS);
    expect(blocked.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(blocked.json().message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ seconds \(after \d{1,2}:\d\d [AP]M UAE time\)\.$/);

    // The wait doubles with the next failure after it.
    await expireBlocks('login-account', shopper.email.toLowerCase());
    expect((await login(shopper.email, 'wrong-again', address, await solvedCaptcha(api.app))).statusCode).toBe(401);
    const longer = await login(shopper.email, 'secret-pass', address, await solvedCaptcha(api.app));
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(2 * LOGIN_BACKOFF_BASE_SECONDS - 3);

    // Once the wait is over the right password logs in, and the account's counter starts again (free tries, no captcha).
    await expireBlocks('login-account', shopper.email.toLowerCase());
    expect((await login(shopper.email, 'secret-pass', address, await solvedCaptcha(api.app))).statusCode).toBe(200);
    expect((await login(shopper.email, 'wrong-password', address)).statusCode).toBe(401);
    expect((await login(shopper.email, 'secret-pass', address)).statusCode).toBe(200);
  });

  it('throttles an unknown e-mail the same way, so the answers do not tell whether an account exists', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_FREE_FAILURES_PER_ACCOUNT; i += 1) statuses.push((await login('nobody-here@example.com', 'whatever', address)).statusCode);
    expect(statuses).toEqual([...Array(LOGIN_FREE_FAILURES_PER_ACCOUNT).fill(401), 429]);
  });

  it('blocks a client address that fails across many accounts, not the other addresses', async () => {
    const address = newAddress();
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ADDRESS; i += 1) expect((await login(`spray-${i}@example.com`, 'password1', address)).statusCode).toBe(401);
    const victim = await register(api.app);
    const fromSprayer = await login(victim.email, 'secret-pass', address);
    expect(fromSprayer.statusCode).toBe(429);
    expect(Number(fromSprayer.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(victim.email, 'secret-pass', newAddress())).statusCode).toBe(200);
  });
});

describe('reset e-mail throttling', () => {
  it(`sends ${RESET_EMAILS_PER_ADDRESS} reset e-mails an hour per address, then refuses known and unknown addresses alike`, async () => {
    const shopper = await register(api.app);
    const forgot = (email: string) => post('/v2/customers/password/forgot', { emailAddress: email }, { address: newAddress() });
    for (let i = 0; i < RESET_EMAILS_PER_ADDRESS; i += 1) expect((await forgot(shopper.email)).json().result.success).toBe(true);
    const refused = await forgot(shopper.email);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused.json()).toMatchObject({ field: 'emailAddress', code: 'TOO_MANY_REQUESTS' });
    expect((await outbox(api.app, shopper.email)).filter((m) => m.subject === 'Reset your password')).toHaveLength(RESET_EMAILS_PER_ADDRESS);
    // Every limit says when it ends in the shopper's country's time, as the sign-in block does (issue 42: the others said UTC).
    expect(refused.json().message).toMatch(/\(after \d{1,2}:\d\d [ap]m India time\)\.$/);
    const fromUs = await post('/v2/customers/password/forgot', { emailAddress: shopper.email }, { address: newAddress(), country: 'us' });
    expect(fromUs.json().message).toMatch(
      /^Too many password reset e-mails were requested\. Please try again in \d+ minutes \(after \d{1,2}:\d\d [AP]M Eastern time\)\.$/,
    );

    for (let i = 0; i < RESET_EMAILS_PER_ADDRESS; i += 1) expect((await forgot('no-account@example.com')).statusCode).toBe(200);
    const unknown = await forgot('no-account@example.com');
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().message.replace(/\d+/g, 'N')).toBe(refused.json().message.replace(/\d+/g, 'N'));

    // The window passes: sends again.
    await api.db.query(`update account_throttle set window_started_at = now() - interval '61 minutes' where bucket = 'reset-email' and subject = $1`, [
      shopper.email.toLowerCase(),
    ]);
    expect((await forgot(shopper.email)).json().result.success).toBe(true);
  });

  it(`refuses a client address after ${RESET_EMAILS_PER_CLIENT} reset requests an hour, whatever the addresses`, async () => {
    const address = newAddress();
    for (let i = 0; i < RESET_EMAILS_PER_CLIENT; i += 1)
      expect((await post('/v2/customers/password/forgot', { emailAddress: `many-${i}@example.com` }, { address })).statusCode).toBe(200);
    expect((await post('/v2/customers/password/forgot', { emailAddress: 'one-more@example.com' }, { address })).statusCode).toBe(429);
    expect((await post('/v2/customers/password/forgot', { emailAddress: 'one-more@example.com' }, { address: newAddress() })).statusCode).toBe(200);
  });
});

describe('code sends across numbers (no SMS pumping)', () => {
  const send = (cookie: string, telephone: string, address: string) => post('/v2/customers/mobile/otp', { telephone, phoneCode: '+91' }, { cookie, address });

  it(`lets one session send codes to ${OTP_NUMBERS_PER_SESSION} numbers an hour, then answers 429; its numbers still get codes`, async () => {
    const session = await guestSession(api.app);
    const address = newAddress();
    for (let i = 0; i < OTP_NUMBERS_PER_SESSION; i += 1) expect((await send(session, `97000000${10 + i}`, address)).statusCode).toBe(200);
    const pumped = await send(session, '9700000099', address);
    expect(pumped.statusCode).toBe(429);
    expect(pumped.json()).toMatchObject({ field: 'telephone', code: 'TOO_MANY_REQUESTS' });
    expect(Number(pumped.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await outbox(api.app, '+91 9700000099')).toHaveLength(0);
    // A number the session already used is not a new one.
    expect((await send(session, '9700000010', address)).statusCode).toBe(200);
    // Another session is not held back by this one.
    expect((await send(await guestSession(api.app), '9700000099', newAddress())).statusCode).toBe(200);
  });

  it(`holds a client address that makes new sessions to ${OTP_NUMBERS_PER_CLIENT} numbers an hour`, async () => {
    const address = newAddress();
    for (let i = 0; i < OTP_NUMBERS_PER_CLIENT; i += 1)
      expect((await send(await guestSession(api.app), `96000001${String(i).padStart(2, '0')}`, address)).statusCode).toBe(200);
    expect((await send(await guestSession(api.app), '9600000199', address)).statusCode).toBe(429);
  });
});

describe('bounded password hashing', () => {
  it(`runs at most ${HASH_CONCURRENCY} scrypt at once and refuses beyond its queue at once with 503, never hanging`, async () => {
    hashingLoad(true);
    const calls = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_LIMIT + 12 }, (_, i) => hashPassword(`password-${i}`));
    const settled = await Promise.allSettled(calls);
    const refused = settled.filter((s) => s.status === 'rejected');
    expect(refused).toHaveLength(12);
    for (const r of refused) {
      const error = (r as PromiseRejectedResult).reason as HttpError;
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 503, code: 'BUSY', message: BUSY_MESSAGE });
    }
    expect(hashingLoad().peak).toBe(HASH_CONCURRENCY);
    // The hashes that ran are good ones, and the pool is free again.
    const first = settled[0] as PromiseFulfilledResult<string>;
    expect(await verifyPassword('password-0', first.value)).toBe(true);
    expect(hashingLoad()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('answers a login 503 with a body and Retry-After while the pool is full, and logs in again after', async () => {
    const shopper = await register(api.app);
    // Every slot and queue place taken by work that ends when the test says so.
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const busy = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_LIMIT }, () => runBounded(() => gate));
    const refused = await login(shopper.email, 'secret-pass', newAddress());
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: BUSY_MESSAGE, code: 'BUSY' });
    expect(refused.headers['retry-after']).toBe('2');
    open();
    await Promise.all(busy);
    expect((await login(shopper.email, 'secret-pass', newAddress())).statusCode).toBe(200);
  });

  it('answers parallel logins with 401, 429 or 503 and a body, never 500', async () => {
    const emails = Array.from({ length: 30 }, (_, i) => `parallel-${i}@example.com`);
    const answers = await Promise.all(emails.map((email, i) => login(email, 'nope-nope', `203.0.113.${i + 1}`)));
    for (const answer of answers) {
      expect([401, 429, 503]).toContain(answer.statusCode);
      expect(typeof answer.json().message).toBe('string');
    }
    expect(hashingLoad().running).toBe(0);
  });
});
