import { defineMessages } from '@eyewear/i18n';

/**
 * The shortlist page's own strings (`/shortlist`; its list says what the panel says, from
 * `wishlistMessages`): a module apart from those, which every card's heart loads, so the page
 * adds nothing to a listing's first chunks (bench/budgets.json `sizes.catalog`).
 */
export const shortlistPageMessages = defineMessages({
  shortlistTitle: 'Shortlist',
  shortlistBrowse: 'Browse eyeglasses',
});
