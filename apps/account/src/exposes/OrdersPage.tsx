import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { messages } from '../app/messages';
import { PageShell } from '../app/page-shell';
// The page's body is in its first chunk: lazy, it cost a round trip before the page's first API call (ADR 032).
import OrdersBody from '../features/orders/components/OrdersBody';

/** /sales/order/*: the order list. */
export default function OrdersPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  return (
    <PageShell testId="account-OrdersPage" title={m.ordersPageTitle}>
      <OrdersBody />
    </PageShell>
  );
}
