import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function HtoPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  useDocumentTitle(m.htoPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="appointments-HtoPage">
      <PageHeading>{m.htoPageTitle}</PageHeading>
    </article>
  );
}
