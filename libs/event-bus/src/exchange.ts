import { type ExchangePayload } from './events';

/**
 * The exchange session's cookies (account spec §4 "Exchange mode"), read by the shell's banner,
 * the listings and the cart, written only by the shell's `exchangeSession` saga:
 * `exchange_session` = `{orderId}:{itemId}`, with the return's mode and action.
 */
export const EXCHANGE_COOKIE = 'exchange_session';
export const RETURN_MODE_COOKIE = 'return_mode';
export const RETURN_ACTION_COOKIE = 'return_action';

const DAY_SECONDS = 24 * 60 * 60;

function write(name: string, value: string, maxAge: number) {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
}

/** Opens an exchange for an order item for a day: listings then send the exchange headers. */
export function openExchangeCookies(orderId: number, itemId: number, returnMode: string): ExchangePayload {
  write(EXCHANGE_COOKIE, `${orderId}:${itemId}`, DAY_SECONDS);
  write(RETURN_MODE_COOKIE, returnMode, DAY_SECONDS);
  write(RETURN_ACTION_COOKIE, 'exchange', DAY_SECONDS);
  return { active: true, orderId: String(orderId), itemId: String(itemId), returnAction: 'exchange', returnMode };
}

export function closeExchangeCookies(): ExchangePayload {
  for (const name of [EXCHANGE_COOKIE, RETURN_MODE_COOKIE, RETURN_ACTION_COOKIE]) write(name, '', 0);
  return { active: false, orderId: null, itemId: null, returnAction: null, returnMode: null };
}
