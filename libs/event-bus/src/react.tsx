import { createContext, useContext, useEffect, useId, useRef, type ReactNode } from 'react';
import { Provider, useSelector } from 'react-redux';
import { type Reducer } from '@reduxjs/toolkit';
import { type Saga } from 'redux-saga';
import { takeEvery } from 'redux-saga/effects';
import { type EventCreator } from './events';
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

/**
 * Runs a remote's saga while the component is mounted; cancelled when the last user unmounts.
 * `deps` (the API client, `navigate`, settings) are handed to the saga as one object whose
 * fields always hold the latest render's values: a new `navigate` per path never restarts the
 * saga (which would cancel a payment half-way), and the saga reads the current one when it
 * needs it. With several users of one key, the first one's deps object is the saga's.
 */
export function useInjectSaga<D extends object>(key: string, saga: Saga<[D]>, deps: D): void;
export function useInjectSaga(key: string, saga: Saga<[]>): void;
export function useInjectSaga(key: string, saga: Saga, deps: object = {}) {
  const pageStore = usePageStore();
  const live = useRef<object | null>(null);
  if (live.current === null) live.current = { ...deps };
  // After render, not during it: the saga reads the committed values.
  useEffect(() => {
    Object.assign(live.current as object, deps);
  });
  useEffect(() => pageStore.runSaga(key, saga, live.current), [pageStore, key, saga]);
}

/**
 * Calls `handler` with each event of this kind while the component is mounted (a toast, a
 * request to open something). The latest handler is called, without resubscribing.
 */
export function useEvent<P, T extends string>(event: EventCreator<P, T>, handler: (payload: P) => void) {
  const pageStore = usePageStore();
  const id = useId();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(
    () =>
      pageStore.runSaga(`event:${event.type}:${id}`, function* listen() {
        yield takeEvery(event.type as string, (action: { type: string; payload: P }) => latest.current(action.payload));
      }),
    [pageStore, event, id],
  );
}

/** The latest payload of a state-like event (session, cart, wishlist, exchange), if any yet. */
export function useLatestEvent<K extends keyof LatestEvents>(type: K): LatestEvents[K] {
  return useSelector((state: { events: LatestEvents }) => state.events[type]);
}
