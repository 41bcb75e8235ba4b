import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, Skeleton, useDocumentTitle } from '@eyewear/ui';
import { pageMessages as messages } from '../app/page-messages';

const CartView = lazy(() => import('../features/cart/CartView'));

export default function CartPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  useDocumentTitle(m.cartPageTitle, m.siteName);
  return (
    <article className="remote-page cc-page" data-testid="cart-checkout-CartPage">
      <PageHeading>{m.cartPageTitle}</PageHeading>
      <Suspense fallback={<Skeleton height="12rem" />}>
        <CartView variant="page" />
      </Suspense>
    </article>
  );
}
