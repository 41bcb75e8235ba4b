import { route } from '../route';
import type { cartEndpoints } from './cart';
import type { checkoutEndpoints } from './checkout';
import type { moneyEndpoints } from './money';
import type { savedCardEndpoints } from './saved-cards';

type C = typeof cartEndpoints;
type K = typeof checkoutEndpoints;
type M = typeof moneyEndpoints;
type S = typeof savedCardEndpoints;

/**
 * The cart, checkout, payment, saved-card and store-credit calls for the browser: where each goes,
 * typed by its answer, without schema code (the server validates against the declarations).
 */
export const cartRoutes = {
  get: route<C['get']['response']>('cart.get', 'GET', '/v2/carts'),
  add: route<C['add']['response']>('cart.add', 'POST', '/v2/carts/items', { exchange: true }),
  updateItem: route<C['updateItem']['response']>('cart.updateItem', 'POST', '/v2/carts/items/:itemId'),
  increase: route<C['increase']['response']>('cart.increase', 'PUT', '/v2/carts/items/:itemId/quantity'),
  decrease: route<C['decrease']['response']>('cart.decrease', 'DELETE', '/v2/carts/items/:itemId/quantity'),
  remove: route<C['remove']['response']>('cart.remove', 'DELETE', '/v2/carts/items/:itemId'),
  clear: route<C['clear']['response']>('cart.clear', 'DELETE', '/v2/carts'),
  reorder: route<C['reorder']['response']>('cart.reorder', 'POST', '/v2/carts/reorder'),
  reorderById: route<C['reorderById']['response']>('cart.reorderById', 'POST', '/v2/carts/reorder/:orderId'),
  applyGiftVoucher: route<C['applyGiftVoucher']['response']>('cart.applyGiftVoucher', 'POST', '/v2/carts/gift-vouchers'),
  removeGiftVoucher: route<C['removeGiftVoucher']['response']>('cart.removeGiftVoucher', 'DELETE', '/v2/carts/gift-vouchers/:code'),
  applyStoreCredit: route<C['applyStoreCredit']['response']>('cart.applyStoreCredit', 'POST', '/v2/carts/store-credits'),
  removeStoreCredit: route<C['removeStoreCredit']['response']>('cart.removeStoreCredit', 'DELETE', '/v2/carts/store-credits'),
  shippingCheck: route<C['shippingCheck']['response']>('cart.shippingCheck', 'POST', '/v2/carts/shippingCheck'),
  shippingAddress: route<C['shippingAddress']['response']>('cart.shippingAddress', 'POST', '/v2/carts/shippingAddress'),
  applyOffer: route<C['applyOffer']['response']>('cart.applyOffer', 'POST', '/v2/carts/offers'),
  removeOffer: route<C['removeOffer']['response']>('cart.removeOffer', 'DELETE', '/v2/carts/offers/:offerId'),
  deliveryOptions: route<C['deliveryOptions']['response']>('cart.deliveryOptions', 'GET', '/v2/carts/expressdelivery/deliveryOptions'),
  updateDeliveryOption: route<C['updateDeliveryOption']['response']>('cart.updateDeliveryOption', 'POST', '/v2/carts/expressdelivery/updateDeliveryOption'),
  deliveryOptionCheck: route<C['deliveryOptionCheck']['response']>('cart.deliveryOptionCheck', 'GET', '/v2/carts/delivery-options/check'),
  abandonedLeads: route<C['abandonedLeads']['response']>('cart.abandonedLeads', 'POST', '/v2/carts/abandonedleads'),
  htoLeads: route<C['htoLeads']['response']>('cart.htoLeads', 'POST', '/v2/carts/htoLeads'),
  validateCart: route<C['validateCart']['response']>('cart.validateCart', 'POST', '/v2/carts/validateCart'),
};

export const checkoutRoutes = {
  paymentMethods: route<K['paymentMethods']['response']>('checkout.paymentMethods', 'GET', '/v2/payments/methods', { exchange: true }),
  paymentMethodsV4: route<K['paymentMethodsV4']['response']>('checkout.paymentMethodsV4', 'GET', '/v4/payments/methods', { exchange: true }),
  paymentMethodsV5: route<K['paymentMethodsV5']['response']>('checkout.paymentMethodsV5', 'GET', '/v5/payments/methods', { exchange: true }),
  clientToken: route<K['clientToken']['response']>('checkout.clientToken', 'GET', '/v2/payments/primer/client-token'),
  providerSavedCards: route<K['providerSavedCards']['response']>('checkout.providerSavedCards', 'GET', '/v2/payments/primer/saved-cards'),
  providerPaymentStatus: route<K['providerPaymentStatus']['response']>('checkout.providerPaymentStatus', 'GET', '/v2/payments/primer/:paymentRefId/status'),
  pay: route<K['pay']['response']>('checkout.pay', 'POST', '/v2/orders/payment'),
  validateVpa: route<K['validateVpa']['response']>('checkout.validateVpa', 'POST', '/v2/payments/validateVpa'),
  upiStatus: route<K['upiStatus']['response']>('checkout.upiStatus', 'GET', '/v2/payments/:orderId/UPI/status'),
  juspayStatus: route<K['juspayStatus']['response']>('checkout.juspayStatus', 'GET', '/v2/payments/:orderId/juspay/status'),
  sdkInitiate: route<K['sdkInitiate']['response']>('checkout.sdkInitiate', 'GET', '/v2/payments/sdk/initiate'),
  captcha: route<K['captcha']['response']>('checkout.captcha', 'GET', '/v2/captcha', { noSession: true }),
  cardOffers: route<K['cardOffers']['response']>('checkout.cardOffers', 'GET', '/v2/payments/offers/card'),
  paymentOffers: route<K['paymentOffers']['response']>('checkout.paymentOffers', 'GET', '/v2/payments/offers/enabled'),
  applyPaymentOffer: route<K['applyPaymentOffer']['response']>('checkout.applyPaymentOffer', 'POST', '/v2/carts/paymentOffer'),
  order: route<K['order']['response']>('checkout.order', 'GET', '/v2/checkout/orders/:orderId'),
};

export const savedCardRoutes = {
  list: route<S['list']['response']>('savedCards.list', 'GET', '/v2/saved-cards/'),
  remove: route<S['remove']['response']>('savedCards.remove', 'DELETE', '/v2/saved-cards/:token'),
};

export const moneyRoutes = {
  storeCredit: route<M['storeCredit']['response']>('money.storeCredit', 'GET', '/v2/money/store-credits/'),
  storeCreditOrders: route<M['storeCreditOrders']['response']>('money.storeCreditOrders', 'GET', '/v2/money/store-credits/orders'),
  storeCreditHistory: route<M['storeCreditHistory']['response']>('money.storeCreditHistory', 'GET', '/v2/money/store-credits/history'),
  storeCreditSms: route<M['storeCreditSms']['response']>('money.storeCreditSms', 'GET', '/v2/money/store-credits/sms'),
  giftVoucher: route<M['giftVoucher']['response']>('money.giftVoucher', 'GET', '/v2/money/gift-vouchers/code'),
};
