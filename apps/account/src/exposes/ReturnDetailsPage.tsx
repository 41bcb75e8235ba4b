import { lazy } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from '../app/messages';
import { PageShell } from '../app/page-shell';

const ReturnDetailsBody = lazy(() => import('../features/returns/components/ReturnDetailsBody'));

/** /sales/order/return-details/{itemId} */
export default function ReturnDetailsPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const id = params['id'] ?? '';
  return (
    <PageShell testId="account-ReturnDetailsPage" title={m.returnDetailsPageTitle} subtitle={formatMessage(m.returnDetailsPageDetail, { value: id })}>
      <ReturnDetailsBody itemId={Number(id)} />
    </PageShell>
  );
}
