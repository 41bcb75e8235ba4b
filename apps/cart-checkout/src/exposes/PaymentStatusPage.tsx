import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, Skeleton, useDocumentTitle } from '@eyewear/ui';
import { pageMessages as messages } from '../app/page-messages';

const PaymentStatusView = lazy(() => import('../features/payment/PaymentStatusView'));

export default function PaymentStatusPage({ params, props }: RemotePageProps) {
  const m = useMessages(messages);
  const value = params['id'] ?? '';
  useDocumentTitle(m.paymentStatusPageTitle, m.siteName);
  return (
    <article className="remote-page cc-page" data-testid="cart-checkout-PaymentStatusPage">
      <PageHeading subtitle={value ? formatMessage(m.paymentStatusPageDetail, { value }) : undefined}>{m.paymentStatusPageTitle}</PageHeading>
      <Suspense fallback={<Skeleton height="12rem" />}>
        <PaymentStatusView method={props['method'] ?? 'confirm'} id={value} />
      </Suspense>
    </article>
  );
}
