import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { messages } from '../app/messages';
import { AccountFrame } from '../features/account/AccountFrame';

const ReturnDetails = lazy(() => import('../features/returns/ReturnDetails'));

/** /sales/order/return-details/{itemId}. */
export default function ReturnDetailsPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const id = params['id'] ?? '';
  const itemId = Number(id);
  return (
    <AccountFrame testId="account-ReturnDetailsPage" title={m.returnDetailsPageTitle} subtitle={formatMessage(m.returnDetailsPageDetail, { value: id })} nav={false}>
      <Suspense fallback={<SkeletonGrid rows={2} label={m.loading} />}>{Number.isInteger(itemId) && itemId > 0 ? <ReturnDetails itemId={itemId} /> : <p>{m.notFoundSection}</p>}</Suspense>
    </AccountFrame>
  );
}
