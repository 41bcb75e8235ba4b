import type { ReactElement } from 'react';
import { createPageStore, PageStoreProvider, sessionChanged, type SessionPayload } from '@eyewear/event-bus';
import { ApiError } from '@eyewear/api-client';
import { renderWithProviders } from '@eyewear/ui/testing';
import { ApiOverride, type Api } from '../app/api';

export const GUEST: SessionPayload = {
  ready: true,
  login: false,
  customerId: null,
  firstName: null,
  hasPlacedOrder: false,
  isLoyalty: false,
  cartCount: 0,
  wishlistCount: 0,
};
export const CUSTOMER: SessionPayload = { ...GUEST, login: true, customerId: 7, firstName: 'Asha' };

type Handler = (input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown }) => unknown;

/** A fake API answering by route name; every call is recorded. Unknown routes reject with 404. */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: { name: string; input: Parameters<Handler>[0] }[] = [];
  const api = {
    calls,
    call: (route: { name: string }, input: Parameters<Handler>[0] = {}) => {
      calls.push({ name: route.name, input });
      const handler = handlers[route.name];
      if (!handler) return Promise.reject(new ApiError(404, { message: `no handler for ${route.name}` }, 'Not Found'));
      try {
        return Promise.resolve(handler(input));
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
  return api as typeof api & Api;
}

/** Renders a catalog component as the shell would: page store, router, country, session. */
export function renderCatalog(ui: ReactElement, { api, url = '/', session = GUEST }: { api: Api; url?: string; session?: SessionPayload | null }) {
  const actions: { type: string; payload?: unknown }[] = [];
  // Records every action, so tests can see the events a component published.
  const pageStore = createPageStore({
    recorder: (state: null = null, action: { type: string; payload?: unknown }) => {
      actions.push(action);
      return state;
    },
  });
  if (session) pageStore.store.dispatch(sessionChanged(session));
  const view = renderWithProviders(
    <PageStoreProvider pageStore={pageStore}>
      <ApiOverride.Provider value={api}>{ui}</ApiOverride.Provider>
    </PageStoreProvider>,
    { url },
  );
  return { ...view, store: pageStore.store, actions };
}
