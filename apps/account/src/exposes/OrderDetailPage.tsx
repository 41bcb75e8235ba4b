import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { useSearchParams } from '@eyewear/router';
import { messages } from '../app/messages';
import { PageShell } from '../app/page-shell';
// The page's body is in its first chunk: lazy, it cost a round trip before the page's first API call (ADR 032).
import OrderDetailBody from '../features/orders/components/OrderDetailBody';

/** /sales/order/history/order-detail/{id} */
export default function OrderDetailPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const id = params['id'] ?? '';
  const [search] = useSearchParams();
  const email = search.get('email') ?? undefined;
  return (
    <PageShell testId="account-OrderDetailPage" title={m.orderDetailPageTitle} subtitle={formatMessage(m.orderDetailPageDetail, { value: id })}>
      <OrderDetailBody orderId={Number(id)} email={email} />
    </PageShell>
  );
}
