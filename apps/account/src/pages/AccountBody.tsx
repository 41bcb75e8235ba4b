import { lazy, Suspense } from 'react';
import { useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { frameMessages } from '../app/frame-messages';
import { AccountFrame } from '../features/account/AccountFrame';
import { type Section } from '../features/account/sections';

const SECTIONS = {
  orders: lazy(() => import('../features/orders/OrdersList')),
  prescriptions: lazy(() => import('../features/prescriptions/Prescriptions')),
  storecredit: lazy(() => import('../features/profile/StoreCredit')),
  faceProfiles: lazy(() => import('../features/profile/FaceProfiles')),
  edit: lazy(() => import('../features/profile/EditAccount')),
  addresses: lazy(() => import('../features/profile/Addresses')),
} as const;

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
        <p>{m.notFoundSection}</p>
      )}
    </AccountFrame>
  );
}
