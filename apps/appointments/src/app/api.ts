import { createContext, useContext } from 'react';
import { apiClientFor, messageOf, type ApiClient } from '@eyewear/api-client';
import { useCountry } from '@eyewear/i18n';

/** Tests provide a client with an injected fetch; pages use the bundle's client for the country. */
export const ApiClientContext = createContext<ApiClient | null>(null);

export function useApiClient(): ApiClient {
  const provided = useContext(ApiClientContext);
  const country = useCountry();
  return provided ?? apiClientFor(country);
}

/** The server's message for a failed call, else the generic one. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  return messageOf(error, fallback);
}

export type Status = 'idle' | 'loading' | 'success' | 'failed';
