import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function ReturnDetailsPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const value = params["id"] ?? '';
  useDocumentTitle(m.returnDetailsPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="account-ReturnDetailsPage">
      <PageHeading subtitle={value ? formatMessage(m.returnDetailsPageDetail, { value }) : undefined}>{m.returnDetailsPageTitle}</PageHeading>
    </article>
  );
}
