import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useInjectSaga, useInjectSlice, useLatestEvent } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link, useLocation, useNavigate } from '@eyewear/router';
import { SkeletonGrid, useDocumentTitle } from '@eyewear/ui';
import { useApi } from '../../app/api';
import { messages } from '../../app/messages';
import { isCrawlerVisit } from '../../shared/crawler';
import { useInView } from '../../shared/use-in-view';
import { useWishlist } from '../wishlist/use-wishlist';
import { wishlistActions } from '../wishlist/wishlist-slice';
import { categorySaga } from './category-saga';
import { categoryActions, categorySlice } from './category-slice';
import { listingKey, listingParams, SORT_OPTIONS, type ListingScope } from './listing-request';
import { ProductCard } from './ProductCard';
import '../../shared/catalog.css';

/** shopping §2: collections render the first 5 items, then append. */
export const COLLECTION_FIRST = 5;

// Filters arrive after the products, and empty searches are rare: both load on demand.
const FilterPanel = lazy(() => import('./FilterPanel').then((mod) => ({ default: mod.FilterPanel })));
const SearchSuggestions = lazy(() => import('./SearchSuggestions').then((mod) => ({ default: mod.SearchSuggestions })));

const sagas = new WeakMap<object, ReturnType<typeof categorySaga>>();

export interface ListingViewProps {
  scope: ListingScope;
  testId: string;
  /** Shown as the h1 until the data names the page (and for search: 'Results for "q"'). */
  heading: string;
}

