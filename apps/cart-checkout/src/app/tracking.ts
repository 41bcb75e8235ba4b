import type { Cart } from '@eyewear/api-client';

type DataLayer = Array<Record<string, unknown>>;
const layer = (): DataLayer => ((globalThis as { dataLayer?: DataLayer }).dataLayer ??= []);

/** shopping §4 "Checkout click" fires a begin-checkout analytics event. */
export function trackBeginCheckout(cart: Cart) {
  layer().push({
    event: 'begin_checkout',
    currency: cart.currencyCode,
    value: cart.netAmountCart,
    items: cart.items.map((i) => ({ item_id: i.productId, quantity: i.quantity })),
  });
}

export const PURCHASE_SENT_KEY = 'cartPurchaseTracked';

/** shopping §4 "Tracking": a purchase analytics event fires only once per session (per order, remembered in session storage). */
export function trackPurchaseOnce(
  order: { id: number; total: number; currencyCode: string },
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.sessionStorage,
): boolean {
  const sent = (storage?.getItem(PURCHASE_SENT_KEY) ?? '').split(',').filter(Boolean);
  if (sent.includes(String(order.id))) return false;
  layer().push({ event: 'purchase', transaction_id: String(order.id), value: order.total, currency: order.currencyCode });
  storage?.setItem(PURCHASE_SENT_KEY, [...sent, order.id].join(','));
  return true;
}
