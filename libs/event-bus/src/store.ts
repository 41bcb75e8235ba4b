import { combineSlices, configureStore, type Reducer } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga, type Task } from 'redux-saga';

/**
 * The one store of a page. The shell creates it; each remote injects its own slices
 * (`slice.injectInto(pageStore.rootReducer)`) and starts its root saga when first mounted.
 * A remote run alone creates the same store itself.
 */
export interface PageStore {
  store: ReturnType<typeof createStore>['store'];
  rootReducer: ReturnType<typeof createStore>['rootReducer'];
  /** Starts a saga once per key, so a remounted remote does not start its saga twice. */
  runSaga(key: string, saga: Saga): Task | undefined;
}

// The shell's own slice is added by the shell at creation; remotes are lazy.
export type LazySlices = Record<string, unknown>;

function createStore(staticReducers: Record<string, Reducer>) {
  const rootReducer = combineSlices(staticReducers).withLazyLoadedSlices<LazySlices>();
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  return { store, rootReducer, sagaMiddleware };
}

export function createPageStore(staticReducers: Record<string, Reducer> = {}): PageStore {
  const { store, rootReducer, sagaMiddleware } = createStore(
    Object.keys(staticReducers).length > 0 ? staticReducers : { _page: (s: number = 0) => s },
  );
  const running = new Map<string, Task>();
  return {
    store,
    rootReducer,
    runSaga(key, saga) {
      const task = running.get(key);
      if (task?.isRunning()) return task;
      const started = sagaMiddleware.run(saga);
      running.set(key, started);
      return started;
    },
  };
}
