import { lazy } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from '../app/messages';
import { PageShell } from '../app/page-shell';

const ReturnStepBody = lazy(() => import('../features/returns/components/ReturnStepBody'));

/** /customer/my/order/return/{exchangeOrderId}/{returnProductId}: where an exchange add-to-cart comes back to. */
export default function ReturnStepPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const orderId = params['exchangeOrderId'] ?? '';
  return (
    <PageShell testId="account-ReturnStepPage" title={m.returnStepPageTitle} subtitle={formatMessage(m.returnStepPageDetail, { value: orderId })}>
      <ReturnStepBody itemId={Number(params['returnProductId'])} />
    </PageShell>
  );
}
