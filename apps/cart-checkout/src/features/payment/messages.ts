import { defineMessages } from '@eyewear/i18n';

/** The payment page's own strings (offers beside the methods, the summary, the card provider's flow). */
export const paymentMessages = defineMessages({
  // payment offers
  offerApplied: 'Offer applied: {title}',
  /** An offer's terms after its title: the most it takes off, from what cart value. */
  offerCap: 'up to {cap}',
  offerMin: 'on orders from {min}',
  offerUpdating: 'Updating your total for this payment method…',
  offerUpdateFailed: 'We could not update your total for this payment method. Please choose it again.',
  payDisabledOffer: 'Your total is being updated for this payment method.',
  payDisabledOfferFailed: 'Update your total above to pay.',
  // nothing left to pay (issue 42): a balance paid it all
  fullyPaidTitle: 'Nothing to pay',
  fullyPaid: 'Your order is fully paid by your {balances}: no payment method is needed.',
  fullyPaidAnd: '{first} and {last}',
  balance_exchange: 'exchange credit',
  balance_sc: 'store credit',
  balance_gv: 'gift voucher',
  balance_wallet: 'wallet',
  // cash on delivery
  captchaWrong: 'Those characters did not match. Here is a new captcha: type the characters shown.',
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
  /** Issue 42: what really happens to the card typed (the form sends it to the store's API). */
  cardNote:
    'Your card details go over an encrypted connection to our server, which has our payment provider (simulated in this demo store) check the card. We keep only its last four digits, and the first six, name and expiry of a card you save.',
  providerLoading: 'Loading the secure card form',
  providerUnavailable: 'Card payments are unavailable right now. Please try again in a moment.',
  providerConfirming: 'Confirming your payment with the card provider…',
});

export type PaymentMessages = (typeof paymentMessages)['defaults'];
