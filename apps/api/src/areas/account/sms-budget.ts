import { countryOfPhoneCode } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { tooMany, type ThrottleKey } from './throttle';

/**
 * The SMS budget (issue 40, SMS pumping): every text message the API sends (login codes, the
 * change-phone code, the code that confirms an order's power update, the store credit SMS) is
 * taken from it first, whatever else limits the route (per-session and per-number sends, codes
 * across numbers, the captcha). Four daily counters, in the shared account_throttle table so every
 * API process counts together, each a fixed window of 24 hours from its first send:
 *
 * - per destination number: a customer signs in by code a few times a day (with a resend or
 *   two); more than this to one number is someone else sending to it;
 * - per account (the signed-in customer): the change-phone code from fresh sign-ins of one
 *   account was capped per session only (20 SMS to 20 numbers);
 * - per client address (request.ip): high, since a shop, an office or a carrier's NAT puts many
 *   customers behind one address (every Playwright test too runs from 127.0.0.1);
 * - per country (of the destination number's phone code): a pumping attack spreads over many
 *   numbers and addresses, so this is what bounds the bill. `SMS_DAILY_BUDGET_PER_COUNTRY` sets
 *   it (each country gets that many a day); set it to about three times a normal day's sends.
 *
 * Each counter is taken in one statement that adds the send only while the counter is below its
 * cap, so parallel sends cannot pass it; when a later counter refuses, the ones already taken are
 * given back. A refused send sends nothing: 429 with Retry-After (the refusing window's end) and a
 * message that says which limit it was.
 */
export const SMS_PER_NUMBER_PER_DAY = 10;
export const SMS_PER_ACCOUNT_PER_DAY = 10;
export const SMS_PER_CLIENT_PER_DAY = 200;
export const SMS_DAILY_BUDGET_PER_COUNTRY_DEFAULT = 10_000;
export const SMS_BUDGET_WINDOW_SECONDS = 24 * 60 * 60;

export const SMS_BUDGET_MESSAGES = {
  number: 'Too many text messages were sent to this number today.',
  account: 'Too many text messages were sent for this account today.',
  client: 'Too many text messages were requested from your network today.',
  country: 'We have sent as many text messages to this country as we can today.',
} as const;

type Env = Record<string, string | undefined>;

/** Text messages a day to the numbers of one country: `SMS_DAILY_BUDGET_PER_COUNTRY` (a whole number; 0 sends none), else the default. */
export function smsDailyBudgetPerCountry(env: Env = process.env): number {
  const raw = env.SMS_DAILY_BUDGET_PER_COUNTRY?.trim();
  const value = raw ? Number(raw) : NaN;
  return Number.isInteger(value) && value >= 0 ? value : SMS_DAILY_BUDGET_PER_COUNTRY_DEFAULT;
}

export interface SmsSend {
  /** The destination as `smsRecipient` writes it: `+91 9876543210`. */
  to: string;
  /** The client address (request.ip). */
  client: string;
  /** The signed-in customer the send is for, if any. */
  customerId?: number | null;
  /** The request's country, for a destination whose phone code is not one of ours. */
  country?: string;
  /** The form field a refusal names (`telephone` where the form has one). */
  field?: string;
  /**
   * A message about the customer's own order or booking, sent by the worker (messages/send.ts):
   * it takes from the country's budget only (the bill's bound). Counted per number or account,
   * an order's own messages (placed, dispatched, delivered…) would use up the number's day and
   * then refuse the customer's sign-in codes: a limit must stop the stranger, never the customer.
   */
  transactional?: boolean;
}

type Db = Pick<Database, 'query'>;

/** The window restarts once it is over; the send is added only while the count is below `cap`. */
const FRESH = `account_throttle.window_started_at <= now() - make_interval(secs => $3)`;

/** Takes one send from a counter, in one statement; null when taken, else the seconds until the counter's window ends. */
async function take(db: Db, key: ThrottleKey, cap: number): Promise<number | null> {
  const taken = await db.query(
    `insert into account_throttle (bucket, subject, count, window_started_at, last_at)
     select $1, $2, 1, now(), now() where $4::int > 0
     on conflict (bucket, subject) do update set
       count = case when ${FRESH} then 1 else account_throttle.count + 1 end,
       window_started_at = case when ${FRESH} then now() else account_throttle.window_started_at end,
       last_at = now()
     where ${FRESH} or account_throttle.count < $4
     returning count`,
    [key.bucket, key.subject, SMS_BUDGET_WINDOW_SECONDS, cap],
  );
  if (taken.length > 0) return null;
  const [row] = await db.query<{ seconds: number | null }>(
    `select ceil(extract(epoch from window_started_at + make_interval(secs => $3) - now()))::int as seconds from account_throttle
     where bucket = $1 and subject = $2`,
    [key.bucket, key.subject, SMS_BUDGET_WINDOW_SECONDS],
  );
  return Math.max(1, row?.seconds ?? SMS_BUDGET_WINDOW_SECONDS);
}

async function giveBack(db: Db, key: ThrottleKey) {
  await db.query('update account_throttle set count = greatest(count - 1, 0) where bucket = $1 and subject = $2', [key.bucket, key.subject]);
}

/** The country whose budget a send to `to` takes from: its phone code's, else the request's. */
export function smsCountry(to: string, requestCountry?: string): string {
  return countryOfPhoneCode(to.trim().split(/\s+/)[0] ?? '') ?? requestCountry ?? 'unknown';
}

/**
 * Takes one text message from the budget, or refuses (429) without taking anything: call it
 * right before the SMS is sent, after the route's own checks, so nothing that is not sent counts.
 */
export async function spendSms(db: Db, send: SmsSend): Promise<void> {
  const country: [ThrottleKey, number, string] = [
    { bucket: 'sms-country', subject: smsCountry(send.to, send.country) },
    smsDailyBudgetPerCountry(),
    SMS_BUDGET_MESSAGES.country,
  ];
  const counters: [ThrottleKey, number, string][] = send.transactional
    ? [country]
    : [
        [{ bucket: 'sms-number', subject: send.to.trim() }, SMS_PER_NUMBER_PER_DAY, SMS_BUDGET_MESSAGES.number],
        ...(send.customerId != null
          ? [
              [{ bucket: 'sms-account', subject: String(send.customerId) }, SMS_PER_ACCOUNT_PER_DAY, SMS_BUDGET_MESSAGES.account] as [
                ThrottleKey,
                number,
                string,
              ],
            ]
          : []),
        [{ bucket: 'sms-client', subject: send.client || 'unknown' }, SMS_PER_CLIENT_PER_DAY, SMS_BUDGET_MESSAGES.client],
        country,
      ];
  const taken: ThrottleKey[] = [];
  for (const [key, cap, message] of counters) {
    const wait = await take(db, key, cap);
    if (wait !== null) {
      for (const done of taken) await giveBack(db, done);
      throw tooMany(message, wait, send.field);
    }
    taken.push(key);
  }
}
