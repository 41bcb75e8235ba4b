import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { combineReducers } from '@reduxjs/toolkit';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { wait } from '../../../app/wait';
import { page } from '../../../testing/fixtures';
import { fetchFilters, fetchPage, fetchSubCategories, listingPageSize } from '../api';
import { appendWorker, categorySaga, loadWorker, SAVE_DELAY_MS } from './category-saga';
import { categoryActions as a, categorySlice, initialCategoryState, type CategoryState } from './category-slice';

it('saves visited pages 500 ms after they load (shopping §9)', () => expect(SAVE_DELAY_MS).toBe(500));

const reducer = combineReducers({ [categorySlice.reducerPath]: categorySlice.reducer });
const scope = { kind: 'category' as const, id: 3100 };
const load = a.load({ key: 'cat:3100', scope, params: {} });
const withState = (s: Partial<CategoryState>) => ({ [categorySlice.reducerPath]: { ...initialCategoryState, ...s } });
/** A category with one filter group and one sub-category; other answers given by the test. */
const listingApi = (more: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    'catalogue.category': { result: page([1, 2]) },
    'catalogue.filters': { result: { filters: [{ id: 'brand', name: 'Brand', options: [] }] } },
    'catalogue.subCategories': { result: { subCategories: [{ id: 3101, name: 'Round', url: '/r' }] } },
    ...more,
  });

describe('category saga', () => {
  it('loads the first page, then filters and sub-categories, and saves the page after 500 ms', async () => {
    const api = listingApi();
    const { storeState } = await expectSaga(loadWorker, { api: api.client }, load)
      .withReducer(reducer, withState({ key: 'cat:3100', status: 'loading' }))
      .provide([[matchers.call.fn(wait), undefined]])
      .call(fetchPage, api.client, scope, {}, 0, 15)
      .put(a.loaded({ key: 'cat:3100', data: page([1, 2]), pageSize: 15 }))
      .put(a.filtersLoaded({ key: 'cat:3100', filters: [{ id: 'brand', name: 'Brand', options: [] }] }))
      .put(a.subCategoriesLoaded({ key: 'cat:3100', subCategories: [{ id: 3101, name: 'Round', url: '/r' }] }))
      .call(wait, SAVE_DELAY_MS)
      .put(a.cached({ key: 'cat:3100', data: page([1, 2]), counter: 1, pageSize: 15 }))
      .silentRun(50);
    expect((storeState[categorySlice.reducerPath] as CategoryState).cache.map((c) => c.key)).toEqual(['cat:3100']);
    expect(api.callsTo('catalogue.category').map((c) => [c.params, c.query])).toEqual([[{ id: '3100' }, { 'page-size': '15', page: '0' }]]);
    expect(api.callsTo('catalogue.subCategories').map((c) => c.params)).toEqual([{ gender: 'unisex', catalogId: '3100' }]);
  });

  it('asks with the page size of the CATEGORY_PAGE_SIZE_COUNT setting, and the next pages with the same size (shopping §7, §9)', async () => {
    const api = listingApi({ 'catalogue.category': { result: page([1, 2], 40) } });
    const deps = { api: api.client, pageSize: () => Promise.resolve(listingPageSize({ CATEGORY_PAGE_SIZE_COUNT: 20 })) };
    const { storeState } = await expectSaga(categorySaga, deps)
      .withReducer(reducer, withState({}))
      .provide([[matchers.call.fn(wait), undefined]])
      .dispatch(load)
      .put(a.loaded({ key: 'cat:3100', data: page([1, 2], 40), pageSize: 20 }))
      .delay(10)
      .dispatch(a.appendRequested())
      .silentRun(50);
    expect(api.callsTo('catalogue.category').map((c) => c.query)).toEqual([
      { 'page-size': '20', page: '0' },
      { 'page-size': '20', page: '1' },
    ]);
    expect((storeState as ReturnType<typeof withState>)[categorySlice.reducerPath]!.cache[0]).toMatchObject({ key: 'cat:3100', pageSize: 20 });
  });

  it('asks 15 a page when the settings cannot be read or hold no size the API takes', async () => {
    expect([
      listingPageSize(null),
      listingPageSize({}),
      listingPageSize({ CATEGORY_PAGE_SIZE_COUNT: 0 }),
      listingPageSize({ CATEGORY_PAGE_SIZE_COUNT: 'x' }),
    ]).toEqual([15, 15, 15, 15]);
    expect(listingPageSize({ CATEGORY_PAGE_SIZE_COUNT: '24' })).toBe(24);
    const api = listingApi();
    await expectSaga(loadWorker, { api: api.client, pageSize: () => Promise.reject(new Error('offline')) }, load)
      .withReducer(reducer, withState({ key: 'cat:3100', status: 'loading' }))
      .provide([[matchers.call.fn(wait), undefined]])
      .put(a.loaded({ key: 'cat:3100', data: page([1, 2]), pageSize: 15 }))
      .silentRun(50);
    expect(api.callsTo('catalogue.category').map((c) => c.query)).toEqual([{ 'page-size': '15', page: '0' }]);
  });

  it('a visited page comes from the cache without a call', async () => {
    const api = listingApi({ 'catalogue.filters': { result: { filters: [] } }, 'catalogue.subCategories': { result: { subCategories: [] } } });
    const cached = { key: 'cat:3100', data: page([9]), counter: 3 };
    await expectSaga(loadWorker, { api: api.client }, load)
      .withReducer(reducer, withState({ key: 'cat:3100', status: 'loading', cache: [cached] }))
      .provide([[matchers.call.fn(wait), undefined]])
      .not.call.fn(fetchPage)
      .put(a.restored(cached))
      .silentRun(50);
    expect(api.callsTo('catalogue.category')).toEqual([]);
  });

  it('a failure stores the error and stops', async () => {
    const api = listingApi({ 'catalogue.category': fail(404, { message: 'No category 3100' }) });
    await expectSaga(loadWorker, { api: api.client }, load)
      .withReducer(reducer, withState({ key: 'cat:3100', status: 'loading' }))
      .put(a.failed({ key: 'cat:3100', status: 404, message: 'No category 3100' }))
      .not.call.fn(fetchFilters)
      .silentRun(50);
    expect(api.callsTo('catalogue.filters')).toEqual([]);
  });

  it('an empty filter answer turns the filters off', async () => {
    const api = listingApi({ 'catalogue.filters': { result: { filters: [] } }, 'catalogue.subCategories': fail(500) });
    await expectSaga(loadWorker, { api: api.client }, load)
      .withReducer(reducer, withState({ key: 'cat:3100', status: 'loading' }))
      .provide([[matchers.call.fn(wait), undefined]])
      .call(fetchSubCategories, api.client, 3100, 'unisex')
      .put(a.filtersLoaded({ key: 'cat:3100', filters: [] }))
      .put(a.subCategoriesFailed({ key: 'cat:3100' }))
      .silentRun(50);
  });

  it('scrolling asks for the page after the ones loaded and appends it', async () => {
    const api = listingApi({ 'catalogue.category': { result: page([3, 4]) } });
    const state = withState({ key: 'cat:3100', status: 'ready', data: page([1, 2], 40), counter: 2 });
    await expectSaga(appendWorker, { api: api.client }, scope, { sort: 'price' })
      .withReducer(reducer, state)
      .provide([[matchers.call.fn(wait), undefined]])
      .call(fetchPage, api.client, scope, { sort: 'price' }, 2, 15)
      .put(a.appended({ key: 'cat:3100', products: page([3, 4]).product_list }))
      .silentRun(50);
    expect(api.callsTo('catalogue.category').map((c) => c.query)).toEqual([{ sort: 'price', 'page-size': '15', page: '2' }]);
  });

  it('the whole saga: a scroll appends the next page, saved a moment later, and a second scroll meanwhile asks for the page after', async () => {
    const api = listingApi({ 'catalogue.category': { result: page([3, 4], 40) } });
    const state = withState({ key: 'cat:3100', status: 'ready', data: page([1, 2], 40), counter: 2, request: { scope, params: {} } });
    const { storeState } = await expectSaga(categorySaga, { api: api.client })
      .withReducer(reducer, state)
      .provide([[matchers.call.fn(wait), undefined]])
      .dispatch(a.appendRequested())
      .put(a.appended({ key: 'cat:3100', products: page([3, 4]).product_list }))
      .dispatch(a.appendRequested())
      .silentRun(50);
    expect(api.callsTo('catalogue.category').map((c) => c.query)).toEqual([
      { 'page-size': '15', page: '2' },
      { 'page-size': '15', page: '3' },
    ]);
    const saved = (storeState as ReturnType<typeof withState>)[categorySlice.reducerPath]!.cache;
    expect(saved.map((c) => c.key)).toEqual(['cat:3100']);
  });

  it('does not ask past the last product', async () => {
    const api = listingApi();
    await expectSaga(appendWorker, { api: api.client }, scope, {})
      .withReducer(reducer, withState({ key: 'cat:3100', status: 'ready', data: page([1, 2], 2), counter: 1 }))
      .not.call.fn(fetchPage)
      .put(a.appendFailed())
      .silentRun(50);
    expect(api.calls).toEqual([]);
  });
});

