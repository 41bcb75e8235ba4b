import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, checkoutRoutes, messageOf, savedCardRoutes, type Offer, type PaymentMethod, type SavedCard } from '@eyewear/api-client';
import { useQuery, type LoadStatus } from '@eyewear/event-bus';
import { DEFAULT_PAYMENT_FILTER, NON_INDIA_METHODS_DELAY_MS, PROVIDER_METHOD_TYPES, reachableOffers, type PaymentMethodsVersion } from './rules';

const METHOD_ROUTES = { default: checkoutRoutes.paymentMethods, v4: checkoutRoutes.paymentMethodsV4, v5: checkoutRoutes.paymentMethodsV5 } as const;

export interface PaymentMethods {
  status: LoadStatus;
  list: PaymentMethod[] | null;
  /** Why they could not be read: the server's message, else `fallback`. */
  error: string | null;
}

/**
 * shopping §5, §7: the payment methods, for India only (filter `cc,dc`, on the path version the
 * settings chose, with the order of a retry); other countries get an empty list after 1 s.
 * `enabled` holds the load until the settings that choose the version are known.
 */
export function usePaymentMethods(
  { country, orderId, version = 'default', enabled = true }: { country: string; orderId?: number; version?: PaymentMethodsVersion; enabled?: boolean },
  fallback: string,
): PaymentMethods {
  const india = country === 'in';
  const query = useQuery(
    METHOD_ROUTES[version],
    { query: { paymentMethod: DEFAULT_PAYMENT_FILTER, ...(orderId ? { orderId } : {}) } },
    { enabled: enabled && india },
  );
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!enabled || india) return;
    const timer = setTimeout(() => setWaited(true), NON_INDIA_METHODS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, india]);
  if (!india) return waited ? { status: 'ready', list: [], error: null } : { status: enabled ? 'loading' : 'idle', list: null, error: null };
  if (query.status === 'failed') return { status: 'failed', list: null, error: messageOf(query.error, fallback) };
  return { status: query.status, list: query.status === 'ready' ? (query.data?.result.methods ?? []) : null, error: null };
}

/** The order a retry pays for (its amount, items and address come from the API: the cart is empty once the order is placed). */
export function useOrderToPay(orderId: number | undefined) {
  const query = useQuery(checkoutRoutes.order, { params: { orderId: orderId ?? 0 } }, { enabled: !!orderId });
  return {
    status: query.status,
    order: query.status === 'ready' ? (query.data?.result ?? null) : null,
    notFound: query.status === 'failed' && query.error instanceof ApiError && query.error.status === 404,
  };
}

/** The signed-in shopper's saved cards (none for a guest, or when they cannot be read). */
export function useSavedCards(loggedIn: boolean) {
  const cards = useQuery(savedCardRoutes.list, { query: { gatewayId: 'PU' } }, { enabled: loggedIn });
  return loggedIn && cards.status === 'ready' ? (cards.data?.result.cards ?? []) : [];
}

/** The offers for a card, by its first six digits (none until they are typed, or when they cannot be read). */
export function useCardOffers(bin: string | null, cartValue: number | null) {
  return reachableOffers(useBinOffers(bin) ?? [], cartValue);
}

/** The offers of the card typed, by its first six digits; null until they are known. */
export function useBinOffers(bin: string | null): Offer[] | null {
  const offers = useQuery(checkoutRoutes.cardOffers, { query: { cardNumber: bin ?? '' } }, { enabled: !!bin });
  return offers.status === 'ready' ? (offers.data?.result.offers ?? []) : null;
}

/** shopping §7 "GET payment offers (/v2/payments/offers/enabled)": the bank and payment offers, shown beside their methods (none when they cannot be read). */
export function usePaymentOffers(enabled: boolean, cartValue: number | null): Offer[] {
  const offers = useQuery(checkoutRoutes.paymentOffers, {}, { enabled });
  const data = enabled && offers.status === 'ready' ? offers.data?.result.offers : undefined;
  // Only those the cart reaches (issue 42: a bank's card offer was shown to carts below its minimum).
  return useMemo(() => reachableOffers(data ?? [], cartValue), [data, cartValue]);
}

/** The card provider as the page knows it: its method (null when the country does not offer it), the client token's state, the caller's saved provider cards. */
export interface CardProvider {
  /** 'ready' once it is known whether the country offers the provider. */
  status: LoadStatus;
  method: PaymentMethod | null;
  token: LoadStatus;
  cards: SavedCard[];
}

/**
 * shopping §7 "the card-provider flow": the payment methods asked with paymentMethod=primer and
 * the provider's types this page can show; when the answer has the provider's method, its client
 * token (for the order on a retry) and, signed in, the cards saved with the provider. A failure
 * reads as no provider.
 */
export function useCardProvider({
  orderId,
  version = 'default',
  enabled = true,
  loggedIn,
}: {
  orderId?: number;
  version?: PaymentMethodsVersion;
  enabled?: boolean;
  loggedIn: boolean;
}): CardProvider {
  const methods = useQuery(
    METHOD_ROUTES[version],
    { query: { paymentMethod: 'primer', primerPaymentMethods: PROVIDER_METHOD_TYPES.join(','), ...(orderId ? { orderId } : {}) } },
    { enabled },
  );
  const method = methods.status === 'ready' ? (methods.data?.result.methods.find((m) => m.code === 'primer' && m.enabled) ?? null) : null;
  const token = useQuery(checkoutRoutes.clientToken, { query: orderId ? { orderId } : {} }, { enabled: !!method });
  const cards = useQuery(checkoutRoutes.providerSavedCards, {}, { enabled: !!method && loggedIn });
  return {
    status: methods.status === 'failed' ? 'ready' : methods.status,
    method,
    token: method ? token.status : 'idle',
    cards: method && loggedIn && cards.status === 'ready' ? (cards.data?.result.cards ?? []) : [],
  };
}

/**
 * Cash on delivery's captcha: asked once `wanted` (the method was chosen), kept when the shopper
 * switches method and back; `renew` asks a new one. Null while it loads or if it cannot be read.
 */
export function useCaptcha(wanted: boolean) {
  const [asked, setAsked] = useState<number | null>(null);
  useEffect(() => {
    if (wanted && asked === null) setAsked(Date.now());
  }, [wanted, asked]);
  const captcha = useQuery(checkoutRoutes.captcha, { query: { v: asked ?? 0 } }, { enabled: asked !== null });
  const renew = useCallback(() => setAsked(Date.now()), []);
  // `round`: a provider's widget starts again when a new one is asked for (its token is used once).
  return { captcha: captcha.status === 'ready' ? (captcha.data?.result ?? null) : null, renew, round: asked ?? 0 };
}
