import { createContext, useContext } from 'react';
import { type ApiClient } from '@eyewear/api-client';

/**
 * The shell's own client (the page's country's; the server's when rendering there). A whole
 * client, not just `call`: the shell's loads go through `useQuery`, which takes one.
 */
export const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi: no ApiContext above this component');
  return api;
}