describe('listing calls', () => {
  it('search strips brackets from the query; search filters drop sort, dir and gan_data', async () => {
    const api = fakeApi({
      'catalogue.search': { result: page([1]) },
      'catalogue.searchFilters': { result: { filters: [] } },
    });
    await fetchPage(api.client, { kind: 'search', query: 'round (black)' }, { sort: 'price' }, 1, 15);
    await fetchFilters(api.client, { kind: 'search', query: '[aviator]' }, { sort: 'price', dir: 'asc', gan_data: 'x', brand: '6' });
    expect(api.calls.map(({ name, params, query }) => ({ name, params, query }))).toEqual([
      { name: 'catalogue.search', params: { query: 'round black' }, query: { sort: 'price', 'page-size': '15', page: '1' } },
      { name: 'catalogue.searchFilters', params: { query: 'aviator' }, query: { brand: '6' } },
    ]);
  });
  it('a collection arrives whole, named by its title', async () => {
    const api = fakeApi({ 'content.collection': { result: { id: '4003', title: 'Bestsellers', items: page([1, 2, 3]).product_list } } });
    const data = await fetchPage(api.client, { kind: 'collection', url: '/collections/bestsellers.html' }, {}, 0, 15);
    expect(data).toMatchObject({ category_name: 'Bestsellers', num_of_products: 3 });
    expect(api.callsTo('content.collection').map((c) => c.query)).toEqual([{ url: '/collections/bestsellers.html' }]);
  });
});
