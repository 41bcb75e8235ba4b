import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { messages } from '../app/messages';
import { AccountFrame } from '../features/account/AccountFrame';

const OrdersList = lazy(() => import('../features/orders/OrdersList'));

/** /sales/order/*: the order list. */
export default function OrdersPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  return (
    <AccountFrame testId="account-OrdersPage" title={m.ordersPageTitle}>
      <Suspense fallback={<SkeletonGrid rows={2} label={m.loading} />}>
        <OrdersList />
      </Suspense>
    </AccountFrame>
  );
}
