import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function ProductPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const value = params["id"] ?? '';
  useDocumentTitle(m.productPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="product-ProductPage">
      <PageHeading subtitle={value ? formatMessage(m.productPageDetail, { value }) : undefined}>{m.productPageTitle}</PageHeading>
    </article>
  );
}
