// What other features use of the wishlist: the heart on a card, and the load the views
// showing cards start (the panel and the product page's toggle are exposed modules).
export { WishlistHeart } from './components/WishlistHeart';
export { useLoadWishlist } from './state/use-wishlist';