/** A category, collection or search listing: filters, sort, infinite scroll, grid or list. */
export function ListingView({ scope, testId, heading }: ListingViewProps) {
  const m = useMessages(messages);
  const api = useApi();
  const dispatch = useDispatch();
  const location = useLocation();
  const navigate = useNavigate();
  const injected = useInjectSlice(categorySlice);
  let saga = sagas.get(api);
  if (!saga) {
    saga = categorySaga(api);
    sagas.set(api, saga);
  }
  useInjectSaga('catalog/category', saga);
  const wishlist = useWishlist();
  const state = useSelector(injected.selectors.selectCategory);
  const exchange = useLatestEvent('exchange/changed');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [filtersOpen, setFiltersOpen] = useState(false);

  const params = useMemo(() => listingParams(location.search), [location.search]);
  const key = listingKey(scope, params);
  const scopeJson = JSON.stringify(scope);
  useEffect(() => {
    dispatch(categoryActions.load({ key, scope: JSON.parse(scopeJson) as ListingScope, params }));
    // `params` is derived from `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, key, scopeJson]);
  useEffect(() => {
    if (wishlist.login) dispatch(wishlistActions.load({ attributes: false }));
  }, [dispatch, wishlist.login]);

  const current = state.key === key ? state : null;
  const data = current?.data ?? null;
  const crawler = isCrawlerVisit();
  const all = data?.product_list ?? [];
  const visible = scope.kind === 'collection' && !crawler ? all.slice(0, COLLECTION_FIRST * Math.max(1, current?.counter ?? 1)) : all;
  const total = data?.num_of_products ?? 0;
  const hasMore = scope.kind === 'collection' ? visible.length < all.length : all.length < total;
  const more = () => {
    if (hasMore && !current?.appending) dispatch(categoryActions.appendRequested());
  };
  const sentinel = useInView<HTMLDivElement>(more, Boolean(data) && hasMore && !current?.appending, visible.length);

  const title = scope.kind === 'search' ? heading : (data?.category_name ?? heading);
  useDocumentTitle(title, m.siteName);

  const setParam = (name: string, values: string[]) => {
    const next = new URLSearchParams(location.search);
    next.delete(name);
    if (values.length > 0) next.set(name, values.join(','));
    navigate({ pathname: location.pathname, search: next.toString() ? `?${next.toString()}` : '' });
  };
  const clearFilters = () => {
    const next = new URLSearchParams();
    const q = new URLSearchParams(location.search).get('q');
    if (q) next.set('q', q);
    navigate({ pathname: location.pathname, search: next.toString() ? `?${next.toString()}` : '' });
  };
  const sortValue = SORT_OPTIONS.find((o) => o.sort === (params['sort'] ?? null) && (o.dir === null || o.dir === (params['dir'] ?? o.dir)))?.value ?? '';
  const sortLabels: Record<string, string> = {
    '': m.sortRelevance,
    'price-asc': m.sortPriceAsc,
    'price-desc': m.sortPriceDesc,
    rating: m.sortRating,
    new: m.sortNew,
    popular: m.sortPopular,
  };

  let content;
  if (!current || current.status === 'loading' || current.status === 'idle') {
    content = <SkeletonGrid label={m.listingLoading} />;
  } else if (current.status === 'failure') {
    const missing = current.error?.status === 404;
    content = (
      <div className="catalog-state" role="alert">
        <h2>{missing ? m.listingNotFound : m.listingFailed}</h2>
        <p>{missing ? m.listingNotFoundDetail : m.listingFailedDetail}</p>
        {missing ? (
          <Link to="/">{m.goHome}</Link>
        ) : (
          <button type="button" className="ui-button" onClick={() => dispatch(categoryActions.load({ key, scope, params }))}>
            {m.retry}
          </button>
        )}
      </div>
    );
  } else if (all.length === 0 && scope.kind === 'search') {
    content = (
      <Suspense fallback={null}>
        <SearchSuggestions query={scope.query} />
      </Suspense>
    );
  } else {
    content = (
      <>
        <ul className={`catalog-grid catalog-grid--${view}`} aria-label={title}>
          {visible.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} saved={wishlist.ids.has(product.id)} onToggleWishlist={wishlist.toggle} eager={index < 3} />
            </li>
          ))}
        </ul>
        <div ref={sentinel} className="catalog-more" aria-live="polite">
          {current.appending ? <span role="status">{m.loadingMore}</span> : null}
          {hasMore && !current.appending ? (
            <button type="button" className="ui-button ui-button--link" onClick={more}>
              {m.loadMore}
            </button>
          ) : null}
          {!hasMore && all.length > 0 ? (
            <span className="catalog-muted">{formatMessage(m.endOfList, { count: scope.kind === 'collection' ? all.length : total })}</span>
          ) : null}
        </div>
      </>
    );
  }

  const filtersShown = Boolean(current?.filterEnabled) && (data?.product_list.length ?? 0) + Object.keys(params).length > 0;
  return (
    <article className="remote-page catalog-listing" data-testid={testId}>
      {data && data.breadcrumb.length > 1 ? (
        <nav aria-label={m.breadcrumb} className="catalog-breadcrumb">
          <ol>
            {data.breadcrumb.map((crumb, i) => (
              <li key={crumb.url}>
                {i === data.breadcrumb.length - 1 ? <span aria-current="page">{crumb.label}</span> : <Link to={crumb.url}>{crumb.label}</Link>}
              </li>
            ))}
          </ol>
        </nav>
      ) : data ? null : (
        // The breadcrumb's row, kept while the listing loads: the page does not shift when it comes.
        <div className="catalog-breadcrumb" aria-hidden="true" />
      )}
      <header className="catalog-listing__head">
        <h1>{title}</h1>
        {data ? <p className="catalog-muted">{total === 1 ? m.productCountOne : formatMessage(m.productCount, { count: total })}</p> : null}
      </header>
      {exchange?.active ? <p className="catalog-notice">{m.exchangeMode}</p> : null}
      {data?.cat_img_link ? <img className="catalog-banner" src={data.cat_img_link} alt="" width="1200" height="360" /> : null}
      {current && current.subCategories.length > 0 ? (
        <nav aria-label={m.subCategories} className="catalog-chips">
          {current.subCategories.map((c) => (
            <Link key={c.id} to={c.url} className="catalog-chip">
              {c.name}
            </Link>
          ))}
        </nav>
      ) : null}
      {data ? (
        <div className="catalog-toolbar">
          <label>
            {m.sortBy}{' '}
            <select
              value={sortValue}
              onChange={(e) => {
                const option = SORT_OPTIONS.find((o) => o.value === e.target.value) ?? SORT_OPTIONS[0];
                const next = new URLSearchParams(location.search);
                next.delete('sort');
                next.delete('dir');
                if (option.sort) next.set('sort', option.sort);
                if (option.dir) next.set('dir', option.dir);
                navigate({ pathname: location.pathname, search: next.toString() ? `?${next.toString()}` : '' });
              }}
            >
              {SORT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {sortLabels[o.value]}
                </option>
              ))}
            </select>
          </label>
          <div role="group" aria-label={m.viewAs} className="catalog-view-toggle">
            <button type="button" aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
              {m.viewGrid}
            </button>
            <button type="button" aria-pressed={view === 'list'} onClick={() => setView('list')}>
              {m.viewList}
            </button>
          </div>
          {filtersShown ? (
            <button type="button" className="catalog-filters-toggle" aria-expanded={filtersOpen} onClick={() => setFiltersOpen((o) => !o)}>
              {filtersOpen ? m.hideFilters : m.showFilters}
            </button>
          ) : null}
        </div>
      ) : null}
      {/* A new element once the listing is there (not the skeleton's, moved down by the toolbar): no layout shift. */}
      <div key={data ? 'listing' : 'loading'} className={`catalog-listing__body${filtersShown ? ' catalog-listing__body--filters' : ''}`}>
        {filtersShown && current ? (
          <div className={`catalog-listing__filters${filtersOpen ? ' is-open' : ''}`}>
            <Suspense fallback={null}>
              <FilterPanel filters={current.filters} selected={params} onChange={setParam} onClear={clearFilters} />
            </Suspense>
          </div>
        ) : null}
        <div className="catalog-listing__products">{content}</div>
      </div>
    </article>
  );
}
