import { cookieHeader, createTestApi, guestSession, type TestApi } from '../../testing/api';
import { IDENTITY_MESSAGES } from './identity-routes';
import { call, outbox, register } from './testing';

/**
 * Issue 40 "Pre-hijacking survives recovery": an attacker registers the victim's future e-mail
 * with a password (never proved) and verifies their own phone on that account. When the real
 * owner proves the e-mail for the first time (a reset link, a code), everything set up before
 * that proof goes (password, phones, provider identities) and every session ends: the
 * attacker's phone code login no longer lands there.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

let phones = 0;
const nextPhone = () => `95${String(30_000_000 + (phones += 1) * 7919).slice(-8)}`;

async function codeLogin(telephone: string) {
  const guest = await guestSession(api.app);
  await call(api.app, guest, 'POST', '/v2/customers/mobile/otp', { telephone, phoneCode: '+91' });
  const sms = await outbox(api.app, `+91 ${telephone}`);
  const login = await call(api.app, guest, 'POST', '/v2/customers/mobile/authenticate', { telephone, phoneCode: '+91', code: sms[0]!.code });
  expect(login.statusCode).toBe(200);
  return { cookie: cookieHeader(login, guest), customerId: login.json().result.user.id as number };
}

/** The attacker's set-up: the victim's e-mail registered with the attacker's password, the attacker's phone verified on it. */
async function preHijack() {
  const email = `victim-${Date.now()}-${phones}@example.com`;
  const attacker = await register(api.app, { email });
  const telephone = nextPhone();
  await call(api.app, attacker.cookie, 'POST', '/v2/customers/info', { telephone, phoneCode: '+91' });
  const [sms] = await outbox(api.app, `+91 ${telephone}`);
  const confirmed = await call(api.app, attacker.cookie, 'POST', '/v2/customers/info/verify', { contact: 'telephone', code: sms!.code });
  expect(confirmed.json().result).toMatchObject({ telephone });
  // Before the owner proves anything, the attacker's phone code opens the account.
  expect((await codeLogin(telephone)).customerId).toBe(attacker.customerId);
  return { email, telephone, attacker };
}

const customer = async (id: number) =>
  (
    await api.db.query<{ telephone: string | null; phone_verified: boolean; email_verified: boolean }>(
      'select telephone, phone_verified, email_verified from customers where id = $1',
      [id],
    )
  )[0]!;

describe('the first proof of an e-mail removes what was set up before it', () => {
  it('a password reset by the owner removes the attacker phone and ends every session; the phone code then lands elsewhere', async () => {
    const { email, telephone, attacker } = await preHijack();
    const guest = await guestSession(api.app);
    await call(api.app, guest, 'POST', '/v2/customers/password/forgot', { emailAddress: email });
    const mails = await outbox(api.app, email);
    const token = mails[0]!.code!;
    const reset = await call(api.app, guest, 'POST', `/v2/customers/password/reset/${token}`, {
      newPassword: 'owner-pass-1',
      confirmNewPassword: 'owner-pass-1',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().result.message).toBe(IDENTITY_MESSAGES.resetFirstProof);
    expect(await customer(attacker.customerId)).toEqual({ telephone: null, phone_verified: false, email_verified: true });
    // The attacker's sessions are over, and the phone no longer opens the owner's account.
    expect((await call(api.app, attacker.cookie, 'GET', '/me')).statusCode).toBe(401);
    expect((await codeLogin(telephone)).customerId).not.toBe(attacker.customerId);
    // The attacker's password is gone; the owner's works.
    expect((await call(api.app, guest, 'POST', '/v2/customers/authenticate', { email, password: 'secret-pass' })).statusCode).toBe(401);
    expect((await call(api.app, guest, 'POST', '/v2/customers/authenticate', { email, password: 'owner-pass-1' })).statusCode).toBe(200);
  });

  it('a reset of an account whose e-mail was proved already keeps its phone (only a first proof clears)', async () => {
    const owner = await register(api.app);
    const guest = await guestSession(api.app);
    await call(api.app, guest, 'POST', '/v2/customers/password/forgot', { emailAddress: owner.email });
    const first = (await outbox(api.app, owner.email))[0]!.code!;
    await call(api.app, guest, 'POST', `/v2/customers/password/reset/${first}`, { newPassword: 'owner-pass-1', confirmNewPassword: 'owner-pass-1' });
    const login = await call(api.app, guest, 'POST', '/v2/customers/authenticate', { email: owner.email, password: 'owner-pass-1' });
    const cookie = cookieHeader(login, guest);
    const telephone = nextPhone();
    await call(api.app, cookie, 'POST', '/v2/customers/info', { telephone, phoneCode: '+91' });
    const [sms] = await outbox(api.app, `+91 ${telephone}`);
    await call(api.app, cookie, 'POST', '/v2/customers/info/verify', { contact: 'telephone', code: sms!.code });
    await call(api.app, guest, 'POST', '/v2/customers/password/forgot', { emailAddress: owner.email });
    const second = (await outbox(api.app, owner.email))[0]!.code!;
    const reset = await call(api.app, guest, 'POST', `/v2/customers/password/reset/${second}`, {
      newPassword: 'owner-pass-2',
      confirmNewPassword: 'owner-pass-2',
    });
    expect(reset.json().result.message).toBe(IDENTITY_MESSAGES.resetDone);
    expect(await customer(owner.customerId)).toEqual({ telephone, phone_verified: true, email_verified: true });
    expect((await codeLogin(telephone)).customerId).toBe(owner.customerId);
  });
});
