import { route } from '../route';

/**
 * The calls the shell makes (header, search bar, footer, banners, metadata), for the browser:
 * where each goes and with which headers, without schema code. Each is declared here once;
 * its endpoint (content.ts, catalogue.ts, reviews.ts, marketing.ts, cart.ts) spreads it and
 * adds the schemas, and `client.call` types its answer by the name (`RouteResult`).
 */
export const shellRoutes = {
  navigation: route('content.navigation', 'GET', '/v2/content/navigation'),
  mobileNavigation: route('content.mobileNavigation', 'GET', '/v2/content/navigation/mobile'),
  footer: route('content.footer', 'GET', '/v2/content/footer'),
  /** Remote settings: read through `loadSettings`/`useRemoteSettings` (fetched once per page). */
  settings: route('content.settings', 'GET', '/v2/config/settings'),
  suggestions: route('catalogue.suggestions', 'GET', '/v2/search/suggestions/:query'),
  trending: route('catalogue.trending', 'GET', '/v2/search/trending'),
  siteRating: route('reviews.siteRating', 'GET', '/v2/reviews/site-rating'),
  location: route('marketing.location', 'GET', '/v2/utility/location'),
  enterMyPower: route('marketing.enterMyPower', 'GET', '/v2/utility/enter-my-power'),
  utm: route('marketing.utm', 'POST', '/v2/marketing/utm'),
  /**
   * The cart's own call: the shell reads it only for the gold-added banner. Declared here, not
   * in cart-routes.ts, so the shell's bundle (every byte of it counts) carries no other cart
   * route; `cartRoutes.get` and `productRoutes.cart` are this route.
   */
  cart: route('cart.get', 'GET', '/v2/carts'),
};
