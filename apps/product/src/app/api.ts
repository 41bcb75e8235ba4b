import { createApiClient, type ApiClient, type ExchangeContext } from '@eyewear/api-client';

let openExchange: ExchangeContext | null = null;

/** The exchange the shopper has open (from `exchange/changed`), sent on product and cart-add calls. */
export function setOpenExchange(exchange: ExchangeContext | null) {
  openExchange = exchange;
}

const clients = new Map<string, ApiClient>();

/**
 * The product remote's API client for a country. Like `apiClientFor`, one per country, but it
 * also sends the exchange headers while an exchange is open (shopping §4 Exchange flow).
 */
export function productApi(country: string): ApiClient {
  let client = clients.get(country);
  if (!client) {
    client = createApiClient({ country, exchange: () => openExchange });
    clients.set(country, client);
  }
  return client;
}
