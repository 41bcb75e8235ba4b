import { defineMessages } from '@eyewear/i18n';

/** The cart feature's own strings (the shared ones are in src/app/messages.ts). */
export const cartMessages = defineMessages({
  /** The API's 'exchange' discount: the credit of the frame being returned (account §4 "Exchange mode"). */
  discount_exchange: 'Exchange credit',
  /** The API's first-frame price for a new customer (shopping §3 'first buy' price). */
  discount_firstFrame: 'First frame offer',
  /** The net amount when an exchange credit was taken: what is left to pay. */
  payableDifference: 'Difference to pay',
  noPaymentTitle: 'Checkout is not available for this cart',
  noPaymentBody: 'We cannot take payment online for orders in {country} yet, so this cart cannot be checked out here. Your cart stays saved. What you can do:',
  noPaymentSupport: 'Contact support to place this order with our team',
  noPaymentKeepShopping: 'Keep browsing; your cart will be here when you come back',
  noPaymentCheck: 'Checking how you can pay',
});
