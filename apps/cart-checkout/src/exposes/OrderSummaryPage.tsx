import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function OrderSummaryPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  useDocumentTitle(m.orderSummaryPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="cart-checkout-OrderSummaryPage">
      <PageHeading>{m.orderSummaryPageTitle}</PageHeading>
    </article>
  );
}
