import Fastify from 'fastify';
import { createTestApi, cookieHeader, guestSession, solvedCaptcha as solveCaptcha, type TestApi } from '../../testing/api';
import { sessionIdOf } from '../../http/session';
import { HttpError } from '../../http/errors';
import { sessionRoutes } from '../../routes/sessions';
import { createHooks } from '../area';
import { storeUrl } from '../../messages/audience';
import { MESSAGES } from './auth-routes';
import { accountArea } from './index';
import { call, outbox, register } from './testing';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const tokenOf = (cookie: string) => /clientV1_in=([^;]+)/.exec(cookie)?.[1] ?? '';

describe('registration and password login', () => {
  it('registers, logs in with a new session token and sets the login cookies', async () => {
    const guest = await guestSession(api.app);
    const response = await api.app.inject({
      method: 'POST',
      url: '/v2/customers',
      headers: { cookie: guest },
      payload: { firstName: 'Meera', lastName: 'Iyer', email: 'meera@example.com', password: 'secret-pass', telephone: '9812345670', phoneCode: '+91' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json().result;
    expect(body.user).toMatchObject({ firstName: 'Meera', email: 'meera@example.com', login: true, telephone: '9812345670' });
    // account §3 "Login response: result.token, result.cygnus.cygnusId": there, null with no linked profile (issue 42).
    expect(body.cygnus).toEqual({ cygnusId: null });
    expect(body.user.cygnus).toEqual({ cygnusId: null });
    expect(body.user.dittos).toEqual([]);
    const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c]));
    expect(cookies.isLogined).toMatchObject({ value: '1', maxAge: 78894000 });
    expect(cookies.log_in_status).toMatchObject({ value: 'loggedin', maxAge: 30 * 86400 });
    expect(cookies.hasPlacedOrder).toMatchObject({ value: 'false' });
    expect(cookies.clientV1_in!.value).not.toBe(tokenOf(guest));
    expect(cookies.clientV1_in!.httpOnly).toBe(true);
    // The old token stops working; the new one is the customer's.
    expect((await call(api.app, guest, 'GET', '/me')).statusCode).toBe(401);
    const me = await call(api.app, cookieHeader(response, guest), 'GET', '/me');
    expect(me.json().result).toMatchObject({ login: true, firstName: 'Meera' });
    expect(body.token).toBe(sessionIdOf(cookies.clientV1_in!.value));
  });

  it('refuses a second account with the same e-mail, and a bad mobile for the country', async () => {
    const guest = await guestSession(api.app);
    const again = await call(api.app, guest, 'POST', '/v2/customers', { firstName: 'X', email: 'MEERA@example.com', password: 'secret-pass' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: MESSAGES.emailTaken, field: 'email' });
    const badPhone = await call(api.app, guest, 'POST', '/v2/customers', {
      firstName: 'X',
      email: 'x1@example.com',
      password: 'secret-pass',
      telephone: '5812345670',
      phoneCode: '+91',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().field).toBe('telephone');
    const shortPassword = await call(api.app, guest, 'POST', '/v2/customers', { firstName: 'X', email: 'x2@example.com', password: '123' });
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().field).toBe('password');
  });

  it('logs in by e-mail and password, and refuses a wrong password without saying which part was wrong', async () => {
    const guest = await guestSession(api.app);
    const wrong = await call(api.app, guest, 'POST', '/v2/customers/authenticate', { email: 'meera@example.com', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MESSAGES.badLogin);
    const unknown = await call(api.app, guest, 'POST', '/v2/customers/authenticate', { email: 'nobody@example.com', password: 'nope-nope' });
    expect(unknown.json().message).toBe(MESSAGES.badLogin);
    const ok = await call(api.app, guest, 'POST', '/v2/customers/authenticate', { email: 'Meera@Example.com', password: 'secret-pass' });
    expect(ok.statusCode).toBe(200);
    expect(tokenOf(cookieHeader(ok, guest))).not.toBe(tokenOf(guest));
    expect((await call(api.app, guest, 'GET', '/me')).statusCode).toBe(401);
  });

  it('runs every afterLogin hook inside the login with the old and new session; a failing hook undoes the login', async () => {
    const seen: { previousSessionId: string; sessionId: string; customerId: number; sessionInTx: number }[] = [];
    const hooks = createHooks();
    let fail = false;
    hooks.afterLogin.push(async (tx, event) => {
      // Inside the transaction the new session already exists.
      const rows = await tx.query('select 1 from sessions where id = $1 and customer_id = $2', [event.sessionId, event.customerId]);
      seen.push({ ...event, sessionInTx: rows.length });
      if (fail) throw new Error('cart merge failed');
    });
    const app = Fastify();
    // The database route() hands the handlers (buildApp does the same).
    app.decorate('idempotencyDb', api.db);
    app.setErrorHandler((error, _request, reply) => reply.code(error instanceof HttpError ? error.status : 500).send({ message: String(error) }));
    sessionRoutes(app, api.db);
    accountArea.routes(app, api.db, hooks);
    await app.ready();
    const shopper = await register(app);
    const guest = await guestSession(app);
    const login = await call(app, guest, 'POST', '/v2/customers/authenticate', { email: shopper.email, password: 'secret-pass' });
    expect(login.statusCode).toBe(200);
    const last = seen.at(-1)!;
    expect(last).toEqual({
      previousSessionId: sessionIdOf(tokenOf(guest)),
      sessionId: login.json().result.token,
      customerId: shopper.customerId,
      sessionInTx: 1,
    });

    fail = true;
    const guest2 = await guestSession(app);
    const failed = await call(app, guest2, 'POST', '/v2/customers/authenticate', { email: shopper.email, password: 'secret-pass' });
    expect(failed.statusCode).toBe(500);
    expect(failed.cookies.find((c) => c.name === 'clientV1_in')).toBeUndefined();
    // Rolled back: the guest session still works and no customer session was left behind.
    expect((await call(app, guest2, 'GET', '/v2/sessions/validate')).statusCode).toBe(200);
    const [counted] = await api.db.query<{ sessions: number }>('select count(*)::int as sessions from sessions where id = $1', [seen.at(-1)!.sessionId]);
    expect(counted?.sessions).toBe(0);
    await app.close();
  });
});

describe('mobile one-time code', () => {
  const phone = { telephone: '9876543210', phoneCode: '+91' };
  const latestCode = async () => (await outbox(api.app, '+91 9876543210'))[0]!.code!;

  it('sends a code to the outbox and logs in with it once', async () => {
    const guest = await guestSession(api.app);
    const sent = await call(api.app, guest, 'POST', '/v2/customers/mobile/otp', phone);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().result).toEqual({ sent: true, captchaRequired: false });
    const code = await latestCode();
    expect(code).toMatch(/^\d{6}$/);
    const login = await call(api.app, guest, 'POST', '/v2/customers/mobile/authenticate', { ...phone, code });
    expect(login.statusCode).toBe(200);
    expect(login.json().result.user).toMatchObject({ telephone: '9876543210', login: true });
    const replay = await call(api.app, cookieHeader(login, guest), 'POST', '/v2/customers/mobile/authenticate', { ...phone, code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().field).toBe('code');
  });

  it('validates the mobile per country', async () => {
    const guest = await guestSession(api.app);
    for (const [telephone, phoneCode, ok] of [
      ['9876543210', '+91', true],
      ['5876543210', '+91', false],
      ['501234567', '+971', true],
      ['50123456', '+971', false],
      ['81234567', '+65', true],
      ['512345678', '+966', true],
      ['2025550123', '+1', true],
      ['202555012', '+1', false],
    ] as const) {
      const response = await call(api.app, guest, 'POST', '/v2/customers/mobile/otp', { telephone, phoneCode });
      expect({ telephone, phoneCode, status: response.statusCode }).toEqual({ telephone, phoneCode, status: ok ? 200 : 400 });
    }
  });

  it('locks a code after 5 wrong tries', async () => {
    const guest = await guestSession(api.app);
    const other = { telephone: '9876500001', phoneCode: '+91' };
    await call(api.app, guest, 'POST', '/v2/customers/mobile/otp', other);
    const [message] = await outbox(api.app, '+91 9876500001');
    const wrong = message!.code === '000000' ? '000001' : '000000';
    const statuses = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await call(api.app, guest, 'POST', '/v2/customers/mobile/authenticate', { ...other, code: wrong })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await call(api.app, guest, 'POST', '/v2/customers/mobile/authenticate', { ...other, code: message!.code });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(MESSAGES.tooManyTries);
  });

  it('compares at most 5 guesses of a code, however many arrive at once', async () => {
    const guest = await guestSession(api.app);
    const other = { telephone: '9876500003', phoneCode: '+91' };
    await call(api.app, guest, 'POST', '/v2/customers/mobile/otp', other);
    const [message] = await outbox(api.app, '+91 9876500003');
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(message!.code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((code) => call(api.app, guest, 'POST', '/v2/customers/mobile/authenticate', { ...other, code })));
    const statuses = answers.map((a) => a.statusCode);
    // Four wrong answers and a lock: never more than 5 codes were compared. PGlite runs one
    // query at a time; on PostgreSQL (api:test-postgres) the old read-then-count let all 20 through.
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(16);
    const [row] = await api.db.query<{ attempts: number }>('select attempts from account_otps where telephone = $1 order by id desc limit 1', [
      other.telephone,
    ]);
    expect(row!.attempts).toBe(5);
    expect((await call(api.app, guest, 'POST', '/v2/customers/mobile/authenticate', { ...other, code: message!.code })).statusCode).toBe(429);
  });

  it('expires a code after 5 minutes', async () => {
    const guest = await guestSession(api.app);
    const other = { telephone: '9876500002', phoneCode: '+91' };
    await call(api.app, guest, 'POST', '/v2/customers/mobile/otp', other);
    const [message] = await outbox(api.app, '+91 9876500002');
    await api.db.query(`update account_otps set expires_at = now() - interval '1 second' where telephone = $1`, [other.telephone]);
    const late = await call(api.app, guest, 'POST', '/v2/customers/mobile/authenticate', { ...other, code: message!.code });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(MESSAGES.expiredCode);
  });

  /** A captcha from GET /v2/captcha, solved by reading its answer the way the image shows it (the admin listener's GET /captchas/:id). */
  const solvedCaptcha = () => solveCaptcha(api.app);

  it('allows 5 sends per 15 minutes, then answers 429', async () => {
    const guest = await guestSession(api.app);
    const other = { telephone: '9876500003', phoneCode: '+91' };
    const statuses = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await call(api.app, guest, 'POST', '/v2/customers/mobile/otp', i < 2 ? other : { ...other, captcha: await solvedCaptcha() })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Sends older than the window no longer count.
    await api.db.query(`update account_otps set created_at = now() - interval '16 minutes' where telephone = $1`, [other.telephone]);
    expect((await call(api.app, guest, 'POST', '/v2/customers/mobile/otp', other)).statusCode).toBe(200);
  });

  it('asks for a captcha from the third send in the window and sends nothing without a right one', async () => {
    const guest = await guestSession(api.app);
    const other = { telephone: '9876500004', phoneCode: '+91' };
    const send = (extra: object = {}) => call(api.app, guest, 'POST', '/v2/customers/mobile/otp', { ...other, ...extra });
    expect((await send()).json().result).toEqual({ sent: true, captchaRequired: false });
    expect((await send()).json().result).toEqual({ sent: true, captchaRequired: true });
    expect((await send()).json().result).toEqual({ sent: false, captchaRequired: true });
    const wrong = await send({ captcha: `${(await solvedCaptcha()).split(':')[0]}:WRONG` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'captcha', message: MESSAGES.badCaptcha });
    expect(await outbox(api.app, '+91 9876500004')).toHaveLength(2);
    const captcha = await solvedCaptcha();
    expect((await send({ captcha })).json().result).toEqual({ sent: true, captchaRequired: true });
    expect(await outbox(api.app, '+91 9876500004')).toHaveLength(3);
    // A captcha answers once.
    expect((await send({ captcha })).statusCode).toBe(400);
  });
});

describe('passwords', () => {
  it("links the reset e-mail to the shopper's country site on the store's own address, whatever Host the request claims", async () => {
    const shopper = await register(api.app);
    const guest = await guestSession(api.app);
    const forgot = await api.app.inject({
      method: 'POST',
      url: '/v2/customers/password/forgot',
      headers: { cookie: guest, 'x-country-code': 'ae', host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
      payload: { emailAddress: shopper.email },
    });
    expect(forgot.statusCode).toBe(200);
    const [mail] = await outbox(api.app, shopper.email);
    expect(mail!.body).toContain(`${storeUrl('ae')}/customer/account/resetpassword?token=${mail!.code}`);
    expect(storeUrl('ae')).toMatch(/^https?:\/\/[^/]+\/ae$/);
    expect(mail!.body).not.toContain('attacker.example');
  });

  it('e-mails a reset link, resets once with the token, and the new password works', async () => {
    const shopper = await register(api.app);
    const guest = await guestSession(api.app);
    // The same answer with or without an account (issue 40, user enumeration).
    const unknown = await call(api.app, guest, 'POST', '/v2/customers/password/forgot', { emailAddress: 'nobody@example.com' });
    const forgot = await call(api.app, guest, 'POST', '/v2/customers/password/forgot', { emailAddress: shopper.email });
    expect([unknown.statusCode, forgot.statusCode]).toEqual([200, 200]);
    expect(unknown.json()).toEqual(forgot.json());
    expect(forgot.json().result).toEqual({ success: true, message: MESSAGES.resetSent });
    expect(await outbox(api.app, 'nobody@example.com')).toEqual([]);
    const [mail] = await outbox(api.app, shopper.email);
    // A whole link on the store's address (issue 42), not a bare path.
    expect(mail!.body).toContain(`${storeUrl('in')}/customer/account/resetpassword?token=${mail!.code}`);
    expect(mail!.body).toMatch(/Open https?:\/\/[^ ]+\/customer\/account\/resetpassword\?token=/);
    const mismatch = await call(api.app, guest, 'POST', `/v2/customers/password/reset/${mail!.code}`, {
      newPassword: 'brand-new-1',
      confirmNewPassword: 'other',
    });
    expect(mismatch.json().field).toBe('confirmNewPassword');
    const reset = await call(api.app, guest, 'POST', `/v2/customers/password/reset/${mail!.code}`, {
      newPassword: 'brand-new-1',
      confirmNewPassword: 'brand-new-1',
    });
    expect(reset.json().result.success).toBe(true);
    const again = await call(api.app, guest, 'POST', `/v2/customers/password/reset/${mail!.code}`, {
      newPassword: 'brand-new-2',
      confirmNewPassword: 'brand-new-2',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.badResetToken);
    const login = await call(api.app, guest, 'POST', '/v2/customers/authenticate', { email: shopper.email, password: 'brand-new-1' });
    expect(login.statusCode).toBe(200);
  });

  it('changes a password with the old one, only for the logged-in customer', async () => {
    const shopper = await register(api.app);
    const guest = await guestSession(api.app);
    expect(
      (await call(api.app, guest, 'POST', '/v2/customers/password/change', { email: shopper.email, oldPassword: 'secret-pass', newPassword: 'another-1' }))
        .statusCode,
    ).toBe(401);
    const wrongOld = await call(api.app, shopper.cookie, 'POST', '/v2/customers/password/change', {
      email: shopper.email,
      oldPassword: 'bad-pass',
      newPassword: 'another-1',
    });
    expect(wrongOld.json().field).toBe('oldPassword');
    const ok = await call(api.app, shopper.cookie, 'POST', '/v2/customers/password/change', {
      email: shopper.email,
      oldPassword: 'secret-pass',
      newPassword: 'another-1',
    });
    expect(ok.json().result.success).toBe(true);
    expect((await call(api.app, guest, 'POST', '/v2/customers/authenticate', { email: shopper.email, password: 'another-1' })).statusCode).toBe(200);
  });
});

// Social sign-in (OpenID Connect against the simulated provider, linking with proof): oidc.test.ts.

describe('account details and consent', () => {
  it('edits account details and WhatsApp consent (which needs a telephone, attached once a code to it comes back)', async () => {
    const noPhone = await register(api.app);
    expect((await call(api.app, noPhone.cookie, 'GET', '/v2/customers/whatsapp-consent')).statusCode).toBe(400);
    const edited = await call(api.app, noPhone.cookie, 'POST', '/v2/customers/info', {
      firstName: 'Asha',
      lastName: 'Kumar',
      telephone: '9811111111',
      phoneCode: '+91',
    });
    expect(edited.json().result).toMatchObject({ lastName: 'Kumar', pendingVerification: { telephone: '9811111111' } });
    expect(edited.json().result.telephone).toBeUndefined();
    const [sms] = await outbox(api.app, '+91 9811111111');
    const confirmed = await call(api.app, noPhone.cookie, 'POST', '/v2/customers/info/verify', { contact: 'telephone', code: sms!.code });
    expect(confirmed.json().result).toMatchObject({ telephone: '9811111111' });
    expect((await call(api.app, noPhone.cookie, 'GET', '/v2/customers/whatsapp-consent')).json().result).toMatchObject({ optin: false, status: 'OPT_OUT' });
    const optIn = await call(api.app, noPhone.cookie, 'PUT', '/v2/customers/whatsapp-consent?optingValue=true');
    expect(optIn.json().result.response.status).toBe('success');
    expect((await call(api.app, noPhone.cookie, 'GET', '/v2/customers/whatsapp-consent')).json().result).toMatchObject({ optin: true, status: 'OPT_IN' });
  });

  it('looks accounts up by e-mail or by a verified mobile (an unverified one is not found)', async () => {
    const shopper = await register(api.app, { telephone: '9822222222', phoneCode: '+91' });
    const guest = await guestSession(api.app);
    // Only what the login popup needs (issue 40): whether the account exists.
    expect((await call(api.app, guest, 'GET', `/v2/customers/account-info?email=${shopper.email}`)).json().result).toEqual({ exists: true });
    expect((await call(api.app, guest, 'GET', '/v2/customers/account-info?telephone=9822222222&phoneCode=%2B91')).json().result.exists).toBe(false);
    await call(api.app, guest, 'POST', '/v2/customers/mobile/otp', { telephone: '9822222222', phoneCode: '+91' });
    const [sms] = await outbox(api.app, '+91 9822222222');
    // The number sits unconfirmed on the registered account: the phone's owner asks for a new account.
    await call(api.app, guest, 'POST', '/v2/customers/mobile/authenticate', { telephone: '9822222222', phoneCode: '+91', code: sms!.code, newAccount: true });
    expect((await call(api.app, guest, 'GET', '/v2/customers/account-info?telephone=9822222222&phoneCode=%2B91')).json().result.exists).toBe(true);
    expect((await call(api.app, guest, 'GET', '/v2/customers/account-info?email=none@example.com')).json().result.exists).toBe(false);
  });

  it('logout ends the customer session and gives a guest one', async () => {
    const shopper = await register(api.app);
    const out = await call(api.app, shopper.cookie, 'POST', '/v2/sessions/logout');
    expect(out.statusCode).toBe(200);
    expect((await call(api.app, shopper.cookie, 'GET', '/v2/addresses')).statusCode).toBe(401);
    const guest = await call(api.app, cookieHeader(out, shopper.cookie), 'GET', '/me');
    expect(guest.json().result.login).toBe(false);
  });
});
