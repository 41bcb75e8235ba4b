import { all, call, fork, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { ApiClient, CategoryData, FilterData, SubCategory } from '@eyewear/api-client';
import type { LazySlices } from '@eyewear/event-bus';
import { CATEGORY_PAGE_SIZE } from '@eyewear/i18n/rules';
import { failureOf } from '../../../app/failure';
import { wait } from '../../../app/wait';
import { fetchFilters, fetchPage, fetchSubCategories } from '../api';
import type { ListingScope } from '../listing-request';
import { categoryActions, categorySlice, type CategoryState, type LoadPayload } from './category-slice';

/** What the listing saga is handed (`useInjectSaga` deps). */
export interface ListingDeps {
  api: ApiClient;
  /** The page size to ask a new listing's pages with (the remote setting's); 15 without it or when it fails. */
  pageSize?: () => Promise<number>;
}

/** A new listing's page size: the setting's (shopping §9), else the default. */
export function* pageSizeOf(deps: ListingDeps) {
  if (!deps.pageSize) return CATEGORY_PAGE_SIZE;
  try {
    const size: number = yield call(deps.pageSize);
    return size;
  } catch {
    return CATEGORY_PAGE_SIZE;
  }
}

/** shopping §9: delay before saving category data. */
export const SAVE_DELAY_MS = 500;

const selectState = (state: Partial<LazySlices>): CategoryState => state.catalogCategory ?? categorySlice.getInitialState();

function* saveLater(key: string) {
  yield call(wait, SAVE_DELAY_MS);
  const state: CategoryState = yield select(selectState);
  if (state.key === key && state.data) yield put(categoryActions.cached({ key, data: state.data, counter: state.counter, pageSize: state.pageSize }));
}

function* loadFilters(api: ApiClient, { key, scope, params }: LoadPayload) {
  try {
    const data: FilterData = yield call(fetchFilters, api, scope, params);
    yield put(categoryActions.filtersLoaded({ key, filters: data.filters }));
  } catch {
    yield put(categoryActions.filtersFailed({ key }));
  }
}

function* loadSubCategories(api: ApiClient, { key, scope, params }: LoadPayload) {
  if (scope.kind !== 'category') return;
  const gender = /^(men|women|kids)$/.test(params['gender'] ?? '') ? params['gender']! : 'unisex';
  try {
    const subCategories: SubCategory[] = yield call(fetchSubCategories, api, scope.id, gender);
    yield put(categoryActions.subCategoriesLoaded({ key, subCategories }));
  } catch {
    yield put(categoryActions.subCategoriesFailed({ key }));
  }
}

export function* loadWorker(deps: ListingDeps, action: ReturnType<typeof categoryActions.load>) {
  const { api } = deps;
  const { key, scope, params } = action.payload;
  const state: CategoryState = yield select(selectState);
  const hit = state.cache.find((c) => c.key === key);
  if (hit) {
    yield put(categoryActions.restored(hit));
  } else {
    try {
      // A collection arrives whole: no page size to ask for.
      const pageSize: number = scope.kind === 'collection' ? CATEGORY_PAGE_SIZE : yield* pageSizeOf(deps);
      const data: CategoryData = yield call(fetchPage, api, scope, params, 0, pageSize);
      yield put(categoryActions.loaded({ key, data, pageSize }));
    } catch (error) {
      yield put(categoryActions.failed({ key, ...failureOf(error) }));
      return;
    }
  }
  yield all([call(loadFilters, api, action.payload), call(loadSubCategories, api, action.payload), call(saveLater, key)]);
}

export function* appendWorker({ api }: ListingDeps, scope: ListingScope, params: Record<string, string>) {
  const state: CategoryState = yield select(selectState);
  const key = state.key;
  if (!key || !state.data || (state.data.product_list.length >= state.data.num_of_products && scope.kind !== 'collection')) {
    yield put(categoryActions.appendFailed());
    return;
  }
  if (scope.kind === 'collection') {
    yield put(categoryActions.appended({ key, products: [] }));
  } else {
    try {
      const data: CategoryData = yield call(fetchPage, api, scope, params, state.counter, state.pageSize);
      yield put(categoryActions.appended({ key, products: data.product_list }));
    } catch {
      yield put(categoryActions.appendFailed());
      return;
    }
  }
}

/**
 * The listing's sagas: the latest load wins; one append at a time, of the listing last loaded;
 * each page appended is saved a moment later by a watcher of its own (the next scroll must not
 * wait for the save: takeLeading ignores appends while one runs). All are forked: they end with
 * the saga (issue 37: spawned watchers outlived it, and a listing left and opened again had two
 * copies asking for the next page without end).
 */
export function* categorySaga(deps: ListingDeps) {
  let current: LoadPayload | null = null;
  yield fork(function* watchLoad() {
    yield takeLatest(categoryActions.load.type, function* track(action: ReturnType<typeof categoryActions.load>) {
      current = action.payload;
      yield call(loadWorker, deps, action);
    });
  });
  yield fork(function* watchAppend() {
    yield takeLeading(categoryActions.appendRequested.type, function* append() {
      // A listing the server loaded (issue 19) was never asked here: its request is in the state.
      const state: CategoryState = yield select(selectState);
      const request = current ?? state.request;
      if (request) yield call(appendWorker, deps, request.scope, request.params);
    });
  });
  yield fork(function* watchAppended() {
    yield takeLatest(categoryActions.appended.type, function* save(action: ReturnType<typeof categoryActions.appended>) {
      yield call(saveLater, action.payload.key);
    });
  });
}
