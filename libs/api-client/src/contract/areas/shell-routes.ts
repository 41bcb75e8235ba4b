import { route } from '../route';
import type { cartEndpoints } from './cart';
import type { catalogueEndpoints } from './catalogue';
import type { contentEndpoints } from './content';
import type { marketingEndpoints } from './marketing';
import type { reviewEndpoints } from './reviews';

type C = typeof catalogueEndpoints;
type K = typeof cartEndpoints;
type N = typeof contentEndpoints;
type M = typeof marketingEndpoints;
type R = typeof reviewEndpoints;

/**
 * The calls the shell makes (header, search bar, footer, banners, metadata), for the browser:
 * where each goes, typed by its answer, without schema code.
 */
export const shellRoutes = {
  navigation: route<N['navigation']['response']>('content.navigation', 'GET', '/v2/content/navigation'),
  mobileNavigation: route<N['mobileNavigation']['response']>('content.mobileNavigation', 'GET', '/v2/content/navigation/mobile'),
  footer: route<N['footer']['response']>('content.footer', 'GET', '/v2/content/footer'),
  /** Remote settings: read through `loadSettings`/`useRemoteSettings` (fetched once per page). */
  settings: route<N['settings']['response']>('content.settings', 'GET', '/v2/config/settings'),
  suggestions: route<C['suggestions']['response']>('catalogue.suggestions', 'GET', '/v2/search/suggestions/:query'),
  trending: route<C['trending']['response']>('catalogue.trending', 'GET', '/v2/search/trending'),
  siteRating: route<R['siteRating']['response']>('reviews.siteRating', 'GET', '/v2/reviews/site-rating'),
  location: route<M['location']['response']>('marketing.location', 'GET', '/v2/utility/location'),
  enterMyPower: route<M['enterMyPower']['response']>('marketing.enterMyPower', 'GET', '/v2/utility/enter-my-power'),
  utm: route<M['utm']['response']>('marketing.utm', 'POST', '/v2/marketing/utm'),
  /** The cart's own call: the shell reads it only for the gold-added banner. */
  cart: route<K['get']['response']>('cart.get', 'GET', '/v2/carts'),
};
