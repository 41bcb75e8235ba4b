import { settingOn, useRemoteSettings, type RemoteSettings } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { useCountry } from '@eyewear/i18n';

type Link = { name: string; link: string };

export interface CheckoutCta {
  /** CONFIG_CTA_DESKTOP.CHECKOUT main text, when configured. */
  mainText?: string;
  /** Sub-text shown under the button for frame-only carts. */
  frameOnlySubText?: string;
}
export interface StudioFlow {
  /** The STUDIO_FLOW setting is ON. */
  enabled: boolean;
}

/** The empty-cart 'search for' links when the settings hold none (or cannot be read). */
export const DEFAULT_EMPTY_CART_LINKS: ReadonlyArray<Link> = [
  { name: 'Eyeglasses', link: '/eyeglasses.html' },
  { name: 'Sunglasses', link: '/sunglasses.html' },
  { name: 'Contact lenses', link: '/search?q=contact%20lenses' },
  { name: 'Kids glasses', link: '/search?q=kids' },
];
/** The CONFIG_CTA_DESKTOP CHECKOUT entry when the settings hold none. */
export const DEFAULT_CHECKOUT_CTA: CheckoutCta = { frameOnlySubText: 'Frame only: add lenses later' };

/** LOYALTY_CONFIG goldPid default (shopping §3, §9): joining gold adds this product to the cart. */
export const LOYALTY_GOLD_PID = 128269;

export interface CartSettings {
  emptyCartLinks: ReadonlyArray<Link>;
  checkoutCta: CheckoutCta;
  /** STUDIO_FLOW: off unless configured ON. */
  studioFlow: StudioFlow;
  /** The payment-methods path version settings (shopping §7): both off unless configured ON. */
  paymentVersions: { msiteNewPaymentDesign: boolean; paymentMethodNewVersion: boolean };
}

const isLink = (value: unknown): value is Link =>
  typeof value === 'object' && value !== null && typeof (value as Link).name === 'string' && typeof (value as Link).link === 'string';

/** The cart's configured settings, read from the remote settings (`GET /v2/config/settings`), each with its default. */
export function cartSettings(settings: RemoteSettings | null | undefined): CartSettings {
  const links = settings?.EMPTY_CART_LINKS;
  const cta = (settings?.CONFIG_CTA_DESKTOP as { CHECKOUT?: unknown } | undefined)?.CHECKOUT;
  return {
    emptyCartLinks: Array.isArray(links) && links.every(isLink) ? links : DEFAULT_EMPTY_CART_LINKS,
    checkoutCta: typeof cta === 'object' && cta !== null ? (cta as CheckoutCta) : DEFAULT_CHECKOUT_CTA,
    studioFlow: { enabled: settingOn(settings, 'STUDIO_FLOW') },
    paymentVersions: {
      msiteNewPaymentDesign: settingOn(settings, 'MSITE_NEW_PAYMENT_DESIGN'),
      paymentMethodNewVersion: settingOn(settings, 'PAYMENT_METHOD_NEW_VERSION'),
    },
  };
}

/** The cart's settings in a component, and whether they are known yet (read once per page). */
export function useCartSettings(): CartSettings & { known: boolean } {
  const settings = useRemoteSettings(useCountry(), useApiClient());
  return { ...cartSettings(settings), known: settings !== null };
}
