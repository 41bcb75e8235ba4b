import { lazy } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from '../app/messages';
import { PageShell } from '../app/page-shell';

const LensUpgrade = lazy(() => import('../features/upgrade/components/LensUpgrade'));

/** /lens-package-upgrade/{orderId}/{itemId} and /lens-package-upgrade/{orderId} */
export default function LensPackageUpgradePage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const value = params['orderId'] ?? '';
  const itemId = params['itemId'];
  return (
    <PageShell
      testId="account-LensPackageUpgradePage"
      title={m.lensPackageUpgradePageTitle}
      subtitle={value ? formatMessage(m.lensPackageUpgradePageDetail, { value }) : undefined}
    >
      <LensUpgrade orderId={Number(value)} itemId={itemId ? Number(itemId) : undefined} />
    </PageShell>
  );
}
