import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { MESSAGES } from './auth-routes';
import { LOOKUPS_PER_CLIENT, LOOKUPS_PER_SESSION, REGISTER_TAKEN_PER_CLIENT, REGISTER_TAKEN_PER_SESSION } from './throttle';
import { outbox, register } from './testing';

/**
 * Issue 40 "user enumeration": GET /customers/account-info answered exists, hasPassword and a
 * masked e-mail to anyone, unthrottled, and forgot-password worded its answer by whether the
 * account exists. Now account-info answers only `exists` (what the login popup needs to ask for a
 * password or offer a sign-up), a few times per session and per client address an hour, and
 * forgot-password answers the same either way.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

let addresses = 0;
const newAddress = () => `198.18.0.${(addresses += 1)}`;

const lookUp = (cookie: string, address: string, query: string) =>
  api.app.inject({ method: 'GET', url: `/v2/customers/account-info?${query}`, headers: { cookie }, remoteAddress: address });

describe('account-info', () => {
  it('answers only whether the account exists: no password flag, no masked e-mail', async () => {
    const shopper = await register(api.app, { telephone: '9844400001', phoneCode: '+91' });
    const guest = await guestSession(api.app);
    expect((await lookUp(guest, newAddress(), `email=${encodeURIComponent(shopper.email)}`)).json()).toEqual({ result: { exists: true } });
    expect((await lookUp(guest, newAddress(), 'email=no-one%40example.com')).json()).toEqual({ result: { exists: false } });
  });

  it(`answers ${LOOKUPS_PER_SESSION} look-ups an hour per session, then 429 with Retry-After and when to retry`, async () => {
    const guest = await guestSession(api.app);
    const address = newAddress();
    for (let i = 0; i < LOOKUPS_PER_SESSION; i += 1) expect((await lookUp(guest, address, `email=someone-${i}%40example.com`)).statusCode).toBe(200);
    const refused = await lookUp(guest, address, 'email=one-more%40example.com');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', field: 'email' });
    // When to retry is said in the site's country's time (India's without a country header; issue 42: it was UTC).
    expect(refused.json().message).toMatch(/^Too many accounts were looked up\. Please try again in \d+ minutes \(after \d{1,2}:\d\d [ap]m India time\)\.$/);
    // By number too, and the e-mail behind a number counts with them.
    expect((await lookUp(guest, address, 'telephone=9844400001&phoneCode=%2B91')).json()).toMatchObject({ field: 'telephone', code: 'TOO_MANY_REQUESTS' });
    const mobileEmail = await api.app.inject({
      method: 'GET',
      url: '/v2/customers/mobile/email?telephone=9844400001&phoneCode=%2B91',
      headers: { cookie: guest },
      remoteAddress: address,
    });
    expect(mobileEmail.statusCode).toBe(429);
    // Another session at another address is not held.
    expect((await lookUp(await guestSession(api.app), newAddress(), 'email=one-more%40example.com')).statusCode).toBe(200);
  });

  it(`holds a client address after ${LOOKUPS_PER_CLIENT} look-ups an hour whatever the sessions (or none), in parallel too`, async () => {
    const address = newAddress();
    const sessions = await Promise.all(Array.from({ length: 10 }, () => guestSession(api.app)));
    const answers = await Promise.all(
      Array.from({ length: LOOKUPS_PER_CLIENT + 10 }, (_, i) => lookUp(i % 11 === 10 ? '' : sessions[i % 11]!, address, `email=many-${i}%40example.com`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LOOKUPS_PER_CLIENT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect((await lookUp(await guestSession(api.app), newAddress(), 'email=other%40example.com')).statusCode).toBe(200);
  });
});

describe('forgot password', () => {
  it('answers the same, word for word and status, whether or not an account has the e-mail; only the account gets a mail', async () => {
    const shopper = await register(api.app);
    const guest = await guestSession(api.app);
    const forgot = (emailAddress: string) =>
      api.app.inject({
        method: 'POST',
        url: '/v2/customers/password/forgot',
        headers: { cookie: guest },
        payload: { emailAddress },
        remoteAddress: newAddress(),
      });
    const known = await forgot(shopper.email);
    const unknown = await forgot(`nobody-${Date.now()}@example.com`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ result: { success: true, message: 'If an account exists for this e-mail, we have sent a link to reset the password.' } });
    expect(MESSAGES.resetSent).toBe(known.json().result.message);
    expect((await outbox(api.app, shopper.email)).filter((m) => m.subject === 'Reset your password')).toHaveLength(1);
  });
});

describe('sign-ups with an e-mail that has an account', () => {
  let taken: string;
  beforeAll(async () => {
    taken = (await register(api.app)).email;
  });
  let fresh = 0;
  const newEmail = () => `new-${Date.now()}-${(fresh += 1)}@example.com`;
  const signUp = (cookie: string, address: string, email: string) =>
    api.app.inject({
      method: 'POST',
      url: '/v2/customers',
      headers: { cookie },
      remoteAddress: address,
      payload: { firstName: 'Asha', email, password: 'secret-pass' },
    });

  it(`answer that the e-mail is taken ${REGISTER_TAKEN_PER_SESSION} times a session; then every sign-up from it is refused for the hour, whatever the e-mail`, async () => {
    const guest = await guestSession(api.app);
    const address = newAddress();
    for (let i = 0; i < REGISTER_TAKEN_PER_SESSION; i += 1)
      expect((await signUp(guest, address, taken)).json()).toMatchObject({ message: MESSAGES.emailTaken });
    for (const email of [taken, newEmail()]) {
      const refused = await signUp(guest, address, email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', field: 'email' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    }
    // Another shopper elsewhere signs up as usual.
    expect((await signUp(await guestSession(api.app), newAddress(), newEmail())).statusCode).toBe(200);
  });

  it(`from fresh sessions, ${REGISTER_TAKEN_PER_CLIENT} taken answers per client address, then that address only is refused`, async () => {
    const address = newAddress();
    const probes = await Promise.all(Array.from({ length: REGISTER_TAKEN_PER_CLIENT }, async () => signUp(await guestSession(api.app), address, taken)));
    expect(probes.every((probe) => probe.statusCode === 409)).toBe(true);
    expect((await signUp(await guestSession(api.app), address, newEmail())).statusCode).toBe(429);
    expect((await signUp(await guestSession(api.app), newAddress(), newEmail())).statusCode).toBe(200);
  });

  it('a customer who types a taken e-mail once, then another, signs up', async () => {
    const guest = await guestSession(api.app);
    const address = newAddress();
    expect((await signUp(guest, address, taken)).statusCode).toBe(409);
    expect((await signUp(guest, address, newEmail())).statusCode).toBe(200);
  });
});
