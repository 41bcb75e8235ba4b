import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import { PageShell } from '../app/PageShell';
import { pageMessages as messages } from '../app/page-messages';

const OrderView = lazy(() => import('../features/success/components/OrderView'));

export default function OrderSuccessPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  return (
    <PageShell name="OrderSuccessPage" title={m.orderSuccessPageTitle}>
      <Suspense fallback={<Skeleton height="12rem" />}>
        <OrderView variant="success" />
      </Suspense>
    </PageShell>
  );
}
