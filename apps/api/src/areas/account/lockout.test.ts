import { cookieHeader, createTestApi, guestSession, solvedCaptcha, type TestApi } from '../../testing/api';
import { sha256 } from './credentials';
import { DEVICE_COOKIE, DEVICE_DAYS } from './devices';
import { LOGIN_BLOCK_FAILURES_PER_ACCOUNT, LOGIN_FREE_FAILURES_PER_ACCOUNT, LOGIN_FREE_FAILURES_PER_DEVICE, LOGIN_MESSAGES } from './throttle';
import { outbox, register, type Shopper } from './testing';

/**
 * Issue 40 "a stranger can lock a customer out" (docs/adr/042): 5 wrong passwords from another
 * address used to make the owner's right password answer 429. Now the account's limit holds only
 * devices that never signed in to it, and holds them with a captcha first; the owner's own device
 * (one that signed in before) keeps a counter of its own, and a code sign-in is not counted at all.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

let addresses = 0;
const newAddress = () => `192.0.2.${(addresses += 1) % 250}`;

function login(cookie: string, email: string, password: string, address: string, captcha?: string) {
  return api.app.inject({
    method: 'POST',
    url: '/v2/customers/authenticate',
    headers: { cookie },
    remoteAddress: address,
    payload: { email, password, ...(captcha ? { captcha } : {}) },
  });
}

/** A stranger's wrong passwords, one address each, until the account asks strangers for a captcha. */
async function strangerFails(email: string, times = LOGIN_FREE_FAILURES_PER_ACCOUNT) {
  const stranger = await guestSession(api.app);
  for (let i = 0; i < times; i += 1) expect((await login(stranger, email, `guess-${i}`, newAddress())).statusCode).toBe(401);
  return stranger;
}

/** The owner, registered (so this browser signed in: a known device) from their own address. */
async function owner(): Promise<Shopper & { address: string }> {
  return { ...(await register(api.app)), address: newAddress() };
}

describe('the known-device cookie', () => {
  it('is set at sign-in: long-lived, httpOnly, SameSite=Lax, Secure on https, and kept only as a hash', async () => {
    const guest = await guestSession(api.app);
    const email = `device-${Date.now()}@example.com`;
    const answer = await api.app.inject({
      method: 'POST',
      url: '/v2/customers',
      headers: { cookie: guest, host: 'shop.example.com' },
      payload: { firstName: 'Asha', lastName: 'Rao', email, password: 'secret-pass' },
    });
    expect(answer.statusCode).toBe(200);
    const cookie = answer.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ maxAge: DEVICE_DAYS * 86400, httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await api.db.query<{ token_hash: string }>('select token_hash from account_devices where customer_id = $1', [answer.json().result.user.id]);
    expect(rows).toEqual([{ token_hash: sha256(cookie.value) }]);
    // The same browser signing in again keeps its token (one device, not one per sign-in).
    const again = await login(cookieHeader(answer, guest), email, 'secret-pass', newAddress());
    expect(again.cookies.find((c) => c.name === DEVICE_COOKIE)!.value).toBe(cookie.value);
  });
});

