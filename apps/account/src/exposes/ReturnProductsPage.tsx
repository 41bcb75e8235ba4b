import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { messages } from '../app/messages';
import { AccountFrame } from '../features/account/AccountFrame';

const ReturnProducts = lazy(() => import('../features/returns/ReturnProducts'));

/** /sales/order/return/products/{orderId}: choose what to return, how, and the refund method. */
export default function ReturnProductsPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const id = params['id'] ?? '';
  const orderId = Number(id);
  return (
    <AccountFrame testId="account-ReturnProductsPage" title={m.returnProductsPageTitle} subtitle={formatMessage(m.returnProductsPageDetail, { value: id })} nav={false}>
      <Suspense fallback={<SkeletonGrid rows={2} label={m.loading} />}>{Number.isInteger(orderId) && orderId > 0 ? <ReturnProducts orderId={orderId} /> : <p>{m.notFoundSection}</p>}</Suspense>
    </AccountFrame>
  );
}
