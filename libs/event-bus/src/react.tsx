import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { Provider, useSelector } from 'react-redux';
import { type Reducer } from '@reduxjs/toolkit';
import { type Saga } from 'redux-saga';
import { type LatestEvents } from './latest';
import { type PageStore } from './store';

const PageStoreContext = createContext<PageStore | null>(null);

export function PageStoreProvider({ pageStore, children }: { pageStore: PageStore; children: ReactNode }) {
  return (
    <PageStoreContext.Provider value={pageStore}>
      <Provider store={pageStore.store}>{children}</Provider>
    </PageStoreContext.Provider>
  );
}

export function usePageStore(): PageStore {
  const pageStore = useContext(PageStoreContext);
  if (!pageStore) throw new Error('usePageStore: no PageStoreProvider above this component');
  return pageStore;
}

interface InjectableSlice<Injected> {
  reducerPath: string;
  reducer: Reducer;
  injectInto: (injectable: PageStore['rootReducer']) => Injected;
}

/**
 * Adds a remote's slice to the page store and returns the injected slice, whose selectors
 * (`selectSlice`, `selectors`) read its initial state until its first action. Injected
 * during render, before any selector of the slice runs; injecting again changes nothing.
 */
export function useInjectSlice<Injected>(slice: InjectableSlice<Injected>): Injected {
  const pageStore = usePageStore();
  return slice.injectInto(pageStore.rootReducer);
}

/** Runs a remote's saga while the component is mounted; cancelled when the last user unmounts. */
export function useInjectSaga(key: string, saga: Saga) {
  const pageStore = usePageStore();
  useEffect(() => pageStore.runSaga(key, saga), [pageStore, key, saga]);
}

/** The latest payload of a state-like event (session, cart, wishlist, exchange), if any yet. */
export function useLatestEvent<K extends keyof LatestEvents>(type: K): LatestEvents[K] {
  return useSelector((state: { events: LatestEvents }) => state.events[type]);
}
