/** §5 card type detection from the number pattern. */
export type CardType = 'visa' | 'maestro' | 'diners' | 'jcb' | 'amex' | 'discover';
const CARD_PREFIXES: Array<[CardType, RegExp]> = [
  ['maestro', /^(5018|5020|5038|5893|6304|6759|676[1-3])/],
  ['visa', /^4/],
  ['amex', /^3[47]/],
  ['diners', /^3(0[0-5]|[689])/],
  ['jcb', /^(2131|1800|35)/],
  ['discover', /^6(011|5|4[4-9])/],
];
export function detectCardType(number: string): CardType | null {
  const digits = number.replace(/\D/g, '');
  return CARD_PREFIXES.find(([, p]) => p.test(digits))?.[0] ?? null;
}

export function luhnValid(number: string): boolean {
  const digits = number.replace(/\D/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const VPA_PATTERN = /^[\w.-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
/** §5 mobile number lengths per country (digits only). */
export const PHONE_PATTERNS: Record<string, RegExp> = { in: /^[6-9]\d{9}$/, ae: /^\d{9}$/, sg: /^\d{8}$/, sa: /^\d{9}$/, us: /^\d{10}$/ };
/** The contract's POSTCODE_RULES (libs/api-client schemas/common.ts), kept here without zod; a test compares them. */
export const POSTCODE_PATTERNS: Record<string, RegExp> = { in: /^[1-9]\d{5}$/, ae: /^\d{5,6}$/, sg: /^\d{6}$/, sa: /^\d{5}$/, us: /^\d{5}(?:-\d{4})?$/ };

/** §9 default payment method filter, §5 the non-India delay, and the status polling cadence. */
export const DEFAULT_PAYMENT_FILTER = 'cc,dc';
export const NON_INDIA_METHODS_DELAY_MS = 1000;
export const PAYMENT_POLL_INTERVAL_MS = 2000;
export const PAYMENT_POLL_MAX = 90;

/** §7: the payment-methods path version: v5, v4 or the default path. */
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
 * §7 "The path version is v5, v4 or default depending on the mobile client and the settings
 * MSITE_NEW_PAYMENT_DESIGN and PAYMENT_METHOD_NEW_VERSION". Our reading: the mobile client with
 * the new mobile payment design gets v5; otherwise the new-version setting gets v4; otherwise
 * the default path.
 */
export function paymentMethodsVersion({ mobileClient, msiteNewPaymentDesign, paymentMethodNewVersion }: PaymentMethodsFlags): PaymentMethodsVersion {
  if (mobileClient && msiteNewPaymentDesign) return 'v5';
  if (paymentMethodNewVersion) return 'v4';
  return 'default';
}
/** The mobile client: the mobile layout's width (the shell's header and search use the same query). */
export const MOBILE_CLIENT_QUERY = '(max-width: 640px)';
export const isMobileClient = () => typeof globalThis.matchMedia === 'function' && globalThis.matchMedia(MOBILE_CLIENT_QUERY).matches;

/** A fresh Idempotency-Key per payment attempt; retries of the same attempt reuse it. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `pay-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
