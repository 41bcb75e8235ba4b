import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { PageHeading, Skeleton, useDocumentTitle } from '@eyewear/ui';
import { pageMessages as messages } from '../app/page-messages';

const PresalesLoginForm = lazy(() => import('../features/presales/PresalesLoginForm'));

/** Sales-staff (pre-sales) login for checkout: a sales person signs in on this session, then checks out at /checkout/onepage/presales. */
export default function PresalesLoginPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  useDocumentTitle(m.presalesLoginPageTitle, m.siteName);
  return (
    <article className="remote-page cc-page" data-testid="cart-checkout-PresalesLoginPage">
      <PageHeading>{m.presalesLoginPageTitle}</PageHeading>
      <p>{m.presalesLoginBody}</p>
      <Suspense fallback={<Skeleton height="8rem" />}>
        <PresalesLoginForm />
      </Suspense>
      <Link to="/checkout/onepage/">{m.checkoutPageTitle}</Link>
    </article>
  );
}
