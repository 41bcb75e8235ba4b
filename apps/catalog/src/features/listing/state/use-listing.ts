import { useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Saga } from 'redux-saga';
import { loadSettings, shellRoutes } from '@eyewear/api-client';
import { useApiClient, useInjectSaga, useInjectSlice, useRenderEnv, useServerLoad, type LazySlices } from '@eyewear/event-bus';
import { useCountry } from '@eyewear/i18n';
import { useLocation } from '@eyewear/router';
import { useCrawlerVisit } from '../../../app/crawler';
import { listingPageSize } from '../api';
import { listingKey, listingParams, type ListingScope } from '../listing-request';
import { categorySaga, type ListingDeps } from './category-saga';
import { categoryActions, categorySlice, listingSettled } from './category-slice';

/** shopping §2: collections render the first 5 items, then append. */
export const COLLECTION_FIRST = 5;

/**
 * A listing's state: the slice and saga injected, the load of the scope with the URL's filters
 * and sort (again when they change), what is shown of it (`shown`: the listing, or while the
 * next one loads the last one, `busy`), and the next page on demand.
 */
export function useListing(scope: ListingScope) {
  const api = useApiClient();
  const country = useCountry();
  const { server } = useRenderEnv();
  const dispatch = useDispatch();
  const location = useLocation();
  // A new listing asks its pages with the remote setting's size (shopping §9): in the browser the
  // page's one settings fetch; on the server this request's own (a render worker keeps no settings).
  const deps = useMemo<ListingDeps>(
    () => ({
      api,
      pageSize: () => (server ? api.call(shellRoutes.settings).then((answer) => answer.result) : loadSettings(api, country)).then(listingPageSize),
    }),
    [api, country, server],
  );
  const injected = useInjectSlice(categorySlice);
  useInjectSaga('catalog/category', categorySaga, deps);
  const state = useSelector(injected.selectors.selectCategory);

  const params = useMemo(() => listingParams(location.search), [location.search]);
  const key = listingKey(scope, params);
  // The server renders the listing's first page, filters and sub-categories (issue 19); a page
  // hydrated from them is not loaded again. Loads again when the scope or the URL's filters change.
  useServerLoad<Partial<LazySlices>>({
    key: `${key} ${JSON.stringify(scope)}`,
    // useServerLoad hands the saga `deps` as given (its type is any object).
    saga: categorySaga as Saga<[object]>,
    sagaKey: 'catalog/category',
    deps,
    action: () => categoryActions.load({ key, scope, params }),
    done: (root) => listingSettled(root.catalogCategory, key),
  });
  const crawler = useCrawlerVisit();

  const current = state.key === key ? state : null;
  const data = current?.data ?? null;
  // While the next listing loads (a filter, a sort, another category), the last results stay on
  // screen, dimmed, until the new ones arrive: never an empty grid in between.
  const pending = !current || current.status === 'loading' || current.status === 'idle';
  const stale = !pending ? null : current ? state.previous : state.data ? { data: state.data, counter: state.counter } : state.previous;
  const busy = stale !== null;
  const shown = data ?? stale?.data ?? null;
  const counter = data ? (current?.counter ?? 1) : (stale?.counter ?? 1);
  const all = shown?.product_list ?? [];
  const visible = scope.kind === 'collection' && !crawler ? all.slice(0, COLLECTION_FIRST * Math.max(1, counter)) : all;
  const total = shown?.num_of_products ?? 0;
  const hasMore = !busy && (scope.kind === 'collection' ? visible.length < all.length : all.length < total);
  const more = () => {
    if (hasMore && !current?.appending) dispatch(categoryActions.appendRequested());
  };
  const retry = () => dispatch(categoryActions.load({ key, scope, params }));
  return { current, data, shown, busy, params, all, visible, total, hasMore, more, retry };
}

export type Listing = ReturnType<typeof useListing>;
