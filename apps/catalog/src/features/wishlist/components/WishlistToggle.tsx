import { useMessages } from '@eyewear/i18n';
import { wishlistMessages } from '../messages';
import { useLoadWishlist } from '../state/use-wishlist';

/**
 * The wishlist toggle of one product with a text label (the product page's, through the
 * `wishlistToggle` slot): "♡ Add to wishlist" or "♥ Remove from wishlist", pressed when the
 * product is shortlisted. It loads the shopper's shortlist (a guest's too: the same behaviour as
 * the cards' hearts and the panel) if the page holds none yet, waits for it and for a change in
 * flight. Changes go through the
 * wishlist saga, which publishes `wishlist/changed`; failures are swallowed (shopping §8).
 */
export function WishlistToggle({ productId }: { productId: number }) {
  const m = useMessages(wishlistMessages);
  const { ids, owner, known, state, toggle } = useLoadWishlist({ ifUnknown: true });
  const on = ids.has(productId);
  const waiting = owner === null || !known || state.changing;
  return (
    <button type="button" className="ui-button ui-button--link" aria-pressed={on} disabled={waiting} onClick={() => toggle(productId)}>
      {on ? `♥ ${m.wishlistRemove}` : `♡ ${m.wishlistAdd}`}
    </button>
  );
}
