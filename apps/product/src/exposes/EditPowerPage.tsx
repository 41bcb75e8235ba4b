import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function EditPowerPage(_route: RemotePageProps) {
  const m = useMessages(messages);
  useDocumentTitle(m.editPowerPageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="product-EditPowerPage">
      <PageHeading>{m.editPowerPageTitle}</PageHeading>
    </article>
  );
}
