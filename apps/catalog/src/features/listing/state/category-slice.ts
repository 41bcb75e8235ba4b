import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CategoryData, Filter, ListingProduct, SubCategory } from '@eyewear/api-client';
import type { LoadStatus } from '@eyewear/event-bus';
import { CATEGORY_PAGE_SIZE } from '@eyewear/i18n/rules';
import type { ListingScope } from '../listing-request';

/** shopping §9: visited category pages kept, up to 5; the oldest is dropped. */
export const CATEGORY_CACHE_SIZE = 5;

export interface CachedListing {
  key: string;
  data: CategoryData;
  counter: number;
  /** The page size its pages were asked with (the next page asks the same). */
  pageSize?: number;
}

export interface CategoryState {
  key: string | null;
  /** What `key` asks for: the next page asks the same (also of a listing the server loaded, issue 19). */
  request: { scope: ListingScope; params: Record<string, string> } | null;
  status: LoadStatus;
  data: CategoryData | null;
  /** Pages loaded so far; scrolling appends a page and raises it (shopping §4 Category). */
  counter: number;
  /**
   * The page size the listing's first page was asked with (shopping §9: 15, or the
   * CATEGORY_PAGE_SIZE_COUNT setting): its next pages ask the same, so none is skipped or
   * repeated, also after the server loaded the first (issue 19).
   */
  pageSize: number;
  appending: boolean;
  error: { status: number; message: string } | null;
  filters: Filter[];
  /** The filter panel shows only when filter data arrived with at least one filter. */
  filterEnabled: boolean;
  filterStatus: LoadStatus;
  subCategories: SubCategory[];
  subCategoriesError: boolean;
  /** A category's sub-categories load after its page ('idle' for other listings). */
  subCategoriesStatus: LoadStatus;
  cache: CachedListing[];
  /**
   * What was on screen when the load started (its data and counter): the page keeps showing it,
   * dimmed, until the new listing arrives (shopping §2: the old page stays visible until ready).
   */
  previous: { data: CategoryData; counter: number } | null;
}

declare module '@eyewear/event-bus' {
  interface LazySlices {
    catalogCategory: CategoryState;
  }
}

export const initialCategoryState: CategoryState = {
  key: null,
  request: null,
  status: 'idle',
  data: null,
  counter: 0,
  pageSize: CATEGORY_PAGE_SIZE,
  appending: false,
  error: null,
  filters: [],
  filterEnabled: false,
  filterStatus: 'idle',
  subCategories: [],
  subCategoriesError: false,
  subCategoriesStatus: 'idle',
  cache: [],
  previous: null,
};

export interface LoadPayload {
  key: string;
  scope: ListingScope;
  params: Record<string, string>;
}

export function cacheListing(cache: CachedListing[], entry: CachedListing): CachedListing[] {
  const rest = cache.filter((c) => c.key !== entry.key);
  return [...rest, entry].slice(-CATEGORY_CACHE_SIZE);
}

