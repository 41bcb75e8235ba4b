import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function FrameSizePage(_route: RemotePageProps) {
  const m = useMessages(messages);
  useDocumentTitle(m.frameSizePageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="product-FrameSizePage">
      <PageHeading>{m.frameSizePageTitle}</PageHeading>
    </article>
  );
}
