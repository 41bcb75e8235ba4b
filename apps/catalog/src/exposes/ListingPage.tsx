import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function ListingPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const value = params["id"] ?? '';
  useDocumentTitle(m.listingPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="catalog-ListingPage">
      <PageHeading subtitle={value ? formatMessage(m.listingPageDetail, { value }) : undefined}>{m.listingPageTitle}</PageHeading>
    </article>
  );
}
