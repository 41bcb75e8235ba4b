import type { RemoteFragmentProps } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Dialog } from '@eyewear/ui';
import { wishlistMessages } from '../messages';
import { useLoadWishlist } from '../state/use-wishlist';
import { WishlistContents } from './WishlistContents';

/**
 * The shortlist panel behind the header's heart: the shortlist (`WishlistContents`, as the
 * `/shortlist` page shows it) in a side dialog, closed when the shopper follows a product's link
 * or asks to sign in. Its count is the header badge's (`useWishlist().count`).
 */
export function WishlistPanelView({ onClose }: RemoteFragmentProps) {
  const m = useMessages(wishlistMessages);
  const wishlist = useLoadWishlist({ attributes: true });
  return (
    <Dialog
      title={formatMessage(m.wishlistTitle, { count: wishlist.count })}
      onClose={onClose}
      closeLabel={m.wishlistClose}
      placement="side"
      testId="wishlist-panel"
    >
      <WishlistContents wishlist={wishlist} onLeave={onClose} />
    </Dialog>
  );
}