export const categorySlice = createSlice({
  name: 'catalogCategory',
  initialState: initialCategoryState,
  reducers: {
    /** Load clears data (shopping §4). */
    load(state, action: PayloadAction<LoadPayload>) {
      // A new filter or sort of the same listing keeps the filter panel on screen (and the
      // focus in it) until the new filter data arrives; another listing starts empty.
      const sameListing = state.key !== null && state.key.split('?')[0] === action.payload.key.split('?')[0];
      const keptFilters = sameListing ? state.filters : [];
      if (state.data) state.previous = { data: state.data, counter: state.counter };
      state.key = action.payload.key;
      state.request = { scope: action.payload.scope, params: action.payload.params };
      state.status = 'loading';
      state.data = null;
      state.counter = 0;
      state.appending = false;
      state.error = null;
      state.filters = keptFilters;
      state.filterEnabled = keptFilters.length > 0;
      state.filterStatus = 'loading';
      state.subCategories = [];
      state.subCategoriesError = false;
      state.subCategoriesStatus = action.payload.scope.kind === 'category' ? 'loading' : 'idle';
    },
    loaded(state, action: PayloadAction<{ key: string; data: CategoryData; pageSize?: number }>) {
      if (action.payload.key !== state.key) return;
      state.status = 'ready';
      state.data = action.payload.data;
      state.counter = 1;
      state.pageSize = action.payload.pageSize ?? CATEGORY_PAGE_SIZE;
      state.previous = null;
    },
    restored(state, action: PayloadAction<CachedListing>) {
      if (action.payload.key !== state.key) return;
      state.status = 'ready';
      state.data = action.payload.data;
      state.counter = action.payload.counter;
      state.pageSize = action.payload.pageSize ?? CATEGORY_PAGE_SIZE;
      state.previous = null;
    },
    /** Failure clears data and sets the filter flags off (shopping §4, §8). */
    failed(state, action: PayloadAction<{ key: string; status: number; message: string }>) {
      if (action.payload.key !== state.key) return;
      state.status = 'failed';
      state.data = null;
      state.previous = null;
      state.error = { status: action.payload.status, message: action.payload.message };
      state.filters = [];
      state.filterEnabled = false;
      state.filterStatus = 'failed';
      state.subCategoriesStatus = 'idle';
    },
    appendRequested(state) {
      if (state.status === 'ready') state.appending = true;
    },
    /** Scrolling appends products and raises the counter (shopping §4). */
    appended(state, action: PayloadAction<{ key: string; products: ListingProduct[] }>) {
      if (action.payload.key !== state.key || !state.data) return;
      const seen = new Set(state.data.product_list.map((p) => p.id));
      state.data.product_list.push(...action.payload.products.filter((p) => !seen.has(p.id)));
      state.counter += 1;
      state.appending = false;
    },
    appendFailed(state) {
      state.appending = false;
    },
    /** Filter success is enabled when any filters exist; an empty filter result is a failure (shopping §4). */
    filtersLoaded(state, action: PayloadAction<{ key: string; filters: Filter[] }>) {
      if (action.payload.key !== state.key) return;
      const any = action.payload.filters.length > 0;
      state.filters = action.payload.filters;
      state.filterEnabled = any;
      state.filterStatus = any ? 'ready' : 'failed';
    },
    filtersFailed(state, action: PayloadAction<{ key: string }>) {
      if (action.payload.key !== state.key) return;
      state.filters = [];
      state.filterEnabled = false;
      state.filterStatus = 'failed';
    },
    subCategoriesLoaded(state, action: PayloadAction<{ key: string; subCategories: SubCategory[] }>) {
      if (action.payload.key !== state.key) return;
      state.subCategories = action.payload.subCategories;
      state.subCategoriesError = false;
      state.subCategoriesStatus = 'ready';
    },
    /** Sub-category failure sets an error flag (shopping §4). */
    subCategoriesFailed(state, action: PayloadAction<{ key: string }>) {
      if (action.payload.key !== state.key) return;
      state.subCategories = [];
      state.subCategoriesError = true;
      state.subCategoriesStatus = 'failed';
    },
    cached(state, action: PayloadAction<CachedListing>) {
      state.cache = cacheListing(state.cache, action.payload);
    },
  },
  selectors: {
    selectCategory: (state) => state,
  },
});

export const categoryActions = categorySlice.actions;

/**
 * Whether the slice holds the listing `key` as a render shows it: failed, or its page, filters and
 * sub-categories in (what a server render waits for, and what a hydrating page need not load again).
 */
export function listingSettled(state: CategoryState | undefined, key: string): boolean {
  if (!state || state.key !== key) return false;
  if (state.status === 'failed') return true;
  // A page left half-way (an append, a filter) on its way is loaded afresh on a return.
  return state.status === 'ready' && state.filterStatus !== 'loading' && state.subCategoriesStatus !== 'loading' && !state.appending;
}
