import type { SlotProps } from '@eyewear/federation';
import { WishlistToggle as Toggle } from '../features/wishlist/components/WishlistToggle';

/**
 * The wishlist toggle of one product, for another remote's page through the `wishlistToggle`
 * slot (SLOTS of `@eyewear/federation`): the product page's "♡ Add to wishlist". The catalogue
 * owns the wishlist: this is its state, its saga and its `wishlist/changed`.
 */
export default function WishlistToggle({ productId }: SlotProps['wishlistToggle']) {
  return <Toggle productId={productId} />;
}
