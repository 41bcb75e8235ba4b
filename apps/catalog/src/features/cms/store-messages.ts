import { defineMessages } from '@eyewear/i18n';

/**
 * The store locator's strings (`/store-locator.html`): a module apart from the catalogue's, loaded
 * with its list, so the store list adds nothing to a listing's first chunks (bench/budgets.json
 * `sizes.catalog`).
 */
export const storeMessages = defineMessages({
  storesLoading: 'Loading our stores',
  storesFailed: 'Our stores could not be loaded.',
  storesNone: 'We have no stores in this country yet. Book a home eye test instead.',
  storesCount: '{count} stores in {cities} cities',
  storesCountOne: '1 store',
  storesOfCity: 'Stores in {city}',
  storeStudio: 'Studio',
  storeHours: 'Open {hours}',
  storePhone: 'Phone:',
  storeBook: 'Book an eye test',
  storeBookAt: 'Book an eye test at {name}',
  retry: 'Try again',
});
