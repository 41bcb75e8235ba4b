import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { PageShell } from '../app/PageShell';
import { pageMessages as messages } from '../app/page-messages';

const PresalesLoginForm = lazy(() => import('../features/presales/components/PresalesLoginForm'));

/** Sales-staff (pre-sales) login for checkout: a sales person signs in on this session, then checks out at /checkout/onepage/presales. */
export default function PresalesLoginPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  return (
    <PageShell name="PresalesLoginPage" title={m.presalesLoginPageTitle}>
      <p>{m.presalesLoginBody}</p>
      <Suspense fallback={<Skeleton height="8rem" />}>
        <PresalesLoginForm />
      </Suspense>
      <Link to="/checkout/onepage/">{m.checkoutPageTitle}</Link>
    </PageShell>
  );
}
