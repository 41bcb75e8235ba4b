import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { useLocation } from '@eyewear/router';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';
import { ListingView } from '../features/listing/components/ListingView';
import { cleanSearchTerm } from '../features/listing/listing-request';

/** `/search?q=`: a category listing whose name is the query (shopping §2). */
export default function SearchPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  const location = useLocation();
  const query = cleanSearchTerm(new URLSearchParams(location.search).get('q') ?? '');
  const heading = formatMessage(m.searchPageDetail, { value: query });
  if (!query) return <EmptySearch />;
  return <ListingView key={query.toLowerCase()} scope={{ kind: 'search', query }} testId="catalog-SearchPage" heading={heading} />;
}

function EmptySearch() {
  const m = useMessages(messages);
  useDocumentTitle(m.searchPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="catalog-SearchPage">
      <PageHeading subtitle={m.searchNoTerm}>{m.searchPageTitle}</PageHeading>
    </article>
  );
}
