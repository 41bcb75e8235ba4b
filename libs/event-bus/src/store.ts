import { combineSlices, configureStore, type Reducer } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga, type Task } from 'redux-saga';
import { latestEventsSlice } from './latest';

/**
 * The one store of a page. The shell creates it; each remote injects its own slices and
 * starts its sagas when first mounted (`useInjectSlice`, `useInjectSaga`). A remote run
 * alone creates the same store itself.
 *
 * The lifecycle of a saga is the platform's (issue 37): a remote's saga runs once per key for
 * the page's life, whatever its components do (mount, unmount, route changes), and stops only
 * when its area is gone for good (`stopArea`: the shell forgets a remote's build). No saga
 * outlives that: a `spawn` inside any saga of this store is attached to its parent (see
 * `attachDetachedForks`), so cancelling a saga cancels every watcher it started.
 */
export interface PageStore {
  store: ReturnType<typeof createStore>['store'];
  rootReducer: ReturnType<typeof createStore>['rootReducer'];
  /**
   * Starts a remote's saga under a key for the page's life: once, however often it is asked
   * (every mount of every component that uses it asks again). The key is `<area>/<name>`, the
   * area being the remote's name (`cart-checkout/cart/in`). A saga that ended (it returned or
   * failed) is started again by the next ask; the same key with another saga function (a new
   * build of the remote, loaded after the old one was forgotten) stops the old one first.
   */
  startSaga<Args extends unknown[]>(key: string, saga: Saga<Args>, ...args: Args): Task;
  /**
   * Runs a saga while its callers hold it (a component's listener, `useEvent`; a server
   * render's load): started once per key however many callers, cancelled when the last lets
   * go. A key also started with `startSaga` keeps running for the page's life.
   */
  runSaga<Args extends unknown[]>(key: string, saga: Saga<Args>, ...args: Args): () => void;
  /**
   * Stops every saga of an area (keys `<area>/...`), and all they started: the area is gone
   * for good (its remote's build was forgotten, to be loaded again or replaced). The next
   * mount of one of its components starts them again.
   */
  stopArea(area: string): void;
  /** The running task of a key, if any. */
  task(key: string): Task | undefined;
}

/**
 * An effect middleware of the page's saga middleware: a detached fork (`spawn`) becomes an
 * attached one. A detached watcher outlives the saga that started it, so a saga started again
 * (or two remotes' copies) would leave copies that each handle every action: the fault of issue
 * 37 (one tap on + added three units; the listing looped on its next page). Attached, it ends
 * with its parent, and its errors reach the parent like any fork's. Lint forbids `spawn` in the
 * apps too (eslint.config.mjs), so nobody writes one expecting it to be detached.
 */
export function attachDetachedForks(next: (effect: unknown) => void) {
  return (effect: unknown) => {
    const e = effect as { type?: string; payload?: { detached?: boolean } } | null;
    if (e && e.type === 'FORK' && e.payload?.detached === true) return next({ ...e, payload: { ...e.payload, detached: false } });
    return next(effect);
  };
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
  const sagaMiddleware = createSagaMiddleware({ effectMiddlewares: [attachDetachedForks] });
  const store = configureStore({
    reducer: (preloadedState ? keepingUninjected(rootReducer) : rootReducer) as typeof rootReducer,
    ...(preloadedState ? { preloadedState: preloadedState as ReturnType<typeof rootReducer> } : {}),
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  return { store, rootReducer, sagaMiddleware };
}

interface Running {
  task: Task;
  saga: Saga;
  /** Callers of `runSaga` holding it. */
  holders: number;
  /** Started with `startSaga`: runs for the page's life, whatever the holders do. */
  pinned: boolean;
}

export function createPageStore(staticReducers: Record<string, Reducer> = {}, preloadedState?: Record<string, unknown>): PageStore {
  const { store, rootReducer, sagaMiddleware } = createStore(staticReducers, preloadedState);
  const running = new Map<string, Running>();
  const stop = (key: string) => {
    const entry = running.get(key);
    if (!entry) return;
    running.delete(key);
    entry.task.cancel();
  };
  const live = (key: string) => {
    const entry = running.get(key);
    return entry && entry.task.isRunning() ? entry : undefined;
  };
  const start = (key: string, saga: Saga, args: unknown[], pinned: boolean): Running => {
    const entry: Running = { task: sagaMiddleware.run(saga as Saga<unknown[]>, ...args), saga, holders: 0, pinned };
    running.set(key, entry);
    return entry;
  };
  return {
    store,
    rootReducer,
    startSaga(key, saga, ...args) {
      const entry = live(key);
      if (entry && entry.saga === saga) {
        entry.pinned = true;
        return entry.task;
      }
      // Another saga under the key: the old build's, replaced by the new one's.
      if (entry) stop(key);
      return start(key, saga as Saga, args, true).task;
    },
    runSaga(key, saga, ...args) {
      const current = live(key) ?? start(key, saga as Saga, args, false);
      current.holders += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        current.holders -= 1;
        if (current.holders === 0 && !current.pinned && running.get(key) === current) stop(key);
      };
    },
    stopArea(area) {
      for (const key of [...running.keys()]) if (key === area || key.startsWith(`${area}/`)) stop(key);
    },
    task: (key) => live(key)?.task,
  };
}
