import { Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import { PageShell } from '../app/PageShell';
import { pageMessages as messages } from '../app/page-messages';
// The page's body is in its first chunk: lazy, it cost a round trip before the page's first API call (ADR 032).
import CartView from '../features/cart/components/CartView';

export default function CartPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  return (
    <PageShell name="CartPage" title={m.cartPageTitle}>
      <Suspense fallback={<Skeleton height="12rem" />}>
        <CartView variant="page" />
      </Suspense>
    </PageShell>
  );
}
