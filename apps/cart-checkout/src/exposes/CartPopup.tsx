import { lazy, Suspense } from 'react';
import type { RemoteFragmentProps } from '@eyewear/federation';

const CartPopupImpl = lazy(() => import('../features/cart/components/CartPopupImpl'));

/** The cart popup fragment the shell opens from the cart icon and on cart/popupRequested. */
export default function CartPopup(props: RemoteFragmentProps) {
  return (
    <Suspense fallback={<div className="cc-popup-loading" role="status" aria-label="Loading your cart" />}>
      <CartPopupImpl {...props} />
    </Suspense>
  );
}
