import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PageHeading, useDocumentTitle } from '@eyewear/ui';
import { messages } from '../app/messages';

export default function LensPackageUpgradePage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const value = params["orderId"] ?? '';
  useDocumentTitle(m.lensPackageUpgradePageTitle, m.siteName);
  return (
    <article className="remote-page" data-testid="account-LensPackageUpgradePage">
      <PageHeading subtitle={value ? formatMessage(m.lensPackageUpgradePageDetail, { value }) : undefined}>{m.lensPackageUpgradePageTitle}</PageHeading>
    </article>
  );
}
