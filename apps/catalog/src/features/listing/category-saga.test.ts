import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { combineReducers } from '@reduxjs/toolkit';
import { wait } from '../../shared/wait';
import { ApiError } from '@eyewear/api-client';
import { fakeApi } from '../../testing/render';
import { appendWorker, fetchFilters, fetchPage, fetchSubCategories, loadWorker, SAVE_DELAY_MS } from './category-saga';

it('saves visited pages 500 ms after they load (shopping §9)', () => expect(SAVE_DELAY_MS).toBe(500));
import { categoryActions as a, categorySlice, initialCategoryState, type CategoryState } from './category-slice';
import { page } from '../../testing/fixtures';

const reducer = combineReducers({ [categorySlice.reducerPath]: categorySlice.reducer });
const api = fakeApi({});
const scope = { kind: 'category' as const, id: 3100 };
const load = a.load({ key: 'cat:3100', scope, params: {} });
const withState = (s: Partial<CategoryState>) => ({ [categorySlice.reducerPath]: { ...initialCategoryState, ...s } });

describe('category saga', () => {
  it('loads the first page, then filters and sub-categories, and saves the page after 500 ms', async () => {
    const { storeState } = await expectSaga(loadWorker, api, load)
      .withReducer(reducer, withState({ key: 'cat:3100', status: 'loading' }))
      .provide([
        [matchers.call.fn(fetchPage), page([1, 2])],
        [matchers.call.fn(fetchFilters), { filters: [{ id: 'brand', name: 'Brand', options: [] }] }],
        [matchers.call.fn(fetchSubCategories), [{ id: 3101, name: 'Round', url: '/r' }]],
        [matchers.call.fn(wait), undefined],
      ])
      .call(fetchPage, api, scope, {}, 0)
      .put(a.loaded({ key: 'cat:3100', data: page([1, 2]) }))
      .put(a.filtersLoaded({ key: 'cat:3100', filters: [{ id: 'brand', name: 'Brand', options: [] }] }))
      .put(a.subCategoriesLoaded({ key: 'cat:3100', subCategories: [{ id: 3101, name: 'Round', url: '/r' }] }))
      .call(wait, SAVE_DELAY_MS)
      .put(a.cached({ key: 'cat:3100', data: page([1, 2]), counter: 1 }))
      .silentRun(50);
    expect((storeState[categorySlice.reducerPath] as CategoryState).cache.map((c) => c.key)).toEqual(['cat:3100']);
  });

  it('a visited page comes from the cache without a call', async () => {
    const cached = { key: 'cat:3100', data: page([9]), counter: 3 };
    await expectSaga(loadWorker, api, load)
      .withReducer(reducer, withState({ key: 'cat:3100', status: 'loading', cache: [cached] }))
      .provide([
        [matchers.call.fn(fetchFilters), { filters: [] }],
        [matchers.call.fn(fetchSubCategories), []],
        [matchers.call.fn(wait), undefined],
      ])
      .not.call.fn(fetchPage)
      .put(a.restored(cached))
      .silentRun(50);
  });

  it('a failure stores the error and stops', async () => {
    await expectSaga(loadWorker, api, load)
      .withReducer(reducer, withState({ key: 'cat:3100', status: 'loading' }))
      .provide([[matchers.call.fn(fetchPage), throwError(new ApiError(404, { message: 'No category 3100' }, 'Not Found'))]])
      .put(a.failed({ key: 'cat:3100', status: 404, message: 'No category 3100' }))
      .not.call.fn(fetchFilters)
      .silentRun(50);
  });

  it('an empty filter answer turns the filters off', async () => {
    await expectSaga(loadWorker, api, load)
      .withReducer(reducer, withState({ key: 'cat:3100', status: 'loading' }))
      .provide([
        [matchers.call.fn(fetchPage), page([1])],
        [matchers.call.fn(fetchFilters), { filters: [] }],
        [matchers.call.fn(fetchSubCategories), throwError(new Error('down'))],
      ])
      .put(a.filtersLoaded({ key: 'cat:3100', filters: [] }))
      .put(a.subCategoriesFailed({ key: 'cat:3100' }))
      .silentRun(50);
  });

  it('scrolling asks for the page after the ones loaded and appends it', async () => {
    const state = withState({ key: 'cat:3100', status: 'success', data: page([1, 2], 40), counter: 2 });
    await expectSaga(appendWorker, api, scope, { sort: 'price' })
      .withReducer(reducer, state)
      .provide([
        [matchers.call.fn(fetchPage), page([3, 4])],
        [matchers.call.fn(wait), undefined],
      ])
      .call(fetchPage, api, scope, { sort: 'price' }, 2)
      .put(a.appended({ key: 'cat:3100', products: page([3, 4]).product_list }))
      .silentRun(50);
  });

  it('does not ask past the last product', async () => {
    await expectSaga(appendWorker, api, scope, {})
      .withReducer(reducer, withState({ key: 'cat:3100', status: 'success', data: page([1, 2], 2), counter: 1 }))
      .not.call.fn(fetchPage)
      .put(a.appendFailed())
      .silentRun(50);
  });
});

describe('listing calls', () => {
  it('search strips brackets from the query; search filters drop sort, dir and gan_data', async () => {
    const calls = fakeApi({
      'catalogue.search': () => ({ result: page([1]) }),
      'catalogue.searchFilters': () => ({ result: { filters: [] } }),
    });
    await fetchPage(calls, { kind: 'search', query: 'round (black)' }, { sort: 'price' }, 1);
    await fetchFilters(calls, { kind: 'search', query: '[aviator]' }, { sort: 'price', dir: 'asc', gan_data: 'x', brand: '6' });
    expect(calls.calls).toEqual([
      { name: 'catalogue.search', input: { params: { query: 'round black' }, query: { sort: 'price', page: 1 } } },
      { name: 'catalogue.searchFilters', input: { params: { query: 'aviator' }, query: { brand: '6' } } },
    ]);
  });
  it('a collection arrives whole, named by its title', async () => {
    const calls = fakeApi({ 'content.collection': () => ({ result: { id: '4003', title: 'Bestsellers', items: page([1, 2, 3]).product_list } }) });
    const data = await fetchPage(calls, { kind: 'collection', url: '/collections/bestsellers.html' }, {}, 0);
    expect(data).toMatchObject({ category_name: 'Bestsellers', num_of_products: 3 });
  });
});
