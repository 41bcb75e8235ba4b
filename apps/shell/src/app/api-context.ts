import { createContext, useContext } from 'react';
import { type ApiClient } from '@eyewear/api-client';

export const ApiContext = createContext<Pick<ApiClient, 'call'> | null>(null);

export function useApi(): Pick<ApiClient, 'call'> {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi: no ApiContext above this component');
  return api;
}
