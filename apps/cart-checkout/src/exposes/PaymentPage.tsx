import { Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import { PageShell } from '../app/PageShell';
import { pageMessages as messages } from '../app/page-messages';
// The page's body is in its first chunk: lazy, it cost a round trip before the page's first API call (ADR 032).
import PaymentView from '../features/payment/components/PaymentView';

export default function PaymentPage({ props }: RemotePageProps) {
  const m = useMessages(messages);
  const value = props['mode'] ?? '';
  return (
    <PageShell name="PaymentPage" title={m.paymentPageTitle} detail={value === 'retry' ? m.paymentRetryDetail : undefined}>
      <Suspense fallback={<Skeleton height="12rem" />}>
        <PaymentView mode={value} />
      </Suspense>
    </PageShell>
  );
}
