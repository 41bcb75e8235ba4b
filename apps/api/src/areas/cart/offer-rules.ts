import { OFFERS, type OfferRule } from './config';
import { type CartRow, type LineRow } from './pricing';

const round2 = (v: number) => Math.round(v * 100) / 100;

/** The offers the cart honours beside the discounts of pricing.ts: the first frame and the payment offers. */
export const FIRST_FRAME_CODE = 'FIRST_FRAME';

/**
 * The first-frame offer (shopping §3 "a 'first buy' price ... for the first-frame-free price";
 * shopping §6 new customers): a customer who has not placed an order yet (a guest, or
 * hasPlacedOrder false) pays the first-buy price for ONE frame, the one with the largest saving,
 * as the product page announces it ("First frame at {price} for new customers").
 */
export function firstFrameOf(rows: LineRow[], newCustomer: boolean): { line: LineRow; saving: number } | null {
  if (!newCustomer) return null;
  let best: { line: LineRow; saving: number } | null = null;
  for (const line of rows) {
    if (line.first_buy_price === null || line.selling_price === null) continue;
    if (line.classification !== 'eyeframe' && line.classification !== 'sunglasses') continue;
    const saving = round2(line.selling_price - line.first_buy_price);
    if (saving > 0 && (!best || saving > best.saving)) best = { line, saving };
  }
  return best;
}

/** How the order is being paid, when it is: the payment offers follow it. */
export interface Paying {
  method: string;
  /** The first digits of the card typed (a saved card has none to show). */
  cardBin?: string;
}

/**
 * The payment offer of a cart. Before the shopper pays: the one applied (POST /v2/carts/paymentOffer).
 * When paying: the applied one only if the payment matches it (a UPI offer with UPI, a card offer
 * with a card of its BINs), else none. An offer is given only once the page applied it, so the
 * amount the payment page shows (the priced cart) is the amount the order charges.
 */
export function paymentOfferFor(cart: Pick<CartRow, 'payment_offer_id'>, paying?: Paying): OfferRule | undefined {
  const chosen = OFFERS.find((o) => o.offerId === cart.payment_offer_id && o.kind !== 'cart');
  if (!paying) return chosen;
  const matches = (o: OfferRule) =>
    o.kind === 'payment'
      ? o.paymentMethod === paying.method
      : (paying.method === 'cc' || paying.method === 'dc') && !!paying.cardBin && !!o.bins?.some((bin) => paying.cardBin!.startsWith(bin));
  return chosen && matches(chosen) ? chosen : undefined;
}
