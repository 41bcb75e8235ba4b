import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, Skeleton, useDocumentTitle } from '@eyewear/ui';
import { pageMessages as messages } from '../app/page-messages';

const CheckoutView = lazy(() => import('../features/checkout/CheckoutView'));

export default function CheckoutPage({ props }: RemotePageProps) {
  const m = useMessages(messages);
  const value = props['mode'] ?? '';
  useDocumentTitle(m.checkoutPageTitle, m.siteName);
  return (
    <article className="remote-page cc-page" data-testid="cart-checkout-CheckoutPage">
      <PageHeading subtitle={value ? formatMessage(m.checkoutPageDetail, { value }) : undefined}>{m.checkoutPageTitle}</PageHeading>
      <Suspense fallback={<Skeleton height="12rem" />}>
        <CheckoutView mode={value} />
      </Suspense>
    </article>
  );
}
