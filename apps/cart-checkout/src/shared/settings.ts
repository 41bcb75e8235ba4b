import type { CheckoutCta, StudioFlow } from './rules';

/**
 * Configured settings the cart reads (the retailer's configuration service is not part of this
 * site yet, so these are the configured values): the empty-cart 'search for' links, the
 * CONFIG_CTA_DESKTOP CHECKOUT entry, and the studio flow (off).
 */
export const EMPTY_CART_LINKS: ReadonlyArray<{ name: string; link: string }> = [
  { name: 'Eyeglasses', link: '/eyeglasses.html' },
  { name: 'Sunglasses', link: '/sunglasses.html' },
  { name: 'Contact lenses', link: '/search?q=contact%20lenses' },
  { name: 'Kids glasses', link: '/search?q=kids' },
];
export const CHECKOUT_CTA: CheckoutCta = { frameOnlySubText: 'Frame only: add lenses later' };
/** STUDIO_FLOW setting: off unless configured ON. */
export const STUDIO_FLOW: StudioFlow = { enabled: false };

/** LOYALTY_CONFIG goldPid default (§3, §9): joining gold adds this product to the cart. */
export const LOYALTY_GOLD_PID = 128269;

/** The payment-methods path version settings (§7): both off unless configured ON. */
export const PAYMENT_VERSION_SETTINGS = { msiteNewPaymentDesign: false, paymentMethodNewVersion: false };
