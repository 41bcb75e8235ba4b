import { defineMessages } from '@eyewear/i18n';

/**
 * Strings of the return form's own parts: the deadline, the photo a reason asks for, a pickup
 * address added in place, shipping it back oneself. The window's days and the photo's size
 * come from the API's return config, never written here.
 */
export const returnsMessages = defineMessages({
  returnBy: 'Return by {date}',
  returnWithin: 'You can return it up to {days} days after it is delivered.',
  photo: 'Photo of the item',
  photoHint: 'This reason needs a photo that shows the problem: JPEG, PNG, WEBP or HEIC, up to {max} MB.',
  photoMissing: 'Please add a photo of the item: this reason needs one.',
  photoTooLarge: 'This photo is larger than {max} MB. Please choose a smaller one.',
  photoNotImage: 'Please choose a photo: JPEG, PNG, WEBP or HEIC.',
  photoUploading: 'Adding the photo…',
  photoAdded: 'Photo added: {file}',
  pickupNotHere: 'Free pickup is not available at {pincode}.',
  noPickupAddress: 'You have no saved address with pincode {pincode}.',
  addPickupAddress: 'Add a pickup address',
  newPickupAddress: 'New pickup address',
  saveAddress: 'Save address',
  invalidPincode: 'Enter a valid pincode',
  addressSaved: 'Saved to your address book: we will pick it up from {address}.',
  selfShipTitle: 'Ship it to us yourself',
  selfShipPack: 'Pack the item in its case and a sturdy box, with the invoice.',
  selfShipLabel: 'Write your order number {orderId} on the parcel.',
  selfShipSend: 'Send it by a tracked courier to the address below.',
  selfShipSendBy: 'Send it by a tracked courier to the address below by {date}.',
  selfShipReceipt: 'Keep the courier receipt until your return is received.',
  returnAddress: 'Return address',
});
