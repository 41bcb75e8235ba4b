import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function PaymentStatusPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const value = params["id"] ?? '';
  useDocumentTitle(m.paymentStatusPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="cart-checkout-PaymentStatusPage">
      <PageHeading subtitle={value ? formatMessage(m.paymentStatusPageDetail, { value }) : undefined}>{m.paymentStatusPageTitle}</PageHeading>
    </article>
  );
}
