import { lazy, Suspense } from 'react';
import type { RemoteFragmentProps } from '@eyewear/federation';

const LoginPopupImpl = lazy(() => import('../features/login/components/LoginPopupImpl'));

/** The login / sign-up popup the shell opens (guest links, auth/loginRequested, ?type=login). */
export default function LoginPopup(props: RemoteFragmentProps) {
  return (
    <Suspense fallback={<div className="acc-fragment-loading" role="status" aria-label="Loading sign in" />}>
      <LoginPopupImpl {...props} />
    </Suspense>
  );
}
