import { defineMessages } from '@eyewear/i18n';

/** Every string the shell shows. */
export const messages = defineMessages({
  siteName: 'Eyewear',
  skipToContent: 'Skip to content',
  logoLabel: 'Eyewear home',
  searchLabel: 'Search',
  searchPlaceholder: 'What are you looking for?',
  searchButton: 'Search',
  trackOrder: 'Track order',
  cart: 'Cart',
  cartWithCount: 'Cart, {count} items',
  topStripShipping: 'Free shipping',
  topStripWarranty: 'One-year warranty',
  topStripReturns: '30-day return or exchange',
  footerPromise: '14-day returns with free shipping',
  footerSupport: 'Support',
  footerReviews: 'Customer reviews',
  footerStores: 'Book an eye test',
  footerCopyright: '© {year} Eyewear',
  navigationProgress: 'Loading page',
  pageLoading: 'Loading page content',
  areaFailedTitle: "This part of the page didn't load",
  areaFailedMessage: 'The rest of the store still works. Check your connection and try again.',
  areaCrashedTitle: 'Something went wrong here',
  areaCrashedMessage: 'We could not show this part of the page. The rest of the store still works.',
  retry: 'Try again',
  notFoundTitle: "We couldn't find that page",
  notFoundMessage: 'The link may be old or mistyped. Search for what you need or go back to the home page.',
  notFoundHome: 'Go to the home page',
});

export type ShellMessages = typeof messages.defaults;
