import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function CmsPage({ props }: RemotePageProps) {
  const m = useMessages(messages);
  const value = props["page"] ?? '';
  useDocumentTitle(m.cmsPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="catalog-CmsPage">
      <PageHeading subtitle={value ? formatMessage(m.cmsPageDetail, { value }) : undefined}>{m.cmsPageTitle}</PageHeading>
    </article>
  );
}
