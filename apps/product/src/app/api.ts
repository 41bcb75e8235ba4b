import { useEffect } from 'react';
import { createApiClient, type ApiClient, type AppBuild, type CallInput, type ContractRoute, type ExchangeContext } from '@eyewear/api-client';
import { useApiClient, useLatestEvent, useQuery, type QueryOptions } from '@eyewear/event-bus';

let openExchange: ExchangeContext | null = null;

/** The exchange the shopper has open (from `exchange/changed`), sent on product and cart-add calls. */
export function setOpenExchange(exchange: ExchangeContext | null) {
  openExchange = exchange;
}

const clients = new Map<string, ApiClient>();

/**
 * The product remote's API client for a country. Like `apiClientFor`, one per country, but it
 * also sends the exchange headers while an exchange is open (shopping §4 Exchange flow). Its
 * calls name the build the shell's area gives (`build`, x-eyewear-build), this remote's.
 */
export function productApi(country: string, build?: AppBuild): ApiClient {
  let client = clients.get(country);
  if (!client) {
    client = createApiClient({ country, exchange: () => openExchange, ...(build ? { build } : {}) });
    clients.set(country, client);
  }
  return client;
}

/** The client a product component (and the sagas it starts) calls with: the provided one in tests, else `productApi`. */
export function useProductApi(): ApiClient {
  return useApiClient(productApi);
}

/** `useQuery` with the product remote's client (the exchange headers). */
export function useProductQuery<R extends ContractRoute>(route: R, input: Omit<CallInput, 'signal'> = {}, options: Omit<QueryOptions, 'client'> = {}) {
  return useQuery(route, input, { ...options, client: useProductApi() });
}

/**
 * Keeps the client's exchange headers in step with the latest `exchange/changed` (published by
 * the shell), and answers it. Called by the product page before its first load.
 */
export function useOpenExchange() {
  const exchange = useLatestEvent('exchange/changed');
  useEffect(() => {
    setOpenExchange(exchange?.active && exchange.orderId && exchange.itemId ? { orderId: exchange.orderId, itemId: exchange.itemId } : null);
  }, [exchange]);
  return exchange ?? null;
}
