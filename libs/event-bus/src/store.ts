import { combineSlices, configureStore, type Reducer } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga, type Task } from 'redux-saga';
import { latestEventsSlice } from './latest';

/**
 * The one store of a page. The shell creates it; each remote injects its own slices and
 * starts its sagas when first mounted (`useInjectSlice`, `useInjectSaga`). A remote run
 * alone creates the same store itself.
 */
export interface PageStore {
  store: ReturnType<typeof createStore>['store'];
  rootReducer: ReturnType<typeof createStore>['rootReducer'];
  /**
   * Starts a saga under a key, once however many components ask; the returned release
   * cancels it when the last of them lets go.
   */
  runSaga<Args extends unknown[]>(key: string, saga: Saga<Args>, ...args: Args): () => void;
  /** The running task of a key, if any. */
  task(key: string): Task | undefined;
}

/**
 * The state of the remotes' lazily injected slices, by reducer path. A remote declares its own
 * (`declare module '@eyewear/event-bus' { interface LazySlices { catalogWishlist: WishlistState } }`)
 * so a selector of the page's state is typed; `useInjectSlice` returns the slice's own typed
 * selectors either way.
 */
export interface LazySlices {
  [reducerPath: string]: unknown;
}

/**
 * A page the server rendered starts from the server's state (issue 19), remotes' slices
 * included, before any remote has injected its slice: the state of a slice not injected yet
 * is kept as it is until the slice is injected, which then starts from it.
 */
function keepingUninjected(reducer: Reducer): Reducer {
  // Until every preloaded slice is injected: the inner reducer sees only the slices it knows
  // (Redux would drop, and warn about, the others), the rest is put back beside its answer.
  let uninjectedLeft = true;
  return (state, action) => {
    if (!uninjectedLeft || !state || typeof state !== 'object') return reducer(state, action);
    const known = reducer(undefined, { type: '@@eyewear/known-slices' }) as Record<string, unknown>;
    const all = state as Record<string, unknown>;
    const kept = Object.keys(all).filter((key) => !(key in known));
    if (kept.length === 0) {
      uninjectedLeft = false;
      return reducer(state, action);
    }
    const inner: Record<string, unknown> = {};
    for (const key of Object.keys(all)) if (key in known) inner[key] = all[key];
    const next = reducer(inner, action) as Record<string, unknown>;
    const changed = Object.keys(next).some((key) => next[key] !== all[key]);
    if (!changed) return state;
    const out: Record<string, unknown> = { ...next };
    for (const key of kept) out[key] = all[key];
    return out;
  };
}

function createStore(staticReducers: Record<string, Reducer>, preloadedState?: Record<string, unknown>) {
  const rootReducer = combineSlices(latestEventsSlice, staticReducers).withLazyLoadedSlices<LazySlices>();
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: (preloadedState ? keepingUninjected(rootReducer) : rootReducer) as typeof rootReducer,
    ...(preloadedState ? { preloadedState: preloadedState as ReturnType<typeof rootReducer> } : {}),
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  return { store, rootReducer, sagaMiddleware };
}

export function createPageStore(staticReducers: Record<string, Reducer> = {}, preloadedState?: Record<string, unknown>): PageStore {
  const { store, rootReducer, sagaMiddleware } = createStore(staticReducers, preloadedState);
  const running = new Map<string, { task: Task; users: number }>();
  return {
    store,
    rootReducer,
    runSaga(key, saga, ...args) {
      let entry = running.get(key);
      if (!entry || !entry.task.isRunning()) {
        entry = { task: sagaMiddleware.run(saga, ...args), users: 0 };
        running.set(key, entry);
      }
      entry.users += 1;
      const current = entry;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        current.users -= 1;
        if (current.users === 0 && running.get(key) === current) {
          current.task.cancel();
          running.delete(key);
        }
      };
    },
    task: (key) => running.get(key)?.task,
  };
}
