import { type Database } from '../../db/database';
import { badRequest, HttpError } from '../../http/errors';
import { oneTimeCode, sha256, takeCodeTry } from './credentials';
import { deliver } from './outbox';
import { spendSms } from './sms-budget';

/**
 * Codes that prove an e-mail address or a phone number (docs/adr/020): sent to that address,
 * bound to it, to the session that asked and to a purpose, single use, 10 minutes, 5 wrong
 * tries, 5 sends per session and purpose in 15 minutes. A code for one purpose, address or
 * session proves nothing elsewhere: a phone login code is not an e-mail code.
 */
export type ContactPurpose = 'social-link' | 'merge-email' | 'change-email' | 'change-phone';

export const CONTACT_CODE_TTL_MINUTES = 10;
export const CONTACT_CODE_MAX_ATTEMPTS = 5;
export const CONTACT_CODE_MAX_SENDS = 5;
const SEND_WINDOW_MINUTES = 15;

export const CONTACT_MESSAGES = {
  noCode: 'Please request a code first.',
  wrongCode: 'The code you entered is incorrect.',
  expiredCode: 'The code has expired. Please request a new one.',
  tooManyTries: 'Too many wrong attempts. Please request a new code.',
  tooManySends: 'Too many codes requested. Please try again in 15 minutes.',
} as const;

type Queryable = Pick<Database, 'query'>;

const hashOf = (purpose: ContactPurpose, recipient: string, sessionId: string, code: string) =>
  sha256(`${purpose}:${recipient.toLowerCase()}:${sessionId}:${code}`);

/**
 * Sends a code for a purpose. An SMS (`recipient` written as `+91 9876543210`) is taken from the
 * daily SMS budget first (sms-budget.ts: per number, account, client address and country), so it
 * needs the client address (request.ip); refused, nothing is sent.
 */
export async function sendContactCode(
  db: Queryable,
  input: {
    sessionId: string;
    customerId?: number | null;
    purpose: ContactPurpose;
    recipient: string;
    value: string;
    subject: string;
    text: (code: string) => string;
  } & ({ channel: 'email' } | { channel: 'sms'; client: string; field?: string }),
) {
  const [{ sends } = { sends: 0 }] = await db.query<{ sends: number }>(
    `select count(*)::int as sends from account_contact_codes where session_id = $1 and purpose = $2 and created_at > now() - make_interval(mins => $3)`,
    [input.sessionId, input.purpose, SEND_WINDOW_MINUTES],
  );
  if (sends >= CONTACT_CODE_MAX_SENDS)
    throw new HttpError(429, CONTACT_MESSAGES.tooManySends, 'code', 'TOO_MANY_REQUESTS', { 'retry-after': String(SEND_WINDOW_MINUTES * 60) });
  if (input.channel === 'sms') await spendSms(db, { to: input.recipient, client: input.client, customerId: input.customerId, field: input.field });
  const code = oneTimeCode();
  // A new code replaces the session's earlier one for this purpose.
  await db.query('update account_contact_codes set consumed_at = now() where session_id = $1 and purpose = $2 and consumed_at is null', [
    input.sessionId,
    input.purpose,
  ]);
  await db.query(
    `insert into account_contact_codes (session_id, customer_id, purpose, channel, recipient, value, code_hash, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(mins => $8))`,
    [
      input.sessionId,
      input.customerId ?? null,
      input.purpose,
      input.channel,
      input.recipient,
      input.value,
      hashOf(input.purpose, input.recipient, input.sessionId, code),
      CONTACT_CODE_TTL_MINUTES,
    ],
  );
  await deliver(db, { channel: input.channel, to: input.recipient, subject: input.subject, body: input.text(code), code });
}

/**
 * Checks the session's latest code for a purpose (and, when given, that it went to `recipient`);
 * consumes it on success and answers what it was sent for. Failures are 400 / 429 on `field`.
 */
export async function consumeContactCode(
  db: Queryable,
  input: { sessionId: string; purpose: ContactPurpose; code: string; recipient?: string; field?: string },
) {
  const field = input.field ?? 'code';
  const [row] = await db.query<{
    id: number;
    recipient: string;
    value: string;
    customer_id: number | null;
    code_hash: string;
    attempts: number;
    expired: boolean;
  }>(
    `select id, recipient, value, customer_id, code_hash, attempts, expires_at <= now() as expired from account_contact_codes
     where session_id = $1 and purpose = $2 and consumed_at is null order by id desc limit 1`,
    [input.sessionId, input.purpose],
  );
  if (!row || (input.recipient !== undefined && row.recipient.toLowerCase() !== input.recipient.toLowerCase()))
    throw badRequest(CONTACT_MESSAGES.noCode, field);
  if (row.attempts >= CONTACT_CODE_MAX_ATTEMPTS) throw new HttpError(429, CONTACT_MESSAGES.tooManyTries, field, 'OTP_LOCKED');
  if (row.expired) throw badRequest(CONTACT_MESSAGES.expiredCode, field);
  const tries = await takeCodeTry(db, 'account_contact_codes', row.id, CONTACT_CODE_MAX_ATTEMPTS);
  if (tries === null) throw new HttpError(429, CONTACT_MESSAGES.tooManyTries, field, 'OTP_LOCKED');
  if (row.code_hash !== hashOf(input.purpose, row.recipient, input.sessionId, input.code)) {
    if (tries >= CONTACT_CODE_MAX_ATTEMPTS) throw new HttpError(429, CONTACT_MESSAGES.tooManyTries, field, 'OTP_LOCKED');
    throw badRequest(CONTACT_MESSAGES.wrongCode, field);
  }
  const used = await db.query('update account_contact_codes set consumed_at = now() where id = $1 and consumed_at is null returning id', [row.id]);
  if (used.length === 0) throw badRequest(CONTACT_MESSAGES.noCode, field);
  return { recipient: row.recipient, value: row.value, customerId: row.customer_id };
}

/** The latest unused code the session holds for a purpose (what is waiting for verification). */
export async function pendingContact(db: Queryable, sessionId: string, purpose: ContactPurpose) {
  const [row] = await db.query<{ value: string }>(
    `select value from account_contact_codes where session_id = $1 and purpose = $2 and consumed_at is null and expires_at > now() order by id desc limit 1`,
    [sessionId, purpose],
  );
  return row?.value;
}
