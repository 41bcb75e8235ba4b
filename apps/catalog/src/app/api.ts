import { createContext, useContext } from 'react';
import { apiClientFor, type ApiClient } from '@eyewear/api-client';
import { useCountry } from '@eyewear/i18n';

export type Api = Pick<ApiClient, 'call'>;

/** Tests hand a fake client here; pages otherwise use the one client of the page's country. */
export const ApiOverride = createContext<Api | null>(null);

export function useApi(): Api {
  const override = useContext(ApiOverride);
  const country = useCountry();
  return override ?? apiClientFor(country);
}
