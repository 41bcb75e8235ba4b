import { readCookie } from '@eyewear/api-client';
import { type ExchangeCredit, type ExchangePayload } from './events';

/**
 * The exchange session's cookies (account spec §4 "Exchange mode"), read by the shell's banner,
 * the listings and the cart, written only by the shell's `exchangeSession` saga:
 * `exchange_session` = `{orderId}:{itemId}`, with the return's mode and action.
 */
export const EXCHANGE_COOKIE = 'exchange_session';
export const RETURN_MODE_COOKIE = 'return_mode';
export const RETURN_ACTION_COOKIE = 'return_action';
/** The exchange's credit, `{amount}:{currencyCode}` (issue 42: shown while shopping, not only in the cart). */
export const EXCHANGE_CREDIT_COOKIE = 'exchange_credit';

/** The tab that opened the exchange marks itself (sessionStorage is per tab); other tabs ask the shopper. */
export const EXCHANGE_TAB_KEY = 'shell.exchangeTab';

const DAY_SECONDS = 24 * 60 * 60;
const CLOSED: ExchangePayload = { active: false, orderId: null, itemId: null, returnAction: null, returnMode: null };

function write(name: string, value: string, maxAge: number) {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
}

/** The credit a cookie value holds, or null. */
export function creditOf(value: string | null | undefined): ExchangeCredit | null {
  const [amount = '', currencyCode = ''] = (value ?? '').split(':');
  return /^\d+(\.\d{1,2})?$/.test(amount) && /^[A-Z]{3}$/.test(currencyCode) ? { amount: Number(amount), currencyCode } : null;
}

/** Opens an exchange for an order item for a day: listings then send the exchange headers. */
export function openExchangeCookies(orderId: number, itemId: number, returnMode: string, credit?: ExchangeCredit): ExchangePayload {
  write(EXCHANGE_COOKIE, `${orderId}:${itemId}`, DAY_SECONDS);
  write(RETURN_MODE_COOKIE, returnMode, DAY_SECONDS);
  write(RETURN_ACTION_COOKIE, 'exchange', DAY_SECONDS);
  write(EXCHANGE_CREDIT_COOKIE, credit ? `${credit.amount}:${credit.currencyCode}` : '', credit ? DAY_SECONDS : 0);
  try {
    sessionStorage.setItem(EXCHANGE_TAB_KEY, `${orderId}:${itemId}`);
  } catch {
    // No storage (or no browser): the tab cannot remember it opened the exchange.
  }
  return { active: true, orderId: String(orderId), itemId: String(itemId), returnAction: 'exchange', returnMode, ...(credit ? { credit } : {}) };
}

/**
 * Ends the exchange, whoever asked (the banner, the account, an order that spent the credit):
 * the tab's claim goes with the cookies, so a later exchange in this tab is not taken for this one.
 */
export function closeExchangeCookies(): ExchangePayload {
  for (const name of [EXCHANGE_COOKIE, RETURN_MODE_COOKIE, RETURN_ACTION_COOKIE, EXCHANGE_CREDIT_COOKIE]) write(name, '', 0);
  try {
    sessionStorage.removeItem(EXCHANGE_TAB_KEY);
  } catch {
    // No storage (or no browser): nothing was claimed.
  }
  return CLOSED;
}

const withCredit = (credit: ExchangeCredit | null) => (credit ? { credit } : {});

/**
 * The exchange these cookies hold: what a reload or another tab of the same browser must see
 * (the cookies outlive the page; the page store does not).
 */
export function exchangeFromCookies(cookies: string): ExchangePayload {
  const value = readCookie(cookies, EXCHANGE_COOKIE);
  const [orderId = '', itemId = ''] = (value ?? '').split(':');
  if (!orderId || !itemId) return CLOSED;
  return {
    active: true,
    orderId,
    itemId,
    returnAction: readCookie(cookies, RETURN_ACTION_COOKIE) || null,
    returnMode: readCookie(cookies, RETURN_MODE_COOKIE) || null,
    ...withCredit(creditOf(readCookie(cookies, EXCHANGE_CREDIT_COOKIE))),
  };
}

/** Whether two exchange payloads describe the same exchange. */
export function sameExchange(a: ExchangePayload | undefined, b: ExchangePayload): boolean {
  if (!a) return !b.active;
  return (
    a.active === b.active &&
    a.orderId === b.orderId &&
    a.itemId === b.itemId &&
    a.returnAction === b.returnAction &&
    a.returnMode === b.returnMode &&
    (a.credit?.amount ?? null) === (b.credit?.amount ?? null)
  );
}
