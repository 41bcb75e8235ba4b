import { Suspense, useState } from 'react';
import { useLatestEvent, lazyComponent } from '@eyewear/event-bus';
import { formatMessage, useCountry, useMessages, useServerHead, addJsonLd, siteUrl } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { MAIN_IMAGE, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { breadcrumbJsonLd } from '../json-ld';
import { useLoadWishlist } from '../../wishlist';
import { listingWords } from '../listing-noun';
import type { ListingScope } from '../listing-request';
import { useListing } from '../state/use-listing';
import { ListingBreadcrumb } from './ListingBreadcrumb';
import { ListingProducts } from './ListingProducts';
import { ListingToolbar, type ListingLayout } from './ListingToolbar';
import { useListingUrl } from './use-listing-url';
import '../../../app/catalog.css';
import './listing.css';

// Filters arrive after the products: they load on demand.
const FilterPanel = lazyComponent('catalog/FilterPanel', () => import('./FilterPanel').then((mod) => ({ default: mod.FilterPanel })));

export interface ListingViewProps {
  scope: ListingScope;
  testId: string;
  /** Shown as the h1 until the data names the page (and for search: 'Results for "q"'). */
  heading: string;
}

/** A category, collection or search listing: filters, sort, infinite scroll, grid or list. */
export function ListingView({ scope, testId, heading }: ListingViewProps) {
  const m = useMessages(messages);
  const listing = useListing(scope);
  // The hearts on the cards show what the customer has saved.
  useLoadWishlist();
  const { setParam, clearFilters } = useListingUrl();
  const exchange = useLatestEvent('exchange/changed');
  const [view, setView] = useState<ListingLayout>('grid');
  const [filtersOpen, setFiltersOpen] = useState(false);
  // `shown`: the listing, or while the next one loads the last one (dimmed, busy).
  const { current, shown, params, total } = listing;

  const title = scope.kind === 'search' ? heading : (shown?.category_name ?? heading);
  // Frames, contact lenses, products...: what this listing holds, by its category.
  const words = listingWords(m, shown?.categoryType);
  useDocumentTitle(title, m.siteName);
  // The server's document (issue 19): the breadcrumb as JSON-LD, and 404 for a listing that does not exist.
  const serverHead = useServerHead();
  const country = useCountry();
  if (serverHead) {
    if (shown && shown.breadcrumb.length > 1)
      addJsonLd(
        serverHead,
        breadcrumbJsonLd(shown.breadcrumb, (path) => siteUrl(country, path)),
      );
    if (current?.status === 'failed' && current.error?.status === 404) serverHead.status = 404;
  }
  const filtersShown = Boolean(current?.filterEnabled) && (shown?.product_list.length ?? 0) + Object.keys(params).length > 0;

  return (
    <article className="remote-page catalog-listing" data-testid={testId}>
      <ListingBreadcrumb data={shown} />
      <header className="catalog-listing__head">
        <h1>{title}</h1>
        {shown ? (
          <p className="catalog-muted">{total === 1 ? formatMessage(m.productCountOne, words) : formatMessage(m.productCount, { count: total, ...words })}</p>
        ) : null}
      </header>
      {exchange?.active ? <p className="catalog-notice">{m.exchangeMode}</p> : null}
      {shown?.cat_img_link ? <img className="catalog-banner" src={shown.cat_img_link} alt="" width="1200" height="360" {...MAIN_IMAGE} /> : null}
      {current && current.subCategories.length > 0 ? (
        <nav aria-label={m.subCategories} className="catalog-chips">
          {current.subCategories.map((c) => (
            <Link key={c.id} to={c.url} className="catalog-chip">
              {c.name}
            </Link>
          ))}
        </nav>
      ) : null}
      {shown ? (
        <ListingToolbar
          params={params}
          view={view}
          onView={setView}
          filtersShown={filtersShown}
          filtersOpen={filtersOpen}
          onToggleFilters={() => setFiltersOpen((o) => !o)}
        />
      ) : null}
      {/* A new element once the listing is there (not the skeleton's, moved down by the toolbar): no layout shift. */}
      <div key={shown ? 'listing' : 'loading'} className={`catalog-listing__body${filtersShown ? ' catalog-listing__body--filters' : ''}`}>
        {filtersShown && current ? (
          <div className={`catalog-listing__filters${filtersOpen ? ' is-open' : ''}`}>
            <Suspense fallback={null}>
              <FilterPanel filters={current.filters} selected={params} onChange={setParam} onClear={clearFilters} />
            </Suspense>
          </div>
        ) : null}
        <div className="catalog-listing__products">
          <ListingProducts scope={scope} listing={listing} title={title} view={view} mainImage={!shown?.cat_img_link} />
        </div>
      </div>
    </article>
  );
}
