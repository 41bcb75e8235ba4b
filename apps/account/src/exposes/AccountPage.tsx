import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { messages } from '../app/messages';
import { PageShell } from '../app/page-shell';
import { sectionOf, type Section } from '../features/account/sections';
// The page's body is in its first chunk: lazy, it cost a round trip before the page's first API call (ADR 032).
import AccountBody from '../features/account/components/AccountBody';

/** /customer/*: the account area (orders, prescriptions, store credit, face profiles, edit, addresses). */
export default function AccountPage({ params }: RemotePageProps) {
  const m = useMessages(messages);
  const section = sectionOf(params['*'] ?? '');
  const titles: Record<Section, string> = {
    orders: m.ordersTitle,
    prescriptions: m.prescriptionsTitle,
    storecredit: m.storeCreditTitle,
    faceProfiles: m.faceProfilesTitle,
    edit: m.editTitle,
    addresses: m.addressesTitle,
    unknown: m.accountPageTitle,
  };
  return (
    <PageShell testId="account-AccountPage" title={titles[section]}>
      <AccountBody section={section} />
    </PageShell>
  );
}
