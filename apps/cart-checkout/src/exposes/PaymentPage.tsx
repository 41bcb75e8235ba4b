import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function PaymentPage({ props }: RemotePageProps) {
  const m = useMessages(messages);
  const value = props["mode"] ?? '';
  useDocumentTitle(m.paymentPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="cart-checkout-PaymentPage">
      <PageHeading subtitle={value ? formatMessage(m.paymentPageDetail, { value }) : undefined}>{m.paymentPageTitle}</PageHeading>
    </article>
  );
}
