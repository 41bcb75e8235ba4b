import { lazy, Suspense } from 'react';
import type { RemotePageProps } from '@eyewear/federation';
import { useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { messages } from '../app/messages';
import { AccountFrame } from '../features/account/AccountFrame';
import { sectionOf, type Section } from '../features/account/sections';

const SECTIONS = {
  orders: lazy(() => import('../features/orders/OrdersList')),
  prescriptions: lazy(() => import('../features/prescriptions/Prescriptions')),
  storecredit: lazy(() => import('../features/profile/StoreCredit')),
  faceProfiles: lazy(() => import('../features/profile/FaceProfiles')),
  edit: lazy(() => import('../features/profile/EditAccount')),
  addresses: lazy(() => import('../features/profile/Addresses')),
} as const;

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
  const Body = section === 'unknown' ? null : SECTIONS[section];
  return (
    <AccountFrame testId="account-AccountPage" title={titles[section]}>
      {Body ? (
        <Suspense fallback={<SkeletonGrid rows={2} label={m.loading} />}>
          <Body />
        </Suspense>
      ) : (
        <p>{m.notFoundSection}</p>
      )}
    </AccountFrame>
  );
}
