import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function CheckoutPage({ props }: RemotePageProps) {
  const m = useMessages(messages);
  const value = props["mode"] ?? '';
  useDocumentTitle(m.checkoutPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="cart-checkout-CheckoutPage">
      <PageHeading subtitle={value ? formatMessage(m.checkoutPageDetail, { value }) : undefined}>{m.checkoutPageTitle}</PageHeading>
    </article>
  );
}
