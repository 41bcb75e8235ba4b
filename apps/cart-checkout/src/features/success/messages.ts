import { defineMessages } from '@eyewear/i18n';

/** The order success page's own strings (a lazy chunk: they cost the first screens nothing). */
export const successMessages = defineMessages({
  deliveryAddress: 'Delivery address',
  phone: 'Phone: {phone}',
  lensPackage: 'Lenses: {name}',
  /** Issue 42: asked only of items whose power the shopper chose to give later. */
  uploadPrescriptionFor: 'We need your power for: {names}. Share your prescription from your orders page.',
});
