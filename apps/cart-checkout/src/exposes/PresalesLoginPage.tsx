import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { pageMessages as messages } from '../app/page-messages';

/** Sales-staff login for checkout: its details are not in the spec, so the page says where staff sign in. */
export default function PresalesLoginPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  useDocumentTitle(m.presalesLoginPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="cart-checkout-PresalesLoginPage">
      <PageHeading>{m.presalesLoginPageTitle}</PageHeading>
      <p>{m.presalesLoginBody}</p>
      <Link to="/checkout/onepage/">{m.checkoutPageTitle}</Link>
    </article>
  );
}
