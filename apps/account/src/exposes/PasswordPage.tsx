import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function PasswordPage({ props }: RemotePageProps) {
  const m = useMessages(messages);
  const value = props["mode"] ?? '';
  useDocumentTitle(m.passwordPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="account-PasswordPage">
      <PageHeading subtitle={value ? formatMessage(m.passwordPageDetail, { value }) : undefined}>{m.passwordPageTitle}</PageHeading>
    </article>
  );
}
