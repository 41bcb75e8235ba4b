import { page, product } from '../../../testing/fixtures';
import { CATEGORY_CACHE_SIZE, cacheListing, categoryActions as a, categorySlice, initialCategoryState, listingSettled } from './category-slice';

const reduce = categorySlice.reducer;
const load = a.load({ key: 'cat:3100', scope: { kind: 'category', id: 3100 }, params: {} });

describe('category state (shopping §4 Category)', () => {
  it('is settled (server render done, issue 19) once the page, filters and sub-categories are in, or the page failed', () => {
    let state = reduce(initialCategoryState, load);
    expect(state.request).toEqual({ scope: { kind: 'category', id: 3100 }, params: {} });
    expect(listingSettled(state, 'cat:3100')).toBe(false);
    state = reduce(state, a.loaded({ key: 'cat:3100', data: page([1]) }));
    state = reduce(state, a.filtersLoaded({ key: 'cat:3100', filters: [] }));
    expect(listingSettled(state, 'cat:3100')).toBe(false);
    state = reduce(state, a.subCategoriesLoaded({ key: 'cat:3100', subCategories: [] }));
    expect(listingSettled(state, 'cat:3100')).toBe(true);
    expect(listingSettled(state, 'cat:3200')).toBe(false);
    // Left with the next page on its way: loaded afresh on a return.
    expect(listingSettled(reduce(state, a.appendRequested()), 'cat:3100')).toBe(false);
    // A search has no sub-categories to wait for; a failed page is settled.
    const search = a.load({ key: 'search:x', scope: { kind: 'search', query: 'x' }, params: {} });
    expect(
      listingSettled(reduce(reduce(reduce(state, search), a.loaded({ key: 'search:x', data: page([1]) })), a.filtersFailed({ key: 'search:x' })), 'search:x'),
    ).toBe(true);
    expect(listingSettled(reduce(reduce(state, load), a.failed({ key: 'cat:3100', status: 404, message: 'x' })), 'cat:3100')).toBe(true);
  });

  it('load clears data; success stores it with counter 1', () => {
    const filled = { ...initialCategoryState, key: 'cat:1', status: 'ready' as const, data: page([1]), counter: 3 };
    const loading = reduce(filled, load);
    expect(loading).toMatchObject({ status: 'loading', data: null, counter: 0, key: 'cat:3100' });
    expect(reduce(loading, a.loaded({ key: 'cat:3100', data: page([1, 2]) }))).toMatchObject({ status: 'ready', counter: 1 });
  });
  it('load keeps what was on screen as `previous` until the next listing arrives or fails', () => {
    const filled = { ...initialCategoryState, key: 'cat:1', status: 'ready' as const, data: page([1]), counter: 3 };
    const loading = reduce(filled, load);
    expect(loading.previous).toEqual({ data: page([1]), counter: 3 });
    // A second load before the first answered keeps the same results on screen.
    const again = reduce(loading, a.load({ key: 'cat:3200', scope: { kind: 'category', id: 3200 }, params: {} }));
    expect(again.previous).toEqual({ data: page([1]), counter: 3 });
    expect(reduce(loading, a.loaded({ key: 'cat:3100', data: page([2]) })).previous).toBeNull();
    expect(reduce(loading, a.failed({ key: 'cat:3100', status: 500, message: 'x' })).previous).toBeNull();
  });
  it('a new filter of the same listing keeps the filter panel; another listing does not', () => {
    const filters = [{ id: 'brand', name: 'Brand', options: [] }];
    let state = reduce(reduce(initialCategoryState, load), a.filtersLoaded({ key: 'cat:3100', filters }));
    state = reduce(state, a.load({ key: 'cat:3100?brand=5', scope: { kind: 'category', id: 3100 }, params: { brand: '5' } }));
    expect(state).toMatchObject({ data: null, filters, filterEnabled: true, filterStatus: 'loading' });
    state = reduce(state, a.load({ key: 'cat:3200', scope: { kind: 'category', id: 3200 }, params: {} }));
    expect(state).toMatchObject({ filters: [], filterEnabled: false });
  });

  it('ignores answers for another listing', () => {
    const loading = reduce(initialCategoryState, load);
    expect(reduce(loading, a.loaded({ key: 'cat:9', data: page([1]) })).data).toBeNull();
  });
  it('scrolling appends products and raises the counter', () => {
    let state = reduce(reduce(initialCategoryState, load), a.loaded({ key: 'cat:3100', data: page([1, 2]) }));
    state = reduce(state, a.appendRequested());
    expect(state.appending).toBe(true);
    state = reduce(state, a.appended({ key: 'cat:3100', products: [product(2), product(3)] }));
    expect(state.data?.product_list.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(state.counter).toBe(2);
    expect(state.appending).toBe(false);
  });
  it('failure clears data and sets the filter flags off', () => {
    let state = reduce(reduce(initialCategoryState, load), a.loaded({ key: 'cat:3100', data: page([1]) }));
    state = reduce(state, a.filtersLoaded({ key: 'cat:3100', filters: [{ id: 'brand', name: 'Brand', options: [] }] }));
    expect(state.filterEnabled).toBe(true);
    state = reduce(state, a.failed({ key: 'cat:3100', status: 500, message: 'boom' }));
    expect(state).toMatchObject({ status: 'failed', data: null, filterEnabled: false, filters: [], error: { status: 500 } });
  });
  it('filters are enabled when any exist; an empty filter result is a failure', () => {
    const loading = reduce(initialCategoryState, load);
    expect(reduce(loading, a.filtersLoaded({ key: 'cat:3100', filters: [] }))).toMatchObject({ filterEnabled: false, filterStatus: 'failed' });
    expect(reduce(loading, a.filtersFailed({ key: 'cat:3100' }))).toMatchObject({ filterEnabled: false, filterStatus: 'failed' });
  });
  it('a sub-category failure sets the error flag', () => {
    expect(reduce(reduce(initialCategoryState, load), a.subCategoriesFailed({ key: 'cat:3100' })).subCategoriesError).toBe(true);
  });
  it('caches up to 5 visited pages; the oldest is dropped; a revisit moves to the newest', () => {
    let cache = [1, 2, 3, 4, 5].map((n) => ({ key: `cat:${n}`, data: page([n]), counter: 1 }));
    cache = cacheListing(cache, { key: 'cat:6', data: page([6]), counter: 1 });
    expect(cache.map((c) => c.key)).toEqual(['cat:2', 'cat:3', 'cat:4', 'cat:5', 'cat:6']);
    cache = cacheListing(cache, { key: 'cat:3', data: page([3, 33]), counter: 2 });
    expect(cache.map((c) => c.key)).toEqual(['cat:2', 'cat:4', 'cat:5', 'cat:6', 'cat:3']);
    expect(cache).toHaveLength(CATEGORY_CACHE_SIZE);
  });
});
