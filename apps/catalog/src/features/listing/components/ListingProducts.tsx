import { Suspense } from 'react';
import { lazyComponent } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { useInView } from '../../../app/use-in-view';
import { listingWords } from '../listing-noun';
import type { ListingScope } from '../listing-request';
import type { Listing } from '../state/use-listing';
import type { ListingLayout } from './ListingToolbar';
import { ProductCard } from './ProductCard';

// Empty searches are rare: their suggestions load on demand.
const SearchSuggestions = lazyComponent('catalog/SearchSuggestions', () => import('./SearchSuggestions').then((mod) => ({ default: mod.SearchSuggestions })));

export interface ListingProductsProps {
  scope: ListingScope;
  listing: Listing;
  /** The list's accessible name (the page's title). */
  title: string;
  view: ListingLayout;
  /** The first card's image is the page's main image (MAIN_IMAGE): the page has no banner. */
  mainImage?: boolean;
}

/** The listing's products: loading, failed (with retry), no results, or the cards and the next page. */
export function ListingProducts({ scope, listing, title, view, mainImage = false }: ListingProductsProps) {
  const m = useMessages(messages);
  const { current, data, shown, busy, all, visible, total, hasMore, more, retry } = listing;
  const words = listingWords(m, shown?.categoryType);
  const sentinel = useInView<HTMLDivElement>(more, Boolean(data) && hasMore && !current?.appending, visible.length);

  if (!busy && (!current || current.status === 'loading' || current.status === 'idle')) return <SkeletonGrid label={m.listingLoading} />;
  if (current?.status === 'failed') {
    const missing = current.error?.status === 404;
    return (
      <div className="catalog-state" role="alert">
        <h2>{missing ? m.listingNotFound : m.listingFailed}</h2>
        <p>{missing ? m.listingNotFoundDetail : m.listingFailedDetail}</p>
        {missing ? (
          <Link to="/">{m.goHome}</Link>
        ) : (
          <button type="button" className="ui-button" onClick={retry}>
            {m.retry}
          </button>
        )}
      </div>
    );
  }
  if (!busy && all.length === 0 && scope.kind === 'search') {
    return (
      <Suspense fallback={null}>
        <SearchSuggestions query={scope.query} />
      </Suspense>
    );
  }
  return (
    <>
      {/* While the next listing loads, the last results stay, dimmed and marked busy. */}
      {busy ? (
        <span role="status" className="ui-visually-hidden">
          {m.listingLoading}
        </span>
      ) : null}
      <ul className={`catalog-grid catalog-grid--${view}${busy ? ' is-busy' : ''}`} aria-label={title} aria-busy={busy}>
        {visible.map((product, index) => (
          <li key={product.id}>
            <ProductCard product={product} eager={index < 3} priority={mainImage && index === 0} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="catalog-more" aria-live="polite">
        {current?.appending ? <span role="status">{formatMessage(m.loadingMore, words)}</span> : null}
        {hasMore && !current?.appending ? (
          <button type="button" className="ui-button ui-button--link" onClick={more}>
            {formatMessage(m.loadMore, words)}
          </button>
        ) : null}
        {!busy && !hasMore && all.length > 0 ? (
          <span className="catalog-muted">{formatMessage(m.endOfList, { count: scope.kind === 'collection' ? all.length : total, ...words })}</span>
        ) : null}
      </div>
    </>
  );
}
