import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function AccountPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const value = params["*"] ?? '';
  useDocumentTitle(m.accountPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="account-AccountPage">
      <PageHeading subtitle={value ? formatMessage(m.accountPageDetail, { value }) : undefined}>{m.accountPageTitle}</PageHeading>
    </article>
  );
}
