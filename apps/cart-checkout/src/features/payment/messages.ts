import { defineMessages } from '@eyewear/i18n';

/** The payment page's own strings (offers beside the methods, the summary, the card provider's flow). */
export const paymentMessages = defineMessages({
  // payment offers
  offerApplied: 'Offer applied: {title}',
  offerUpdating: 'Updating your total for this payment method…',
  offerUpdateFailed: 'We could not update your total for this payment method. Please choose it again.',
  payDisabledOffer: 'Your total is being updated for this payment method.',
  payDisabledOfferFailed: 'Update your total above to pay.',
  // what is paid for
  itemsCount: 'Items ({count})',
  itemLine: '{name} × {quantity}',
  eachPrice: '{price} each',
  deliveryAddress: 'Delivery address',
  orderTotals: 'Order total',
  // the card provider
  providerTypes: 'Pay with',
  providerType_PAYMENT_CARD: 'Card',
  providerSavedCards: 'Your saved cards',
  providerNewCard: 'Use a new card',
  providerSavedCard: '{type} ending {last4}, expires {month}/{year}',
  providerFormNote: 'Your card details go to our secure card provider, never to us.',
  providerLoading: 'Loading the secure card form',
  providerUnavailable: 'Card payments are unavailable right now. Please try again in a moment.',
  providerConfirming: 'Confirming your payment with the card provider…',
});

export type PaymentMessages = (typeof paymentMessages)['defaults'];
