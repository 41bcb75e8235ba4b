import type { GiftMessage } from '@eyewear/api-client';

/** The gift message chosen with the address, kept for the payment page (session storage, this tab). */
export const GIFT_MESSAGE_KEY = 'cartGiftMessage';

export function keepGiftMessage(gift: GiftMessage | null) {
  if (gift) globalThis.sessionStorage?.setItem(GIFT_MESSAGE_KEY, JSON.stringify(gift));
  else globalThis.sessionStorage?.removeItem(GIFT_MESSAGE_KEY);
}

export function keptGiftMessage(): GiftMessage | null {
  const raw = globalThis.sessionStorage?.getItem(GIFT_MESSAGE_KEY);
  return raw ? (JSON.parse(raw) as GiftMessage) : null;
}
