import { lazy } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { messages } from '../app/messages';
import { PageShell } from '../app/page-shell';

const OrdersBody = lazy(() => import('../features/orders/components/OrdersBody'));

/** /sales/order/*: the order list. */
export default function OrdersPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  return (
    <PageShell testId="account-OrdersPage" title={m.ordersPageTitle}>
      <OrdersBody />
    </PageShell>
  );
}
