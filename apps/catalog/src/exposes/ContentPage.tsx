import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function ContentPage({ props }: RemotePageProps) {
  const m = useMessages(messages);
  const value = props["page"] ?? '';
  useDocumentTitle(m.contentPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="catalog-ContentPage">
      <PageHeading subtitle={value ? formatMessage(m.contentPageDetail, { value }) : undefined}>{m.contentPageTitle}</PageHeading>
    </article>
  );
}
