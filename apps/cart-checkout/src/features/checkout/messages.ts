import { defineMessages } from '@eyewear/i18n';

/** The checkout feature's own strings (the shared ones are in src/app/messages.ts). */
export const checkoutMessages = defineMessages({
  saveToBook: 'Save to my addresses',
  savedToBook: 'Saved to your addresses.',
  bookFailed: 'This address could not be saved to your addresses ({message}). It is still used for this order.',
  /** The delivery estimate of the pincode being typed (shopping §7 delivery options by pincode). */
  estimateChecking: 'Checking delivery to {pincode}…',
  estimateBy: 'Delivery by {date} to {pincode}',
  estimateExpress: 'Express delivery by {date} is available.',
  estimateFailed: 'We could not check delivery to {pincode} just now.',
  deliveryChecking: 'Checking delivery options for this address…',
});
