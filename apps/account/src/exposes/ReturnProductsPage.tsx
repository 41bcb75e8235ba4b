import { lazy } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from '../app/messages';
import { PageShell } from '../app/page-shell';

const ReturnProductsBody = lazy(() => import('../features/returns/components/ReturnProductsBody'));

/** /sales/order/return/products/{orderId}: choose what to return, how, and the refund method */
export default function ReturnProductsPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const id = params['id'] ?? '';
  return (
    <PageShell testId="account-ReturnProductsPage" title={m.returnProductsPageTitle} subtitle={formatMessage(m.returnProductsPageDetail, { value: id })}>
      <ReturnProductsBody orderId={Number(id)} />
    </PageShell>
  );
}
