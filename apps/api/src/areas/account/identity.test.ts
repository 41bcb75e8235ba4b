import { cookieHeader, createTestApi, guestSession, type TestApi } from '../../testing/api';
import { MESSAGES } from './auth-routes';
import { IDENTITY_MESSAGES } from './identity-routes';
import { call, outbox, register } from './testing';

/**
 * docs/adr/020: a phone or e-mail decides which account a login lands in only once a code sent
 * to it proved it; the phone/e-mail merge needs proof of the e-mail; sessions end on password
 * change and reset; a login rotates the session token.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

let phones = 0;
/** A fresh valid Indian mobile number per call. */
const nextPhone = () => `97${String(10_000_000 + (phones += 1) * 7919).slice(-8)}`;

/** A code sign-in; `newAccount`: the shopper chose a new account over the one the number sits on unconfirmed (empty-account.test.ts). */
async function mobileLogin(telephone: string, cookie?: string, newAccount = false) {
  const guest = cookie ?? (await guestSession(api.app));
  await call(api.app, guest, 'POST', '/v2/customers/mobile/otp', { telephone, phoneCode: '+91' });
  const [sms] = await outbox(api.app, `+91 ${telephone}`);
  const body = { telephone, phoneCode: '+91', code: sms!.code, ...(newAccount ? { newAccount } : {}) };
  const login = await call(api.app, guest, 'POST', '/v2/customers/mobile/authenticate', body);
  expect(login.statusCode).toBe(200);
  return { cookie: cookieHeader(login, guest), customerId: login.json().result.user.id as number, login };
}

const me = async (cookie: string) => (await call(api.app, cookie, 'GET', '/me')).json().result;
const row = async (id: number) =>
  (
    await api.db.query<{ telephone: string | null; phone_verified: boolean; email: string | null; email_verified: boolean; password_hash: string | null }>(
      'select * from customers where id = $1',
      [id],
    )
  )[0]!;

