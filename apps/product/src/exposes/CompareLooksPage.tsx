import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function CompareLooksPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  useDocumentTitle(m.compareLooksPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="product-CompareLooksPage">
      <PageHeading>{m.compareLooksPageTitle}</PageHeading>
    </article>
  );
}
