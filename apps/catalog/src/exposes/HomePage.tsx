import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function HomePage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const value = params["pagename"] ?? '';
  useDocumentTitle(m.homePageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="catalog-HomePage">
      <PageHeading subtitle={value ? formatMessage(m.homePageDetail, { value }) : undefined}>{m.homePageTitle}</PageHeading>
    </article>
  );
}
