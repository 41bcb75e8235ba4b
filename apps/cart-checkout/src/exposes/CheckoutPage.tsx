import { Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { Skeleton } from '@eyewear/ui';
import { PageShell } from '../app/PageShell';
import { pageMessages as messages } from '../app/page-messages';
// The page's body is in its first chunk: lazy, it cost a round trip before the page's first API call (ADR 032).
import CheckoutView from '../features/checkout/components/CheckoutView';

export default function CheckoutPage({ props }: RemotePageProps) {
  const m = useMessages(messages);
  const value = props['mode'] ?? '';
  return (
    <PageShell name="CheckoutPage" title={m.checkoutPageTitle} detail={value === 'presales' ? m.checkoutPresalesDetail : undefined}>
      <Suspense fallback={<Skeleton height="12rem" />}>
        <CheckoutView mode={value} />
      </Suspense>
    </PageShell>
  );
}
