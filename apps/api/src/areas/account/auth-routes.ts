import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';

const accountEndpoints = areaEndpoints.account;
import { type Database } from '../../db/database';
import { badRequest, HttpError, unauthorized } from '../../http/errors';
import { route } from '../../http/endpoint';
import { countryOf, currentSession, requireSession } from '../../http/session';
import { storeUrl } from '../../messages/audience';
import { type AreaHooks } from '../area';
import { checkCaptcha } from '../cart/captcha';
import { linkToken, oneTimeCode, sha256, takeCodeTry } from './credentials';
import { customerById, type CustomerRow } from './customers';
import { logIn } from './login';
import { deliver, smsRecipient } from './outbox';
import { checkMobile } from './phone';
import { spendSms } from './sms-budget';
import { checkPassword, limitAccountLookups, limitCodeNumbers, limitResetEmails, passwordClient } from './throttle';

/** account §4/§9 and issue 8: codes are single use, live 5 minutes, allow 5 wrong tries, 5 sends per 15 minutes. */
export const OTP_TTL_MINUTES = 5;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_SENDS = 5;
export const OTP_SEND_WINDOW_MINUTES = 15;
export const RESET_TTL_MINUTES = 60;
/** From the third send to a number within the window the server asks for a captcha (account §4 "captcha-required comes from the response"). */
export const OTP_CAPTCHA_AFTER_SENDS = 2;

export const MESSAGES = {
  badLogin: 'Invalid login or password.',
  emailTaken: 'An account with this email already exists.',
  phoneTaken: 'An account with this mobile number already exists.',
  tooManySends: 'Too many codes requested. Please try again in 15 minutes.',
  wrongCode: 'The code you entered is incorrect.',
  expiredCode: 'The code has expired. Please request a new one.',
  tooManyTries: 'Too many wrong attempts. Please request a new code.',
  noCode: 'Please request a code first.',
  badResetToken: 'This reset link is invalid or has expired.',
  needLogin: 'Please log in to continue.',
  badCaptcha: 'The characters do not match. Please try again.',
  /** The same answer whether or not an account has the e-mail (issue 40, user enumeration). */
  resetSent: 'If an account exists for this e-mail, we have sent a link to reset the password.',
} as const;

export async function requireCustomer(db: Database, request: FastifyRequest) {
  const session = await requireSession(db, request);
  if (session.customer_id === null) throw unauthorized(MESSAGES.needLogin);
  return { session, customerId: session.customer_id };
}

export const maskEmail = (email: string) =>
  email.replace(/^(.)(.*)(@.*)$/, (_, a: string, b: string, c: string) => `${a}${'*'.repeat(Math.max(1, b.length))}${c}`);

async function byEmail(db: Database, email: string) {
  const [row] = await db.query<CustomerRow>('select * from customers where lower(email) = lower($1)', [email]);
  return row;
}
/** Lookups by phone see only verified numbers (docs/adr/020): an unverified one decides nothing. */
async function byPhone(db: Database, phoneCode: string, telephone: string) {
  const [row] = await db.query<CustomerRow>('select * from customers where phone_code = $1 and telephone = $2 and phone_verified order by id limit 1', [
    phoneCode,
    telephone,
  ]);
  return row;
}

/**
 * Checks a one-time code: single use, 5 minutes, 5 wrong tries; consumes it on success, unless
 * `keep` (the right code was given, but the shopper still has a choice to make with it: a
 * sign-in with a number that sits unconfirmed on an account, issue 40); wrong tries count either way.
 */
