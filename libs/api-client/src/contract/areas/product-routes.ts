import { route } from '../route';
import { measuredFrameSize } from './frame-size-routes';
import { shellRoutes } from './shell-routes';

/** Paths that two or more calls share (a method each), written once. */
const reviewsPath = '/v2/products/product/:id/review';

/** Product calls send the customer-type and exchange headers (shopping §7). */
export const productHeaders = { customerType: true, exchange: true } as const;

/**
 * The calls the product remote makes (product page, lens packages, powers, contact lenses,
 * delivery, reviews, frame size, try-on, add to cart), for the browser: where each goes and
 * with which headers, without schema code. Each is declared here once and its endpoint
 * spreads it. The frame-size, try-on, prescription and cart calls belong to other areas but
 * are declared here, where the product page needs them, so that page's bundle carries no
 * other area's routes; `faceProfileRoutes`, `prescriptionRoutes` and `cartRoutes` refer to
 * them.
 */
/**
 * The product page's first reads, declared alone: the shell starts them before the page's code
 * (page-reads.ts) and carries these two, not the whole table below.
 */
export const productGet = route('product.get', 'GET', '/v2/products/product/:id', productHeaders);
export const productBuyOptionsGroup = route('product.buyOptionsGroup', 'GET', '/v2/products/product/:id/buyoptions/group', productHeaders);

export const productRoutes = {
  get: productGet,
  buyOptionsGroup: productBuyOptionsGroup,
  shippingEstimate: route('product.shippingEstimate', 'GET', '/v2/products/product/:id/shipping/estimate', productHeaders),
  lensShippingLocation: route('product.lensShippingLocation', 'GET', '/v2/products/shipping/location/:pincode'),
  powers: route('product.powers', 'GET', '/v2/products/product/:id/powers', productHeaders),
  validatePowers: route('product.validatePowers', 'POST', '/v2/products/product/:id/powers/validate', productHeaders),
  packages: route('product.packages', 'GET', '/v2/products/product/:id/packages', productHeaders),
  packageGroup: route('product.packageGroup', 'GET', '/v2/products/product/:id/packages/group', productHeaders),
  subscriptions: route('product.subscriptions', 'GET', '/v2/products/product/:id/subscriptions', productHeaders),
  subscriptionDiscount: route('product.subscriptionDiscount', 'GET', '/v2/products/subscriptions/discount', productHeaders),
  solutions: route('product.solutions', 'GET', '/v2/products/solutions', productHeaders),
  oosSubscription: route('product.oosSubscription', 'POST', '/v2/products/product/:id/oos-subscription', { ...productHeaders, idempotencyKey: true }),
  threeSixtyStatus: route('product.threeSixtyStatus', 'POST', '/v2/products/three-sixty/status'),
  reviews: route('reviews.list', 'GET', reviewsPath, productHeaders),
  createReview: route('reviews.create', 'POST', reviewsPath, { ...productHeaders, idempotencyKey: true }),
  frameSize: route('faceProfiles.frameSize', 'POST', '/v2/frame-size'),
  storeFrameSize: route('faceProfiles.storeFrameSize', 'POST', '/v2/frame-size/store', { idempotencyKey: true }),
  measuredFrameSize,
  tryOnOverlay: route('faceProfiles.overlay', 'GET', '/v2/try-on/overlay'),
  /** The account area's saved prescriptions (offered for contact lenses) and prescription image upload. */
  savedPrescriptions: route('prescriptions.saved', 'GET', '/v2/prescriptions'),
  uploadPrescriptionImage: route('prescriptions.uploadImage', 'POST', '/v2/prescriptions/images'),
  /** The cart area's add-item call, which the product page's add to cart uses; an Idempotency-Key per add (a double tap adds once). */
  addToCart: route('cart.add', 'POST', '/v2/carts/items', { exchange: true, idempotencyKey: true }),
  /** The cart area's item update, which edit power uses for an item already in the cart; an Idempotency-Key per change. */
  updateCartItem: route('cart.updateItem', 'POST', '/v2/carts/items/:itemId', { idempotencyKey: true }),
  /** The cart (declared with the shell's calls). */
  cart: shellRoutes.cart,
};
