import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function ReturnProductsPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const value = params["id"] ?? '';
  useDocumentTitle(m.returnProductsPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="account-ReturnProductsPage">
      <PageHeading subtitle={value ? formatMessage(m.returnProductsPageDetail, { value }) : undefined}>{m.returnProductsPageTitle}</PageHeading>
    </article>
  );
}
