import { createContext, useContext, useEffect, useId, useRef, type ReactNode } from 'react';
import { Provider, useSelector } from 'react-redux';
import { type Reducer } from '@reduxjs/toolkit';
import { type Saga } from 'redux-saga';
import { takeEvery } from 'redux-saga/effects';
import { type EventCreator } from './events';
import { type LatestEvents } from './latest';
import { type PageStore } from './store';

const PageStoreContext = createContext<PageStore | null>(null);

/**
 * The page's store for every app below. `serverState`: on a page the server rendered, the state
 * it rendered with (issue 19): every part of the page reads it while it hydrates, however late
 * (React hydrates Suspense boundaries after the root), so a store that moved on meanwhile (the
 * session read after hydration) cannot make the hydration differ from the HTML; then each part
 * renders with the store's current state.
 */
export function PageStoreProvider({ pageStore, serverState, children }: { pageStore: PageStore; serverState?: unknown; children: ReactNode }) {
  return (
    <PageStoreContext.Provider value={pageStore}>
      <Provider store={pageStore.store} {...(serverState === undefined ? {} : { serverState: serverState as ReturnType<PageStore['store']['getState']> })}>
        {children}
      </Provider>
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

/** One deps object per page store and saga key, shared by every user of the key. */
const sagaDeps = new WeakMap<PageStore, Map<string, object>>();

function depsOf(pageStore: PageStore, key: string): object {
  let byKey = sagaDeps.get(pageStore);
  if (!byKey) sagaDeps.set(pageStore, (byKey = new Map()));
  let deps = byKey.get(key);
  if (!deps) byKey.set(key, (deps = {}));
  return deps;
}

/**
 * Starts a remote's saga for the page's life (`PageStore.startSaga`): once per key, however
 * often its components mount, unmount and mount again, across route changes; it stops only
 * when its area is gone for good (`PageStore.stopArea`). The key is `<remote>/<name>`. `deps`
 * (the API client, `navigate`, settings) are handed to the saga as one object per saga key
 * whose fields always hold the latest committed render's values, whichever user of the key
 * rendered last: a new `navigate` per path never restarts the saga (which would cancel a
 * payment half-way), and the saga reads the current one when it needs it.
 */
export function useInjectSaga<D extends object>(key: string, saga: Saga<[D]>, deps: D): void;
export function useInjectSaga(key: string, saga: Saga<[]>): void;
export function useInjectSaga(key: string, saga: Saga, deps: object = {}) {
  const pageStore = usePageStore();
  const shared = depsOf(pageStore, key);
  // The first render fills what is still empty, so the saga starts with its deps; later
  // values land after each commit (never during a render that may be thrown away).
  for (const [name, value] of Object.entries(deps)) if (!(name in shared)) (shared as Record<string, unknown>)[name] = value;
  useEffect(() => {
    Object.assign(shared, deps);
  });
  // Every mount asks; the store starts it only when it is not running already.
  useEffect(() => {
    pageStore.startSaga(key, saga, shared);
  }, [pageStore, key, saga, shared]);
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

/**
 * The latest payload of a state-like event (session, cart, wishlist, exchange), if any yet; or,
 * with `select`, what the component reads of it: the component then renders again only when that
 * changes (a card that shows a tag by `hasPlacedOrder` is not rendered again for a guest's session).
 */
export function useLatestEvent<K extends keyof LatestEvents>(type: K): LatestEvents[K];
export function useLatestEvent<K extends keyof LatestEvents, R>(type: K, select: (payload: LatestEvents[K]) => R): R;
export function useLatestEvent<K extends keyof LatestEvents, R>(type: K, select?: (payload: LatestEvents[K]) => R): LatestEvents[K] | R {
  return useSelector((state: { events: LatestEvents }) => (select ? select(state.events[type]) : state.events[type]));
}
