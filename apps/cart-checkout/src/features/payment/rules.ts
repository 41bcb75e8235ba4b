import { formatPrice } from '@eyewear/i18n/rules';
// Card type, Luhn, e-mail, mobile and postcode rules are @eyewear/i18n/rules (one definition
// with the API's); the payment screen's own rules follow.
export const VPA_PATTERN = /^[\w.-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;

/** shopping §9 default payment method filter, shopping §5 the non-India delay (the status polling cadence is the checkout saga's). */
export const DEFAULT_PAYMENT_FILTER = 'cc,dc';
export const NON_INDIA_METHODS_DELAY_MS = 1000;

/** shopping §7: the payment-methods path version: v5, v4 or the default path. */
export type PaymentMethodsVersion = 'v5' | 'v4' | 'default';
export interface PaymentMethodsFlags {
  /** The shopper is on the mobile client (the mobile layout). */
  mobileClient: boolean;
  /** Setting MSITE_NEW_PAYMENT_DESIGN is ON. */
  msiteNewPaymentDesign: boolean;
  /** Setting PAYMENT_METHOD_NEW_VERSION is ON. */
  paymentMethodNewVersion: boolean;
}
/**
 * shopping §7 "The path version is v5, v4 or default depending on the mobile client and the settings
 * MSITE_NEW_PAYMENT_DESIGN and PAYMENT_METHOD_NEW_VERSION". Our reading: the mobile client with
 * the new mobile payment design gets v5; otherwise the new-version setting gets v4; otherwise
 * the default path.
 */
export function paymentMethodsVersion({ mobileClient, msiteNewPaymentDesign, paymentMethodNewVersion }: PaymentMethodsFlags): PaymentMethodsVersion {
  if (mobileClient && msiteNewPaymentDesign) return 'v5';
  if (paymentMethodNewVersion) return 'v4';
  return 'default';
}
/** A fresh Idempotency-Key per payment attempt; retries of the same attempt reuse it. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `pay-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The card provider's payment method types this page can show (sent as primerPaymentMethods). */
export const PROVIDER_METHOD_TYPES = ['PAYMENT_CARD'] as const;
/** The card provider's payment status: asked at once (the provider has answered the payment), then every 2 s, 90 times at most (as UPI). */
export const PROVIDER_POLL_INTERVAL_MS = 2000;
export const PROVIDER_POLL_MAX = 90;

/** A payment or card offer as GET /v2/payments/offers/enabled lists it: a payment offer names its method, a card offer its bank. */
export interface OfferOfMethod {
  offerId: string;
  paymentMethod?: string;
  bank?: string;
}

/**
 * The offers a cart of this value can have (issue 42): one below an offer's minimum is not shown
 * (the API would refuse it, and Pay would wait on it); none until the cart is known.
 */
export function reachableOffers<O extends { minCartValue?: number }>(offers: O[], cartValue: number | null): O[] {
  return cartValue === null ? [] : offers.filter((o) => !o.minCartValue || cartValue >= o.minCartValue);
}

/** An offer as shoppers read it: its title, the most it takes off and from what cart value ("5% off with UPI · up to ₹100 · on orders from ₹500"). */
export function offerText(
  o: { title: string; maxDiscount?: number; minCartValue?: number },
  currency: string,
  words: { offerCap: string; offerMin: string },
): string {
  const cap = o.maxDiscount ? words.offerCap.replace('{cap}', formatPrice(o.maxDiscount, currency)) : null;
  const min = o.minCartValue ? words.offerMin.replace('{min}', formatPrice(o.minCartValue, currency)) : null;
  return [o.title, cap, min].filter(Boolean).join(' · ');
}

const isCardMethod = (method: string) => method === 'cc' || method === 'dc';

/** The offers shown beside a method: its own payment offers (UPI5 beside UPI), the card offers beside the card methods. */
export function offersOfMethod<O extends OfferOfMethod>(offers: O[], method: string): O[] {
  return offers.filter((o) => (o.paymentMethod ? o.paymentMethod === method : !!o.bank && isCardMethod(method)));
}

/** What the payment page does to the cart's payment offer when the shopper picks a method (or a card). */
export type OfferStep = { kind: 'apply'; offerId: string } | { kind: 'remove'; offerId: string } | null;

/**
 * The cart carries at most one payment offer, and the order charges it only when the payment
 * matches it (the API's offer rules), so the total the page shows must follow the method:
 * picking a method with its own offer applies it (UPI5 on UPI); any other method removes an
 * applied offer that is not for it (the spec's remove-offer), so the shown total is what is
 * charged. A card offer (applied by the shopper for the card typed) stays on a card method only
 * while the card typed is one of its cards (`binOffers`: the offers of the digits typed, null
 * until they are known) and no saved card is chosen.
 */
export function offerStepFor({
  method,
  offers,
  appliedId,
  savedCard = false,
  binOffers = null,
}: {
  method: string | null;
  offers: OfferOfMethod[];
  appliedId: string | null;
  savedCard?: boolean;
  binOffers?: string[] | null;
}): OfferStep {
  if (!method) return null;
  const own = offers.find((o) => o.paymentMethod === method);
  if (own) return appliedId === own.offerId ? null : { kind: 'apply', offerId: own.offerId };
  if (!appliedId) return null;
  const applied = offers.find((o) => o.offerId === appliedId);
  const cardOffer = !!applied && !applied.paymentMethod;
  if (cardOffer && isCardMethod(method) && !savedCard && (binOffers === null || binOffers.includes(appliedId))) return null;
  return { kind: 'remove', offerId: appliedId };
}
