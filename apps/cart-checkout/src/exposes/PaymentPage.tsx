import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, Skeleton, useDocumentTitle } from '@eyewear/ui';
import { pageMessages as messages } from '../app/page-messages';

const PaymentView = lazy(() => import('../features/payment/PaymentView'));

export default function PaymentPage({ props }: RemotePageProps) {
  const m = useMessages(messages);
  const value = props['mode'] ?? '';
  useDocumentTitle(m.paymentPageTitle, m.siteName);
  return (
    <article className="remote-page cc-page" data-testid="cart-checkout-PaymentPage">
      <PageHeading subtitle={value ? formatMessage(m.paymentPageDetail, { value }) : undefined}>{m.paymentPageTitle}</PageHeading>
      <Suspense fallback={<Skeleton height="12rem" />}>
        <PaymentView mode={value} />
      </Suspense>
    </article>
  );
}
