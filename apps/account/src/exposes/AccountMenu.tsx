import { lazy, Suspense } from 'react';
import type { RemoteFragmentProps } from '@eyewear/federation';

const AccountMenuImpl = lazy(() => import('../features/menu/components/AccountMenuImpl'));

/** The account dropdown behind the customer's name in the header. */
export default function AccountMenu(props: RemoteFragmentProps) {
  return (
    <Suspense fallback={<div className="acc-fragment-loading" role="status" aria-label="Loading your account menu" />}>
      <AccountMenuImpl {...props} />
    </Suspense>
  );
}
