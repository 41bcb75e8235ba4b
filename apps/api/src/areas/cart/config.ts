import { type CurrencyCode } from '@eyewear/api-client';

/**
 * The cart area's business constants. Every amount the shopper sees is computed from these
 * by the API (spec: "Money is computed by the API only"); README.md of the area lists them.
 */

/**
 * shopping §3 LOYALTY_CONFIG defaults: the gold product and the classifications it discounts;
 * the brands it discounts are the catalogue's house brands (`brands.house`, read with each
 * cart line, so pricing needs no query of its own for them).
 */
export const LOYALTY_CONFIG_DEFAULTS = {
  goldPid: 128269,
  classificationsAllowed: ['eyeframe'] as string[],
};
/** Gold members save this share of an allowed item's frame price (after the own-brand discount). */
export const GOLD_DISCOUNT_PERCENT = 20;
/** House-brand frames and sunglasses: the own-brand discount, named after the brand. */
export const OWN_BRAND_DISCOUNT_PERCENT = 10;

/** Standard delivery is free from this net amount; below it a convenience fee is charged. */
export const FREE_SHIPPING_FROM: Record<CurrencyCode, number> = { INR: 500, AED: 50, SGD: 20, SAR: 50, USD: 20 };
export const CONVENIENCE_FEE: Record<CurrencyCode, number> = { INR: 99, AED: 10, SGD: 5, SAR: 10, USD: 5 };
export const EXPRESS_FEE: Record<CurrencyCode, number> = { INR: 149, AED: 25, SGD: 10, SAR: 25, USD: 10 };
export const STANDARD_DELIVERY_DAYS = 5;
export const EXPRESS_DELIVERY_DAYS = 2;

/** Cash on delivery up to this total (India only). */
export const COD_LIMIT_INR = 50000;

export const MAX_QUANTITY_PER_ITEM = 10;

export interface OfferRule {
  offerId: string;
  /** cart: the 'implicit' discount; card: needs a matching BIN; payment: by payment method. */
  kind: 'cart' | 'card' | 'payment';
  title: string;
  description: string;
  percent: number;
  cap: Record<CurrencyCode, number>;
  minCartValue: Record<CurrencyCode, number>;
  bins?: string[];
  bank?: string;
  paymentMethod?: 'cc' | 'dc' | 'upi' | 'nb';
}

const scale = (inr: number): Record<CurrencyCode, number> => ({
  INR: inr,
  AED: Math.round(inr / 22),
  SGD: Math.round(inr / 62),
  SAR: Math.round(inr / 22),
  USD: Math.round(inr / 83),
});

/** The seeded offers (documented test data). */
export const OFFERS: OfferRule[] = [
  {
    offerId: 'SAVE10',
    kind: 'cart',
    title: '10% off your cart',
    description: '10% off orders from 1000, up to 500',
    percent: 10,
    cap: scale(500),
    minCartValue: scale(1000),
  },
  {
    offerId: 'HDFC15',
    kind: 'card',
    title: '15% off with Eyebank cards',
    description: '15% off with cards starting 411111 or 401288, up to 750',
    percent: 15,
    cap: scale(750),
    minCartValue: scale(1500),
    bins: ['411111', '401288'],
    bank: 'Eyebank',
  },
  {
    offerId: 'UPI5',
    kind: 'payment',
    title: '5% off with UPI',
    description: '5% off when you pay by UPI, up to 100',
    percent: 5,
    cap: scale(100),
    minCartValue: scale(500),
    paymentMethod: 'upi',
  },
];

/**
 * Simulated gateways: the outcome is decided by the test input (README lists them).
 * Any other Luhn-valid card succeeds; any other valid VPA succeeds after the pending polls.
 */
export const TEST_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;
export const CARD_FAILURES: Record<string, string> = {
  [TEST_CARDS.declined]: 'Your card was declined by the bank. Please try another card.',
  [TEST_CARDS.insufficientFunds]: 'Payment failed: insufficient funds on this card.',
};
/** A UPI collect answers PENDING to this many status polls, then resolves. */
export const UPI_PENDING_POLLS = 2;
export const TEST_VPAS = { success: 'success@upi', failure: 'failure@upi', pending: 'pending@upi', invalid: 'invalid@upi' } as const;
export const NET_BANKS = [
  { code: 'EYEB', name: 'Eyebank' },
  { code: 'LENS', name: 'Lens Bank' },
  { code: 'FAIL', name: 'Test Bank (always fails)' },
];

/** Seeded gift vouchers and store credit (documented test data). */
export const SEED_GIFT_VOUCHERS = [
  { code: 'GIFT500', currency: 'INR', amount: 500, expiresAt: '2099-12-31T00:00:00Z' },
  { code: 'GIFT2000', currency: 'INR', amount: 2000, expiresAt: '2099-12-31T00:00:00Z' },
  { code: 'GIFT50AE', currency: 'AED', amount: 50, expiresAt: '2099-12-31T00:00:00Z' },
  { code: 'GIFTOLD1', currency: 'INR', amount: 500, expiresAt: '2020-01-01T00:00:00Z' },
];
export const SEED_STORE_CREDITS = [{ code: 'CREDIT1000', currency: 'INR', balance: 1000, expiresAt: '2099-12-31T00:00:00Z' }];

/**
 * Documented test sales staff for the pre-sales login (/checkout/onepage/presaleslogin): sign in
 * with this id and password, then checkout at /checkout/onepage/presales places presales leads.
 */
export const SEED_PRESALES_STAFF = [{ salesmanId: 'EYE-1001', name: 'Priya Nair', storeCode: null as string | null, password: 'presales-1001' }];

/**
 * An unpaid order (PENDING_PAYMENT: UPI collect, QR, a failed card waiting for another try)
 * holds its stock and the balances it spent for PAYMENT_HOLD_MINUTES (@eyewear/i18n/rules: the
 * payment screens say it), the time a payment in progress needs; then it is cancelled and they
 * are released (order-expiry.ts), and a payment arriving later is refused.
 */
export { PAYMENT_HOLD_MINUTES } from '@eyewear/i18n/rules';
/**
 * Unpaid orders holding stock at once: per shopper (a guest session or a customer) and per
 * client address (fresh guest sessions from one address). A shopper whose payment did not go
 * through pays that order again (its retry page) rather than placing another.
 */
export const UNPAID_ORDERS_PER_SHOPPER = 3;
export const UNPAID_ORDERS_PER_CLIENT = 20;
