import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function ReturnStepPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const value = params["exchangeOrderId"] ?? '';
  useDocumentTitle(m.returnStepPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="account-ReturnStepPage">
      <PageHeading subtitle={value ? formatMessage(m.returnStepPageDetail, { value }) : undefined}>{m.returnStepPageTitle}</PageHeading>
    </article>
  );
}
