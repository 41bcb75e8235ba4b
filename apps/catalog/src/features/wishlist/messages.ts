import { defineMessages } from '@eyewear/i18n';

/**
 * The wishlist's strings (its hearts, the product page's toggle, the panel): a module of their
 * own, so the toggle another remote's page shows does not bring every catalogue string with it
 * (issue 19: first-load JS).
 */
export const wishlistMessages = defineMessages({
  addToWishlist: 'Add {name} to wishlist',
  removeFromWishlist: 'Remove {name} from wishlist',
  wishlistAdd: 'Add to wishlist',
  wishlistRemove: 'Remove from wishlist',
  wishlistTitle: 'My wishlist ({count})',
  wishlistEmpty: 'Your wishlist is empty. Tap the heart on any frame to save it here.',
  wishlistLoading: 'Loading your wishlist',
  wishlistDelete: 'Remove {name}',
  wishlistDeleteAll: 'Delete all',
  wishlistClose: 'Close',
  wishlistLoginPrompt: 'Sign in to keep your wishlist on every device.',
  wishlistSignIn: 'Sign in',
  wishlistLimit: 'Your wishlist holds up to {max} frames.',
});
