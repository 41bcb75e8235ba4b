import { type ExchangePayload } from '@eyewear/event-bus';

/** The exchange session cookies the shell, listings and the cart read (shell banner-rules). */
export const EXCHANGE_COOKIE = 'exchange_session';
export const RETURN_MODE_COOKIE = 'return_mode';
export const RETURN_ACTION_COOKIE = 'return_action';

const write = (name: string, value: string, maxAge: number) => {
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
};

/** Opens an exchange for an order item: listings then send the exchange headers, add-to-cart comes back to the return step. */
export function openExchange(orderId: number, itemId: number, mode: string): ExchangePayload {
  const day = 24 * 60 * 60;
  write(EXCHANGE_COOKIE, `${orderId}:${itemId}`, day);
  write(RETURN_MODE_COOKIE, mode, day);
  write(RETURN_ACTION_COOKIE, 'exchange', day);
  return { active: true, orderId: String(orderId), itemId: String(itemId), returnAction: 'exchange', returnMode: mode };
}

export function closeExchange(): ExchangePayload {
  for (const name of [EXCHANGE_COOKIE, RETURN_MODE_COOKIE, RETURN_ACTION_COOKIE]) write(name, '', 0);
  return { active: false, orderId: null, itemId: null, returnAction: null, returnMode: null };
}