describe('a stranger cannot lock the owner out', () => {
  it('the owner signs in from a known device while a stranger hammers the account from 30 addresses: the stranger gets CAPTCHA_REQUIRED, not the owner', async () => {
    const shopper = await owner();
    const stranger = await guestSession(api.app);
    const flood = Array.from({ length: 30 }, (_, i) => login(stranger, shopper.email, `guess-${i}`, newAddress()));
    const [mine, ...theirs] = await Promise.all([login(shopper.cookie, shopper.email, 'secret-pass', shopper.address), ...flood]);
    expect(mine.statusCode).toBe(200);
    const statuses = theirs.map((a) => a.statusCode);
    // Only the free tries reached the password (taken in one statement each, parallel or not).
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOGIN_FREE_FAILURES_PER_ACCOUNT);
    const asked = theirs.filter((a) => a.statusCode === 429);
    expect(asked.length).toBeGreaterThanOrEqual(30 - LOGIN_FREE_FAILURES_PER_ACCOUNT);
    for (const answer of asked) {
      // Asked for a captcha (or, for a few, told to slow down by the per-address fairness), never an error.
      expect(['CAPTCHA_REQUIRED', 'TOO_MANY_REQUESTS']).toContain(answer.json().code);
    }
    expect(asked.filter((a) => a.json().code === 'CAPTCHA_REQUIRED').length).toBeGreaterThanOrEqual(20);
    // After the flood the owner's device still signs in, with no captcha, again and again.
    let cookie = cookieHeader(mine, shopper.cookie);
    for (let i = 0; i < 3; i += 1) {
      const again = await login(cookie, shopper.email, 'secret-pass', shopper.address);
      expect(again.statusCode).toBe(200);
      cookie = cookieHeader(again, cookie);
    }
  });

  it('a stranger past the free failures is asked for a captcha, not refused; with a solved one the password is checked and counted', async () => {
    const shopper = await owner();
    const stranger = await strangerFails(shopper.email);
    const asked = await login(stranger, shopper.email, 'guess-x', newAddress());
    expect(asked.statusCode).toBe(429);
    expect(asked.headers['retry-after']).toBeUndefined();
    expect(asked.json()).toEqual({ code: 'CAPTCHA_REQUIRED', field: 'captcha', captchaRequired: true, message: LOGIN_MESSAGES.captchaRequired });
    // A wrong captcha: 400, still required, nothing counted.
    const badCaptcha = `${(await solvedCaptcha(api.app)).split(':')[0]}:WRONG`;
    const wrong = await login(stranger, shopper.email, 'secret-pass', newAddress(), badCaptcha);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', field: 'captcha', captchaRequired: true, message: LOGIN_MESSAGES.wrongCaptcha });
    // With a solved captcha a wrong password is an ordinary failure (401), and counted.
    const counted = async () =>
      (
        await api.db.query<{ count: number }>(`select count from account_throttle where bucket = 'login-account' and subject = $1`, [
          shopper.email.toLowerCase(),
        ])
      )[0]!.count;
    const before = await counted();
    expect((await login(stranger, shopper.email, 'guess-y', newAddress(), await solvedCaptcha(api.app))).statusCode).toBe(401);
    expect(await counted()).toBe(before + 1);
    // A captcha answers once.
    const captcha = await solvedCaptcha(api.app);
    expect((await login(stranger, shopper.email, 'guess-z', newAddress(), captcha)).statusCode).toBe(401);
    expect((await login(stranger, shopper.email, 'guess-z', newAddress(), captcha)).json().code).toBe('CAPTCHA_REQUIRED');
  });

  it('the owner on a new browser signs in with a captcha, and that browser is then a known device that needs none', async () => {
    const shopper = await owner();
    await strangerFails(shopper.email);
    const newBrowser = await guestSession(api.app);
    expect((await login(newBrowser, shopper.email, 'secret-pass', shopper.address)).json().code).toBe('CAPTCHA_REQUIRED');
    const signedIn = await login(newBrowser, shopper.email, 'secret-pass', shopper.address, await solvedCaptcha(api.app));
    expect(signedIn.statusCode).toBe(200);
    // The stranger goes on; the new browser is known now.
    await strangerFails(shopper.email);
    expect((await login(cookieHeader(signedIn, newBrowser), shopper.email, 'secret-pass', shopper.address)).statusCode).toBe(200);
  });

  it('answers an e-mail with no account the same way (the captcha tells nothing about accounts)', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const stranger = await strangerFails(email);
    const asked = await login(stranger, email, 'whatever', newAddress());
    expect(asked.statusCode).toBe(429);
    expect(asked.json()).toEqual({ code: 'CAPTCHA_REQUIRED', field: 'captcha', captchaRequired: true, message: LOGIN_MESSAGES.captchaRequired });
    expect((await login(stranger, email, 'whatever', newAddress(), await solvedCaptcha(api.app))).statusCode).toBe(401);
  });

  it('a known device keeps a limit of its own (the thief of a signed-in laptop), which holds neither strangers nor the owner elsewhere', async () => {
    const shopper = await owner();
    const laptop = shopper.cookie;
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_DEVICE; i += 1) expect((await login(laptop, shopper.email, `thief-${i}`, newAddress())).statusCode).toBe(401);
    const held = await login(laptop, shopper.email, 'secret-pass', newAddress());
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    // The laptop's failures are its own: the account asks nobody else for a captcha...
    const phone = await guestSession(api.app);
    const fromPhone = await login(phone, shopper.email, 'secret-pass', shopper.address);
    expect(fromPhone.statusCode).toBe(200);
    // ...and that other known device is not held by the laptop's block.
    expect((await login(cookieHeader(fromPhone, phone), shopper.email, 'secret-pass', shopper.address)).statusCode).toBe(200);
  });

  it('many failures even with captchas block strangers with backoff, but not the owner’s known device nor a code sign-in', async () => {
    const shopper = await owner();
    const telephone = `98${String(Date.now()).slice(-8)}`;
    await api.db.query(`update customers set telephone = $2, phone_code = '+91', phone_verified = true where id = $1`, [shopper.customerId, telephone]);
    const stranger = await strangerFails(shopper.email);
    // As if many captchas had been solved already (each is a real try, as above).
    await api.db.query(`update account_throttle set count = $2 where bucket = 'login-account' and subject = $1`, [
      shopper.email.toLowerCase(),
      LOGIN_BLOCK_FAILURES_PER_ACCOUNT - 1,
    ]);
    expect((await login(stranger, shopper.email, 'guess-a', newAddress(), await solvedCaptcha(api.app))).statusCode).toBe(401);
    const blocked = await login(stranger, shopper.email, 'secret-pass', newAddress(), await solvedCaptcha(api.app));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(blocked.json().message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ seconds/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // The owner's known device signs in.
    expect((await login(shopper.cookie, shopper.email, 'secret-pass', shopper.address)).statusCode).toBe(200);
    // A code sign-in from a new browser is not counted by password limits: it lands in the owner's account.
    const browser = await guestSession(api.app);
    const codeAddress = newAddress();
    const sent = await api.app.inject({
      method: 'POST',
      url: '/v2/customers/mobile/otp',
      headers: { cookie: browser },
      remoteAddress: codeAddress,
      payload: { telephone, phoneCode: '+91' },
    });
    expect(sent.statusCode).toBe(200);
    const [sms] = await outbox(api.app, `+91 ${telephone}`);
    const byCode = await api.app.inject({
      method: 'POST',
      url: '/v2/customers/mobile/authenticate',
      headers: { cookie: browser },
      remoteAddress: codeAddress,
      payload: { telephone, phoneCode: '+91', code: sms!.code },
    });
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json().result.user.id).toBe(shopper.customerId);
  });
});
