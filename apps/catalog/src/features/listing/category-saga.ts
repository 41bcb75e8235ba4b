import { all, call, put, select, spawn, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, catalogueRoutes, type CategoryData, type FilterData, type SubCategory } from '@eyewear/api-client';
import type { Api } from '../../app/api';
import { wait } from '../../shared/wait';
import { categoryActions, categorySlice, type CategoryState, type LoadPayload } from './category-slice';
import { cleanSearchTerm, withoutSort, type ListingScope } from './listing-request';

/** shopping §9: delay before saving category data. */
export const SAVE_DELAY_MS = 500;

const selectState = (state: Record<string, unknown>): CategoryState =>
  (state[categorySlice.reducerPath] as CategoryState | undefined) ?? categorySlice.getInitialState();

function errorOf(error: unknown): { status: number; message: string } {
  if (error instanceof ApiError) {
    const body = error.body as { message?: unknown } | null;
    return { status: error.status, message: typeof body?.message === 'string' ? body.message : error.message };
  }
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}

export function fetchPage(api: Api, scope: ListingScope, params: Record<string, string>, page: number): Promise<CategoryData> {
  if (scope.kind === 'category') {
    return api.call(catalogueRoutes.category, { params: { id: scope.id }, query: { ...params, page } }).then((a) => a.result);
  }
  if (scope.kind === 'search') {
    return api.call(catalogueRoutes.search, { params: { query: cleanSearchTerm(scope.query) }, query: { ...params, page } }).then((a) => a.result);
  }
  // A collection arrives whole; the page renders 5 and appends the rest (shopping §2).
  return api.call(catalogueRoutes.collection, { query: { url: scope.url } }).then(({ result }) => ({
    categoryId: Number(result.id) || null,
    category_name: result.title,
    categoryType: 'collection',
    product_list: result.items,
    num_of_products: result.items.length,
    breadcrumb: [
      { label: 'Home', url: '/' },
      { label: result.title, url: scope.url },
    ],
  }));
}

export function fetchFilters(api: Api, scope: ListingScope, params: Record<string, string>): Promise<FilterData> {
  if (scope.kind === 'category') return api.call(catalogueRoutes.filters, { params: { id: scope.id }, query: params }).then((a) => a.result);
  if (scope.kind === 'search') {
    return api.call(catalogueRoutes.searchFilters, { params: { query: cleanSearchTerm(scope.query) }, query: withoutSort(params) }).then((a) => a.result);
  }
  return Promise.resolve({ filters: [] });
}

export function fetchSubCategories(api: Api, id: number, gender: string): Promise<SubCategory[]> {
  return api.call(catalogueRoutes.subCategories, { params: { gender, catalogId: id } }).then((a) => a.result.subCategories);
}

function* saveLater(key: string) {
  yield call(wait, SAVE_DELAY_MS);
  const state: CategoryState = yield select(selectState);
  if (state.key === key && state.data) yield put(categoryActions.cached({ key, data: state.data, counter: state.counter }));
}

function* loadFilters(api: Api, { key, scope, params }: LoadPayload) {
  try {
    const data: FilterData = yield call(fetchFilters, api, scope, params);
    yield put(categoryActions.filtersLoaded({ key, filters: data.filters }));
  } catch {
    yield put(categoryActions.filtersFailed({ key }));
  }
}

function* loadSubCategories(api: Api, { key, scope, params }: LoadPayload) {
  if (scope.kind !== 'category') return;
  const gender = /^(men|women|kids)$/.test(params['gender'] ?? '') ? params['gender']! : 'unisex';
  try {
    const subCategories: SubCategory[] = yield call(fetchSubCategories, api, scope.id, gender);
    yield put(categoryActions.subCategoriesLoaded({ key, subCategories }));
  } catch {
    yield put(categoryActions.subCategoriesFailed({ key }));
  }
}

export function* loadWorker(api: Api, action: ReturnType<typeof categoryActions.load>) {
  const { key, scope, params } = action.payload;
  const state: CategoryState = yield select(selectState);
  const hit = state.cache.find((c) => c.key === key);
  if (hit) {
    yield put(categoryActions.restored(hit));
  } else {
    try {
      const data: CategoryData = yield call(fetchPage, api, scope, params, 0);
      yield put(categoryActions.loaded({ key, data }));
    } catch (error) {
      yield put(categoryActions.failed({ key, ...errorOf(error) }));
      return;
    }
  }
  yield all([call(loadFilters, api, action.payload), call(loadSubCategories, api, action.payload), call(saveLater, key)]);
}

export function* appendWorker(api: Api, scope: ListingScope, params: Record<string, string>) {
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
      const data: CategoryData = yield call(fetchPage, api, scope, params, state.counter);
      yield put(categoryActions.appended({ key, products: data.product_list }));
    } catch {
      yield put(categoryActions.appendFailed());
      return;
    }
  }
  // Detached: the next scroll must not wait for the save (takeLeading ignores it meanwhile).
  yield spawn(saveLater, key);
}

/** The listing's sagas: the latest load wins; one append at a time. */
export function categorySaga(api: Api) {
  let current: LoadPayload | null = null;
  return function* root() {
    yield spawn(function* watchLoad() {
      yield takeLatest(categoryActions.load.type, function* track(action: ReturnType<typeof categoryActions.load>) {
        current = action.payload;
        yield call(loadWorker, api, action);
      });
    });
    yield spawn(function* watchAppend() {
      yield takeLeading(categoryActions.appendRequested.type, function* append() {
        if (current) yield call(appendWorker, api, current.scope, current.params);
      });
    });
  };
}
