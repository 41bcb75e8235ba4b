import { route } from '../route';
import { measuredFrameSize } from './frame-size-routes';

/** Paths that two or more calls share (a method each), written once. */
const wishlistPath = '/v2/wishlist';

const exchange = { exchange: true } as const;

/**
 * The catalogue remote's calls (listings, search, carousels, content, CMS, wishlist), for the
 * browser: where each goes and with which headers, without schema code. Each is declared here
 * once; its endpoint (catalogue.ts, content.ts, marketing.ts, product.ts) spreads it.
 */
export const catalogueRoutes = {
  category: route('catalogue.category', 'GET', '/v2/categories/:id', exchange),
  filters: route('catalogue.filters', 'GET', '/v2/categories/:id/filters', exchange),
  subCategories: route('catalogue.subCategories', 'GET', '/v2/categories/gender/:gender/catalog/:catalogId', exchange),
  search: route('catalogue.search', 'GET', '/v2/search/products/:query', exchange),
  searchFilters: route('catalogue.searchFilters', 'GET', '/v2/search/filters/:query', exchange),
  carouselBanner: route('catalogue.carouselBanner', 'GET', '/v2/carouselbanner'),
  categoryCarousel: route('catalogue.categoryCarousel', 'GET', '/v2/categories/carousel', exchange),
  categoryCarouselById: route('catalogue.categoryCarouselById', 'GET', '/v2/categories/carousel/:categoryId', exchange),
  wishlist: route('catalogue.wishlist', 'GET', wishlistPath),
  wishlistAdd: route('catalogue.wishlistAdd', 'POST', wishlistPath, { idempotencyKey: true }),
  wishlistRemove: route('catalogue.wishlistRemove', 'DELETE', '/v2/wishlist/:productId', { idempotencyKey: true }),
  wishlistClear: route('catalogue.wishlistClear', 'DELETE', wishlistPath, { idempotencyKey: true }),
  home: route('content.home', 'GET', '/v2/content/home'),
  page: route('content.page', 'GET', '/v2/content/pages/:page'),
  collection: route('content.collection', 'GET', '/v2/content/collections', exchange),
  cms: route('content.cms', 'GET', '/v2/content/cms/:pageName'),
  categoryConfig: route('content.categoryConfig', 'GET', '/v2/config/category'),
  leadGen: route('marketing.leadGen', 'POST', '/v2/marketing/lead-gen', { idempotencyKey: true }),
  barcode: route('product.barcode', 'GET', '/v2/products/product/barcode', { customerType: true, exchange: true }),
  /** The shopper's measured frame size (issue 43), for the listing's frame-size filter; read in the browser only (a shared page's HTML never holds it). */
  measuredFrameSize,
};
