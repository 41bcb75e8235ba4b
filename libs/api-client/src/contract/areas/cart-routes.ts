import { route } from '../route';
import { productRoutes } from './product-routes';
import { shellRoutes } from './shell-routes';

/** Paths that two or more calls share (a method each), written once. */
const quantityPath = '/v2/carts/items/:itemId/quantity';
const storeCreditsPath = '/v2/carts/store-credits';

/**
 * The cart, checkout, payment, saved-card and store-credit calls for the browser: where each goes
 * and with which headers, without schema code (the server validates against the declarations).
 * Each is declared here once and its endpoint spreads it, except the three the shell or the
 * product page also make, which are declared with theirs (so those bundles carry no other cart
 * route). Every cart write carries an Idempotency-Key (`idempotencyKey`: the caller's, one per
 * shopper action, or one the client draws), so a double tap or a retried request changes the
 * cart once; the server takes it as optional, so an older build that sends none still works.
 */
export const cartRoutes = {
  get: shellRoutes.cart,
  add: productRoutes.addToCart,
  updateItem: productRoutes.updateCartItem,
  increase: route('cart.increase', 'PUT', quantityPath, { idempotencyKey: true }),
  decrease: route('cart.decrease', 'DELETE', quantityPath, { idempotencyKey: true }),
  remove: route('cart.remove', 'DELETE', productRoutes.updateCartItem.path, { idempotencyKey: true }),
  clear: route('cart.clear', 'DELETE', shellRoutes.cart.path, { idempotencyKey: true }),
  reorder: route('cart.reorder', 'POST', '/v2/carts/reorder', { idempotencyKey: true }),
  reorderById: route('cart.reorderById', 'POST', '/v2/carts/reorder/:orderId', { idempotencyKey: true }),
  applyGiftVoucher: route('cart.applyGiftVoucher', 'POST', '/v2/carts/gift-vouchers', { idempotencyKey: true }),
  removeGiftVoucher: route('cart.removeGiftVoucher', 'DELETE', '/v2/carts/gift-vouchers/:code', { idempotencyKey: true }),
  applyStoreCredit: route('cart.applyStoreCredit', 'POST', storeCreditsPath, { idempotencyKey: true }),
  removeStoreCredit: route('cart.removeStoreCredit', 'DELETE', storeCreditsPath, { idempotencyKey: true }),
  shippingCheck: route('cart.shippingCheck', 'POST', '/v2/carts/shippingCheck'),
  shippingAddress: route('cart.shippingAddress', 'POST', '/v2/carts/shippingAddress', { idempotencyKey: true }),
  applyOffer: route('cart.applyOffer', 'POST', '/v2/carts/offers', { idempotencyKey: true }),
  removeOffer: route('cart.removeOffer', 'DELETE', '/v2/carts/offers/:offerId', { idempotencyKey: true }),
  deliveryOptions: route('cart.deliveryOptions', 'GET', '/v2/carts/expressdelivery/deliveryOptions'),
  updateDeliveryOption: route('cart.updateDeliveryOption', 'POST', '/v2/carts/expressdelivery/updateDeliveryOption', { idempotencyKey: true }),
  deliveryOptionCheck: route('cart.deliveryOptionCheck', 'GET', '/v2/carts/delivery-options/check'),
  abandonedLeads: route('cart.abandonedLeads', 'POST', '/v2/carts/abandonedleads', { idempotencyKey: true }),
  htoLeads: route('cart.htoLeads', 'POST', '/v2/carts/htoLeads', { idempotencyKey: true }),
  validateCart: route('cart.validateCart', 'POST', '/v2/carts/validateCart'),
};

export const checkoutRoutes = {
  paymentMethods: route('checkout.paymentMethods', 'GET', '/v2/payments/methods', { exchange: true }),
  paymentMethodsV4: route('checkout.paymentMethodsV4', 'GET', '/v4/payments/methods', { exchange: true }),
  paymentMethodsV5: route('checkout.paymentMethodsV5', 'GET', '/v5/payments/methods', { exchange: true }),
  clientToken: route('checkout.clientToken', 'GET', '/v2/payments/primer/client-token'),
  providerSavedCards: route('checkout.providerSavedCards', 'GET', '/v2/payments/primer/saved-cards'),
  providerPaymentStatus: route('checkout.providerPaymentStatus', 'GET', '/v2/payments/primer/:paymentRefId/status'),
  /** Carries the payment attempt's Idempotency-Key: a retry of the same attempt never pays twice. */
  pay: route('checkout.pay', 'POST', '/v2/orders/payment', { idempotencyKey: true }),
  validateVpa: route('checkout.validateVpa', 'POST', '/v2/payments/validateVpa'),
  upiStatus: route('checkout.upiStatus', 'GET', '/v2/payments/:orderId/UPI/status'),
  juspayStatus: route('checkout.juspayStatus', 'GET', '/v2/payments/:orderId/juspay/status'),
  sdkInitiate: route('checkout.sdkInitiate', 'GET', '/v2/payments/sdk/initiate'),
  captcha: route('checkout.captcha', 'GET', '/v2/captcha', { noSession: true }),
  cardOffers: route('checkout.cardOffers', 'GET', '/v2/payments/offers/card'),
  paymentOffers: route('checkout.paymentOffers', 'GET', '/v2/payments/offers/enabled'),
  applyPaymentOffer: route('checkout.applyPaymentOffer', 'POST', '/v2/carts/paymentOffer', { idempotencyKey: true }),
  order: route('checkout.order', 'GET', '/v2/checkout/orders/:orderId'),
};

export const savedCardRoutes = {
  list: route('savedCards.list', 'GET', '/v2/saved-cards/'),
  remove: route('savedCards.remove', 'DELETE', '/v2/saved-cards/:token', { idempotencyKey: true }),
};

export const moneyRoutes = {
  storeCredit: route('money.storeCredit', 'GET', '/v2/money/store-credits/'),
  storeCreditOrders: route('money.storeCreditOrders', 'GET', '/v2/money/store-credits/orders'),
  storeCreditHistory: route('money.storeCreditHistory', 'GET', '/v2/money/store-credits/history'),
  storeCreditSms: route('money.storeCreditSms', 'GET', '/v2/money/store-credits/sms'),
  giftVoucher: route('money.giftVoucher', 'GET', '/v2/money/gift-vouchers/code'),
};
