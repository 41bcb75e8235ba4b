import { defineMessages } from '@eyewear/i18n';

/**
 * The edit power page's strings. A module of their own: the product page's first load
 * carries only its own strings (issue 19: first-load JS).
 */
export const editPowerMessages = defineMessages({
  editPowerFor: 'Power for {name}',
  editPowerNoItem: 'This item is not in your cart.',
  editPowerChoose: 'Choose the item whose power you want to edit.',
  editPowerNone: 'No item in your cart takes a power.',
  savePower: 'Save power',
  powerUpdated: 'Power updated successfully',
  powerUpdateFailed: 'Error while updating the Power',
  loadingCart: 'Loading your cart',
});