export async function consumeOtp(db: Database, phoneCode: string, telephone: string, code: string, keep = false) {
  const [otp] = await db.query<{ id: number; code_hash: string; attempts: number; expired: boolean }>(
    `select id, code_hash, attempts, expires_at <= now() as expired from account_otps
     where phone_code = $1 and telephone = $2 and consumed_at is null order by id desc limit 1`,
    [phoneCode, telephone],
  );
  if (!otp) throw badRequest(MESSAGES.noCode, 'code');
  if (otp.attempts >= OTP_MAX_ATTEMPTS) throw new HttpError(429, MESSAGES.tooManyTries, 'code', 'OTP_LOCKED');
  if (otp.expired) throw badRequest(MESSAGES.expiredCode, 'code');
  const tries = await takeCodeTry(db, 'account_otps', otp.id, OTP_MAX_ATTEMPTS);
  if (tries === null) throw new HttpError(429, MESSAGES.tooManyTries, 'code', 'OTP_LOCKED');
  if (otp.code_hash !== sha256(`${phoneCode}${telephone}:${code}`)) {
    if (tries >= OTP_MAX_ATTEMPTS) throw new HttpError(429, MESSAGES.tooManyTries, 'code', 'OTP_LOCKED');
    throw badRequest(MESSAGES.wrongCode, 'code');
  }
  if (keep) return;
  // Single use, even when two requests race: only one update wins.
  const used = await db.query('update account_otps set consumed_at = now() where id = $1 and consumed_at is null returning id', [otp.id]);
  if (used.length === 0) throw badRequest(MESSAGES.noCode, 'code');
}

/**
 * A captcha answer, checked by the configured provider (cart/captcha.ts, docs/adr/042): the
 * built-in `id:answer` (case-insensitive, used up by any attempt) or a provider's token, with the
 * client's address; wrong or used: 400 on `captcha`; the provider unreachable: 429.
 */
async function solveCaptcha(db: Database, value: string, remoteIp?: string) {
  await checkCaptcha(db, value, { field: 'captcha', messages: { missing: MESSAGES.badCaptcha, wrong: MESSAGES.badCaptcha }, remoteIp });
}

