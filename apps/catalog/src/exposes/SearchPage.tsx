import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { useLocation } from 'react-router-dom';
import { messages } from '../app/messages';

export default function SearchPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  const location = useLocation();
  const value = new URLSearchParams(location.search).get("q") ?? '';
  useDocumentTitle(m.searchPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="catalog-SearchPage">
      <PageHeading subtitle={value ? formatMessage(m.searchPageDetail, { value }) : undefined}>{m.searchPageTitle}</PageHeading>
    </article>
  );
}
