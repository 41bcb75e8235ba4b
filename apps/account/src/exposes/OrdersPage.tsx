import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function OrdersPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  useDocumentTitle(m.ordersPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="account-OrdersPage">
      <PageHeading>{m.ordersPageTitle}</PageHeading>
    </article>
  );
}
