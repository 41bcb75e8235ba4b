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
