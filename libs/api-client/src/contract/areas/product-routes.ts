import { route } from '../route';
import type { cartEndpoints } from './cart';
import type { faceProfileEndpoints } from './face-profiles';
import type { prescriptionEndpoints } from './prescriptions';
import type { productEndpoints } from './product';
import type { reviewEndpoints } from './reviews';

type P = typeof productEndpoints;
type R = typeof reviewEndpoints;
type F = typeof faceProfileEndpoints;
type C = typeof cartEndpoints;
type Rx = typeof prescriptionEndpoints;

/** Product calls send the customer-type and exchange headers (shopping §7). */
const product = { customerType: true, exchange: true } as const;

/**
 * The calls the product remote makes (product page, lens packages, powers, contact lenses,
 * delivery, reviews, frame size, try-on, add to cart), for the browser: where each goes and
 * with which headers, typed by its answer, without schema code.
 */
export const productRoutes = {
  get: route<P['get']['response']>('product.get', 'GET', '/v2/products/product/:id', product),
  buyOptionsGroup: route<P['buyOptionsGroup']['response']>('product.buyOptionsGroup', 'GET', '/v2/products/product/:id/buyoptions/group', product),
  shippingEstimate: route<P['shippingEstimate']['response']>('product.shippingEstimate', 'GET', '/v2/products/product/:id/shipping/estimate', product),
  lensShippingLocation: route<P['lensShippingLocation']['response']>('product.lensShippingLocation', 'GET', '/v2/products/shipping/location/:pincode'),
  powers: route<P['powers']['response']>('product.powers', 'GET', '/v2/products/product/:id/powers', product),
  validatePowers: route<P['validatePowers']['response']>('product.validatePowers', 'POST', '/v2/products/product/:id/powers/validate', product),
  packages: route<P['packages']['response']>('product.packages', 'GET', '/v2/products/product/:id/packages', product),
  packageGroup: route<P['packageGroup']['response']>('product.packageGroup', 'GET', '/v2/products/product/:id/packages/group', product),
  subscriptions: route<P['subscriptions']['response']>('product.subscriptions', 'GET', '/v2/products/product/:id/subscriptions', product),
  subscriptionDiscount: route<P['subscriptionDiscount']['response']>('product.subscriptionDiscount', 'GET', '/v2/products/subscriptions/discount', product),
  solutions: route<P['solutions']['response']>('product.solutions', 'GET', '/v2/products/solutions', product),
  oosSubscription: route<P['oosSubscription']['response']>('product.oosSubscription', 'POST', '/v2/products/product/:id/oos-subscription', product),
  threeSixtyStatus: route<P['threeSixtyStatus']['response']>('product.threeSixtyStatus', 'POST', '/v2/products/three-sixty/status'),
  reviews: route<R['list']['response']>('reviews.list', 'GET', '/v2/products/product/:id/review', product),
  createReview: route<R['create']['response']>('reviews.create', 'POST', '/v2/products/product/:id/review', product),
  frameSize: route<F['frameSize']['response']>('faceProfiles.frameSize', 'POST', '/v2/frame-size'),
  storeFrameSize: route<F['storeFrameSize']['response']>('faceProfiles.storeFrameSize', 'POST', '/v2/frame-size/store'),
  tryOnOverlay: route<F['overlay']['response']>('faceProfiles.overlay', 'GET', '/v2/try-on/overlay'),
  /** The account area's saved prescriptions (offered for contact lenses) and prescription image upload. */
  savedPrescriptions: route<Rx['saved']['response']>('prescriptions.saved', 'GET', '/v2/prescriptions'),
  uploadPrescriptionImage: route<Rx['uploadImage']['response']>('prescriptions.uploadImage', 'POST', '/v2/prescriptions/images'),
  /** The cart area's add-item call, which the product page's add to cart uses. */
  addToCart: route<C['add']['response']>('cart.add', 'POST', '/v2/carts/items', { exchange: true }),
  /** The cart area's item update, which edit power uses for an item already in the cart. */
  updateCartItem: route<C['updateItem']['response']>('cart.updateItem', 'POST', '/v2/carts/items/:itemId'),
  cart: route<C['get']['response']>('cart.get', 'GET', '/v2/carts'),
};