export function authRoutes(app: FastifyInstance, rootDb: Database, hooks: AreaHooks) {
  route(app, accountEndpoints.authenticate, async ({ body, request, reply, db }) => {
    // Throttled per account, client address and known device (throttle.ts): blocked keys answer 429
    // before any hashing; past the account's free failures another device sends a captcha too.
    const customer = await byEmail(db, body.email);
    const ok = await checkPassword(db, { email: body.email, ...passwordClient(request, body.captcha) }, body.password, customer?.password_hash ?? null);
    if (!customer || !ok) throw unauthorized(MESSAGES.badLogin);
    return logIn(db, hooks, request, reply, customer.id);
  });

  route(app, accountEndpoints.accountInfo, async ({ query, request, db }) => {
    // Issue 40 (user enumeration): throttled per session and client address, and it answers only
    // what the login popup needs (whether to ask for a password or offer a sign-up).
    await limitAccountLookups(db, (await currentSession(db, request))?.id ?? null, request.ip, query.email ? 'email' : 'telephone');
    let customer: CustomerRow | undefined;
    if (query.email) customer = await byEmail(db, query.email);
    else if (query.telephone) customer = await byPhone(db, checkMobile(query.telephone, query.phoneCode ?? '+91'), query.telephone);
    if (customer && query.isMobileUserOnly && customer.email) customer = undefined;
    return { result: { exists: Boolean(customer) } };
  });

  route(app, accountEndpoints.sendOtp, async ({ body, request, db }) => {
    const session = await requireSession(db, request);
    const phoneCode = checkMobile(body.telephone, body.phoneCode);
    // No SMS pumping: one session / client address sends to a few numbers an hour (throttle.ts).
    await limitCodeNumbers(db, session.id, request.ip, phoneCode, body.telephone);
    const [{ sends } = { sends: 0 }] = await db.query<{ sends: number }>(
      `select count(*)::int as sends from account_otps where phone_code = $1 and telephone = $2
       and created_at > now() - make_interval(mins => $3)`,
      [phoneCode, body.telephone, OTP_SEND_WINDOW_MINUTES],
    );
    if (sends >= OTP_MAX_SENDS) throw new HttpError(429, MESSAGES.tooManySends, 'telephone', 'TOO_MANY_REQUESTS');
    if (sends >= OTP_CAPTCHA_AFTER_SENDS) {
      // Nothing is sent without the captcha; the answer says one is needed.
      if (!body.captcha) return { result: { sent: false, captchaRequired: true } };
      await solveCaptcha(db, body.captcha, request.ip);
    }
    // The daily SMS budget (per number, account, client address, country: sms-budget.ts); refused, nothing is sent and the earlier code stays.
    await spendSms(db, { to: smsRecipient(phoneCode, body.telephone), client: request.ip, customerId: session.customer_id, field: 'telephone' });
    const code = oneTimeCode();
    // A new code replaces any earlier one.
    await db.query('update account_otps set consumed_at = now() where phone_code = $1 and telephone = $2 and consumed_at is null', [phoneCode, body.telephone]);
    await db.query(
      `insert into account_otps (phone_code, telephone, code_hash, expires_at, session_id, client_address) values ($1, $2, $3, now() + make_interval(mins => $4), $5, $6)`,
      [phoneCode, body.telephone, sha256(`${phoneCode}${body.telephone}:${code}`), OTP_TTL_MINUTES, session.id, request.ip || 'unknown'],
    );
    await deliver(db, {
      channel: 'sms',
      to: smsRecipient(phoneCode, body.telephone),
      body: `${code} is your Eyewear login code. It is valid for ${OTP_TTL_MINUTES} minutes.`,
      code,
    });
    return { result: { sent: true, captchaRequired: sends + 1 >= OTP_CAPTCHA_AFTER_SENDS } };
  });

  route(app, accountEndpoints.forgotPassword, async ({ body, request, db }) => {
    // A few reset e-mails per address and per client address an hour, counted for unknown addresses too (throttle.ts).
    await limitResetEmails(db, body.emailAddress, request.ip);
    // The same answer, with or without an account (issue 40, user enumeration).
    const customer = await byEmail(db, body.emailAddress);
    if (!customer) return { result: { success: true, message: MESSAGES.resetSent } };
    const token = linkToken();
    await db.query(`insert into account_password_resets (token_hash, customer_id, expires_at) values ($1, $2, now() + make_interval(mins => $3))`, [
      sha256(token),
      customer.id,
      RESET_TTL_MINUTES,
    ]);
    // A whole link on the store's own address for the shopper's country (issue 42: the e-mail
    // carried a bare path). Never the request's Host: a forged one would send the token elsewhere.
    const link = `${storeUrl(countryOf(request))}/customer/account/resetpassword?token=${token}`;
    await deliver(db, {
      channel: 'email',
      to: customer.email!,
      subject: 'Reset your password',
      body: `Open ${link} within ${RESET_TTL_MINUTES} minutes to choose a new password.`,
      code: token,
    });
    return { result: { success: true, message: MESSAGES.resetSent } };
  });

  route(app, accountEndpoints.mobileEmail, async ({ query, request, db }) => {
    // An account look-up too (issue 40): counted with account-info's.
    await limitAccountLookups(db, (await currentSession(db, request))?.id ?? null, request.ip, 'telephone');
    const customer = await byPhone(db, checkMobile(query.telephone, query.phoneCode ?? '+91'), query.telephone);
    return { result: { exists: Boolean(customer?.email), maskedEmail: customer?.email ? maskEmail(customer.email) : undefined } };
  });

  route(app, accountEndpoints.whatsappConsent, async ({ request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    const customer = await customerById(db, customerId);
    if (!customer.telephone) throw badRequest('Add a mobile number to your account to use WhatsApp.', 'telephone');
    const optin = customer.whatsapp_opt_in === true;
    return { result: { optin, id: optin ? `wa-${customer.id}` : undefined, status: optin ? 'OPT_IN' : 'OPT_OUT' } };
  });

  route(app, accountEndpoints.updateWhatsappConsent, async ({ query, request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    const customer = await customerById(db, customerId);
    if (!customer.telephone) throw badRequest('Add a mobile number to your account to use WhatsApp.', 'telephone');
    await db.query('update customers set whatsapp_opt_in = $2 where id = $1', [customerId, query.optingValue]);
    return { result: { response: { status: 'success', details: query.optingValue ? 'OPT_IN' : 'OPT_OUT', id: `wa-${customer.id}` } } };
  });
}
