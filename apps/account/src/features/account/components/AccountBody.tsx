import { lazy, Suspense } from 'react';
import { useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { AccountFrame, NotFoundSection } from '../../../app/account-frame';
import { frameMessages } from '../../../app/frame-messages';
import { type Section } from '../sections';

const SECTIONS = {
  orders: lazy(() => import('../../orders/components/OrdersList')),
  prescriptions: lazy(() => import('../../prescriptions/components/Prescriptions')),
  storecredit: lazy(() => import('../../profile/components/StoreCredit')),
  faceProfiles: lazy(() => import('../../profile/components/FaceProfiles')),
  edit: lazy(() => import('../../profile/components/EditAccount')),
  addresses: lazy(() => import('../../profile/components/Addresses')),
} as const;

/** The body of /customer/*: the login guard and account navigation around the section the path names. */
export default function AccountBody({ section }: { section: Section }) {
  const m = useMessages(frameMessages);
  const Body = section === 'unknown' ? null : SECTIONS[section];
  return (
    <AccountFrame>
      {Body ? (
        <Suspense fallback={<SkeletonGrid rows={2} label={m.loading} />}>
          <Body />
        </Suspense>
      ) : (
        <NotFoundSection />
      )}
    </AccountFrame>
  );
}
