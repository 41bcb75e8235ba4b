import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, Skeleton, useDocumentTitle } from '@eyewear/ui';
import { pageMessages as messages } from '../app/page-messages';

const OrderView = lazy(() => import('../features/success/OrderView'));

export default function OrderSummaryPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  useDocumentTitle(m.orderSummaryPageTitle, m.siteName);
  return (
    <article className="remote-page cc-page" data-testid="cart-checkout-OrderSummaryPage">
      <PageHeading>{m.orderSummaryPageTitle}</PageHeading>
      <Suspense fallback={<Skeleton height="12rem" />}>
        <OrderView variant="summary" />
      </Suspense>
    </article>
  );
}