describe('no pre-hijack: unverified contact data decides nothing', () => {
  it('a telephone given at registration is not verified: a mobile login with it lands in its own account, and the unverified copy is dropped', async () => {
    const telephone = nextPhone();
    const squatter = await register(api.app, { telephone, phoneCode: '+91' });
    expect(await row(squatter.customerId)).toMatchObject({ telephone, phone_verified: false });
    // The number's real owner logs in by code, choosing a new account when told the number sits
    // unconfirmed on another: not into the account that typed the number.
    const owner = await mobileLogin(telephone, undefined, true);
    expect(owner.customerId).not.toBe(squatter.customerId);
    expect(await row(owner.customerId)).toMatchObject({ telephone, phone_verified: true });
    expect((await row(squatter.customerId)).telephone).toBeNull();
    // The same number logs into the same verified account again.
    expect((await mobileLogin(telephone)).customerId).toBe(owner.customerId);
    // Registering another account with a verified number is refused; with an unverified one it is not.
    const guest = await guestSession(api.app);
    const taken = await call(api.app, guest, 'POST', '/v2/customers', {
      firstName: 'X',
      email: `x-${telephone}@example.com`,
      password: 'secret-pass',
      telephone,
      phoneCode: '+91',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'telephone', message: MESSAGES.phoneTaken });
  });

  it('an account row holding an unverified phone (old data) is never where a mobile login lands', async () => {
    const telephone = nextPhone();
    const [old] = await api.db.query<{ id: number }>(
      `insert into customers (first_name, email, telephone, phone_code) values ('Old', $1, $2, '+91') returning id`,
      [`old-${telephone}@example.com`, telephone],
    );
    const guest = await guestSession(api.app);
    expect((await call(api.app, guest, 'GET', `/v2/customers/account-info?telephone=${telephone}&phoneCode=%2B91`)).json().result.exists).toBe(false);
    expect((await call(api.app, guest, 'GET', `/v2/customers/mobile/email?telephone=${telephone}&phoneCode=%2B91`)).json().result.exists).toBe(false);
    const login = await mobileLogin(telephone, guest, true);
    expect(login.customerId).not.toBe(old!.id);
  });

  it('changing the e-mail or mobile keeps the old one until the code sent to the new one comes back', async () => {
    const shopper = await register(api.app);
    const newEmail = `changed-${Date.now()}@example.com`;
    const telephone = nextPhone();
    const edited = await call(api.app, shopper.cookie, 'POST', '/v2/customers/info', { firstName: 'Asha', email: newEmail, telephone, phoneCode: '+91' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().result).toMatchObject({ email: shopper.email, pendingVerification: { email: newEmail, telephone } });
    expect(edited.json().result.telephone).toBeUndefined();
    // Nothing is attached yet: no login lands here by that number or e-mail.
    expect(await row(shopper.customerId)).toMatchObject({ email: shopper.email, telephone: null });
    const [mail] = await outbox(api.app, newEmail);
    const [sms] = await outbox(api.app, `+91 ${telephone}`);
    // A code for one contact does not confirm the other; a wrong code is refused.
    expect(
      (
        await call(api.app, shopper.cookie, 'POST', '/v2/customers/info/verify', {
          contact: 'telephone',
          code: mail!.code === sms!.code ? '000000' : mail!.code,
        })
      ).statusCode,
    ).toBe(400);
    // The code works only in the session that asked for it.
    const otherSession = cookieHeader(
      await call(api.app, await guestSession(api.app), 'POST', '/v2/customers/authenticate', { email: shopper.email, password: 'secret-pass' }),
      '',
    );
    expect((await call(api.app, otherSession, 'POST', '/v2/customers/info/verify', { contact: 'email', code: mail!.code })).statusCode).toBe(400);
    const confirmedEmail = await call(api.app, shopper.cookie, 'POST', '/v2/customers/info/verify', { contact: 'email', code: mail!.code });
    expect(confirmedEmail.json().result.email).toBe(newEmail);
    const confirmedPhone = await call(api.app, shopper.cookie, 'POST', '/v2/customers/info/verify', { contact: 'telephone', code: sms!.code });
    expect(confirmedPhone.json().result.telephone).toBe(telephone);
    expect(await row(shopper.customerId)).toMatchObject({ email: newEmail, email_verified: true, telephone, phone_verified: true });
    // Now a mobile login with that number lands here.
    expect((await mobileLogin(telephone)).customerId).toBe(shopper.customerId);
  });

  it('the number given at registration is confirmed from the account details; then mobile logins land in that account', async () => {
    const telephone = nextPhone();
    const shopper = await register(api.app, { telephone, phoneCode: '+91' });
    const saved = await call(api.app, shopper.cookie, 'POST', '/v2/customers/info', { firstName: 'Asha', telephone, phoneCode: '+91' });
    expect(saved.json().result.pendingVerification).toEqual({ telephone });
    const [sms] = await outbox(api.app, `+91 ${telephone}`);
    expect((await call(api.app, shopper.cookie, 'POST', '/v2/customers/info/verify', { contact: 'telephone', code: sms!.code })).statusCode).toBe(200);
    expect(await row(shopper.customerId)).toMatchObject({ telephone, phone_verified: true });
    expect((await mobileLogin(telephone)).customerId).toBe(shopper.customerId);
    // Saving the details again sends nothing: the number is proved.
    const again = await call(api.app, shopper.cookie, 'POST', '/v2/customers/info', { firstName: 'Asha', telephone, phoneCode: '+91' });
    expect(again.json().result.pendingVerification).toBeUndefined();
  });

  it('refuses an e-mail change to an address another account has', async () => {
    const one = await register(api.app);
    const two = await register(api.app);
    const clash = await call(api.app, two.cookie, 'POST', '/v2/customers/info', { email: one.email });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ field: 'email', message: MESSAGES.emailTaken });
  });
});

