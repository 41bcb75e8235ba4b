import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages, useServerHead } from '@eyewear/i18n';
import { useLocation } from '@eyewear/router';
import { messages } from '../app/messages';
import { ListingView } from '../features/listing/components/ListingView';
import { categoryIdOf, type ListingScope } from '../features/listing/listing-request';

/**
 * Listing pages: `/catalog/{id}`, `/category/{id}`, the legacy category path, and SEO URLs the
 * routing lookup resolved to a category (`cat`), a collection (`col`) or a search (`search`).
 */
export default function ListingPage({ params, props }: RemotePageProps) {
  const m = useMessages(messages);
  const { pathname } = useLocation();
  const serverHead = useServerHead();
  let scope: ListingScope | null;
  if (props['section'] === 'search') scope = { kind: 'search', query: props['query'] ?? params['id'] ?? '' };
  else if (props['section'] === 'col') scope = { kind: 'collection', url: pathname };
  else {
    const id = categoryIdOf(params);
    scope = id ? { kind: 'category', id } : null;
  }
  if (!scope) {
    if (serverHead) serverHead.status = 404;
    return (
      <article className="remote-page" data-testid="catalog-ListingPage">
        <h1>{m.listingNotFound}</h1>
        <p>{m.listingNotFoundDetail}</p>
      </article>
    );
  }
  const heading = scope.kind === 'search' ? formatMessage(m.searchPageDetail, { value: scope.query }) : m.listingPageTitle;
  return <ListingView scope={scope} testId="catalog-ListingPage" heading={heading} />;
}
