import type { RemoteFragmentProps } from '@eyewear/federation';
import { WishlistPanelView } from '../features/wishlist/components/WishlistPanelView';

/** The wishlist panel fragment the shell mounts from the header (FRAGMENTS.wishlistPanel). */
export default function WishlistPanel(props: RemoteFragmentProps) {
  return <WishlistPanelView {...props} />;
}
