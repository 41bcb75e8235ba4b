import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import { PageShell } from '../app/PageShell';
import { pageMessages as messages } from '../app/page-messages';

const PaymentStatusView = lazy(() => import('../features/payment/components/PaymentStatusView'));

export default function PaymentStatusPage({ params, props }: RemotePageProps) {
  const m = useMessages(messages);
  const value = params['id'] ?? '';
  return (
    <PageShell name="PaymentStatusPage" title={m.paymentStatusPageTitle} detail={value ? formatMessage(m.paymentStatusPageDetail, { value }) : undefined}>
      <Suspense fallback={<Skeleton height="12rem" />}>
        <PaymentStatusView method={props['method'] ?? 'confirm'} id={value} />
      </Suspense>
    </PageShell>
  );
}