describe('the phone/e-mail merge needs proof of the e-mail', () => {
  it('a phone code is not an e-mail code: the merge needs the code e-mailed to that address, in this session', async () => {
    const target = await register(api.app);
    const telephone = nextPhone();
    const phoneUser = await mobileLogin(telephone);
    // The attacker's only proof is the phone: a fresh SMS code.
    await call(api.app, phoneUser.cookie, 'POST', '/v2/customers/mobile/otp', { telephone, phoneCode: '+91' });
    const [sms] = await outbox(api.app, `+91 ${telephone}`);
    const byPhoneCode = await call(api.app, phoneUser.cookie, 'POST', '/v2/customers/mobile/verify-otp', {
      telephone,
      phoneCode: '+91',
      email: target.email,
      code: sms!.code,
    });
    expect(byPhoneCode.statusCode).toBe(400);
    expect(byPhoneCode.json().field).toBe('code');
    expect((await me(phoneUser.cookie)).id).toBe(phoneUser.customerId);
    // No proof at all is refused by the contract.
    expect(
      (await call(api.app, phoneUser.cookie, 'POST', '/v2/customers/mobile/verify-otp', { telephone, phoneCode: '+91', email: target.email })).statusCode,
    ).toBe(400);

    // A code e-mailed to another address proves nothing about this one.
    const otherEmail = `other-${Date.now()}@example.com`;
    await call(api.app, phoneUser.cookie, 'POST', '/v2/customers/mobile/email-link', { email: otherEmail });
    const [otherMail] = await outbox(api.app, otherEmail);
    expect(
      (
        await call(api.app, phoneUser.cookie, 'POST', '/v2/customers/mobile/verify-otp', {
          telephone,
          phoneCode: '+91',
          email: target.email,
          code: otherMail!.code,
        })
      ).statusCode,
    ).toBe(400);

    // The real owner of the e-mail gets the code there and merges.
    const link = await call(api.app, phoneUser.cookie, 'POST', '/v2/customers/mobile/email-link', { email: target.email });
    expect(link.json().result.success).toBe(true);
    const [mail] = await outbox(api.app, target.email);
    expect(mail!.body).toContain(mail!.code);
    // Not from another session.
    const stranger = await mobileLogin(nextPhone());
    expect(
      (await call(api.app, stranger.cookie, 'POST', '/v2/customers/mobile/verify-otp', { telephone, phoneCode: '+91', email: target.email, code: mail!.code }))
        .statusCode,
    ).toBe(404);
    const merged = await call(api.app, phoneUser.cookie, 'POST', '/v2/customers/mobile/verify-otp', {
      telephone,
      phoneCode: '+91',
      email: target.email,
      code: mail!.code,
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().result.user).toMatchObject({ id: target.customerId, telephone });
    expect(await row(target.customerId)).toMatchObject({ telephone, phone_verified: true, email_verified: true });
    expect((await row(phoneUser.customerId)).telephone).toBeNull();
  });

  it("or the e-mail account's password; a wrong one is refused", async () => {
    const target = await register(api.app);
    const telephone = nextPhone();
    const phoneUser = await mobileLogin(telephone);
    const wrong = await call(api.app, phoneUser.cookie, 'POST', '/v2/customers/mobile/verify-otp', {
      telephone,
      phoneCode: '+91',
      email: target.email,
      password: 'not-the-one',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'password', message: IDENTITY_MESSAGES.badPassword });
    const merged = await call(api.app, phoneUser.cookie, 'POST', '/v2/customers/mobile/verify-otp', {
      telephone,
      phoneCode: '+91',
      email: target.email,
      password: 'secret-pass',
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().result.user.id).toBe(target.customerId);
  });

  it('a new e-mail for a mobile-only account is attached, verified, with its code', async () => {
    const telephone = nextPhone();
    const phoneUser = await mobileLogin(telephone);
    const email = `fresh-${Date.now()}@example.com`;
    await call(api.app, phoneUser.cookie, 'POST', '/v2/customers/mobile/email-link', { email });
    const [mail] = await outbox(api.app, email);
    const linked = await call(api.app, phoneUser.cookie, 'POST', '/v2/customers/mobile/verify-otp', { telephone, phoneCode: '+91', email, code: mail!.code });
    expect(linked.json().result).toMatchObject({ emailVerificationStatus: 'VERIFIED', user: { id: phoneUser.customerId, email } });
  });

  it('the e-mail link needs a verified mobile on the account', async () => {
    const shopper = await register(api.app, { telephone: nextPhone(), phoneCode: '+91' });
    const refused = await call(api.app, shopper.cookie, 'POST', '/v2/customers/mobile/email-link', { email: 'someone@example.com' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(IDENTITY_MESSAGES.phoneFirst);
  });
});

describe('sessions end when they should', () => {
  it('a login rotates the session token: the old one stops working', async () => {
    const shopper = await register(api.app);
    const guest = await guestSession(api.app);
    const login = await call(api.app, guest, 'POST', '/v2/customers/authenticate', { email: shopper.email, password: 'secret-pass' });
    const after = cookieHeader(login, guest);
    expect(/clientV1_in=([^;]+)/.exec(after)![1]).not.toBe(/clientV1_in=([^;]+)/.exec(guest)![1]);
    expect((await call(api.app, guest, 'GET', '/v2/sessions/validate')).statusCode).toBe(401);
    expect((await me(after)).id).toBe(shopper.customerId);
  });

  it("a password change ends the customer's other sessions and keeps this one", async () => {
    const shopper = await register(api.app);
    const other = cookieHeader(
      await call(api.app, await guestSession(api.app), 'POST', '/v2/customers/authenticate', { email: shopper.email, password: 'secret-pass' }),
      '',
    );
    const stranger = await register(api.app);
    expect((await call(api.app, other, 'GET', '/v2/addresses')).statusCode).toBe(200);
    const changed = await call(api.app, shopper.cookie, 'POST', '/v2/customers/password/change', {
      email: shopper.email,
      oldPassword: 'secret-pass',
      newPassword: 'changed-pass',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(api.app, other, 'GET', '/v2/addresses')).statusCode).toBe(401);
    expect((await call(api.app, shopper.cookie, 'GET', '/v2/addresses')).statusCode).toBe(200);
    // Another customer's session is untouched.
    expect((await call(api.app, stranger.cookie, 'GET', '/v2/addresses')).statusCode).toBe(200);
  });

  it('a password reset ends every session and every older reset link', async () => {
    const shopper = await register(api.app);
    const guest = await guestSession(api.app);
    await call(api.app, guest, 'POST', '/v2/customers/password/forgot', { emailAddress: shopper.email });
    const [older] = await outbox(api.app, shopper.email);
    await call(api.app, guest, 'POST', '/v2/customers/password/forgot', { emailAddress: shopper.email });
    const [newer] = await outbox(api.app, shopper.email);
    expect(newer!.code).not.toBe(older!.code);
    const reset = await call(api.app, guest, 'POST', `/v2/customers/password/reset/${newer!.code}`, {
      newPassword: 'reset-pass-1',
      confirmNewPassword: 'reset-pass-1',
    });
    expect(reset.statusCode).toBe(200);
    expect((await call(api.app, shopper.cookie, 'GET', '/v2/addresses')).statusCode).toBe(401);
    const stale = await call(api.app, guest, 'POST', `/v2/customers/password/reset/${older!.code}`, {
      newPassword: 'reset-pass-2',
      confirmNewPassword: 'reset-pass-2',
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(MESSAGES.badResetToken);
    // The link proved the e-mail.
    expect((await row(shopper.customerId)).email_verified).toBe(true);
    expect((await call(api.app, guest, 'POST', '/v2/customers/authenticate', { email: shopper.email, password: 'reset-pass-1' })).statusCode).toBe(200);
  });
});
