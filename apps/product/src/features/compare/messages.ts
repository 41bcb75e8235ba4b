import { defineMessages } from '@eyewear/i18n';

/**
 * The compare looks page's strings. A module of their own: the product page's first load
 * carries only its own strings (issue 19: first-load JS).
 */
export const compareMessages = defineMessages({
  compareEmpty: 'Nothing to compare yet. Use "Add to compare" on up to four product pages.',
  remove: 'Remove {name}',
  view: 'View product',
});
