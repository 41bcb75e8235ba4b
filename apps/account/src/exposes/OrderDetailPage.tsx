import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function OrderDetailPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const value = params["id"] ?? '';
  useDocumentTitle(m.orderDetailPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="account-OrderDetailPage">
      <PageHeading subtitle={value ? formatMessage(m.orderDetailPageDetail, { value }) : undefined}>{m.orderDetailPageTitle}</PageHeading>
    </article>
  );
}
