import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { messages } from '../app/messages';
import { AccountFrame } from '../features/account/AccountFrame';

const OrderDetail = lazy(() => import('../features/orders/OrderDetail'));

/** /sales/order/history/order-detail/{id}. */
export default function OrderDetailPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const id = params['id'] ?? '';
  const orderId = Number(id);
  return (
    <AccountFrame testId="account-OrderDetailPage" title={m.orderDetailPageTitle} subtitle={formatMessage(m.orderDetailPageDetail, { value: id })} nav={false}>
      <Suspense fallback={<SkeletonGrid rows={3} label={m.loading} />}>{Number.isInteger(orderId) && orderId > 0 ? <OrderDetail orderId={orderId} /> : <p>{m.notFoundSection}</p>}</Suspense>
    </AccountFrame>
  );
}
