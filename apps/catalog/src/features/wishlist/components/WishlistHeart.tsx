import { formatMessage, useMessages } from '@eyewear/i18n';
import { wishlistMessages } from '../messages';
import { useWishlist } from '../state/use-wishlist';
import './wishlist.css';

/**
 * The heart on a product card: pressed when the product is shortlisted. The view showing the
 * cards loads the shortlist (`useLoadWishlist`); a guest's tap saves to the guest's list, as the
 * product page's toggle and the panel do. Disabled until the session says whose list it is.
 */
export function WishlistHeart({ productId, name }: { productId: number; name: string }) {
  const m = useMessages(wishlistMessages);
  const { ids, owner, toggle } = useWishlist();
  const saved = ids.has(productId);
  return (
    <button
      type="button"
      className={`catalog-heart${saved ? ' catalog-heart--on' : ''}`}
      aria-pressed={saved}
      // Until the shell knows whose list it is (the session's first answer), a tap would go
      // nowhere: the heart waits for it, as the product page's toggle does.
      disabled={owner === null}
      aria-label={formatMessage(saved ? m.removeFromWishlist : m.addToWishlist, { name })}
      onClick={() => toggle(productId)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.5 1.2 4.3 2.5.8-1.3 2.2-2.5 4.3-2.5 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
