import { route } from '../route';
import type { catalogueEndpoints } from './catalogue';
import type { contentEndpoints } from './content';
import type { marketingEndpoints } from './marketing';
import type { productEndpoints } from './product';

type C = typeof catalogueEndpoints;
type N = typeof contentEndpoints;
type M = typeof marketingEndpoints;
type P = typeof productEndpoints;

const exchange = { exchange: true } as const;

/**
 * The catalogue remote's calls (listings, search, carousels, content, CMS, wishlist), for the
 * browser: where each goes, typed by its answer, without schema code.
 */
export const catalogueRoutes = {
  category: route<C['category']['response']>('catalogue.category', 'GET', '/v2/categories/:id', exchange),
  filters: route<C['filters']['response']>('catalogue.filters', 'GET', '/v2/categories/:id/filters', exchange),
  subCategories: route<C['subCategories']['response']>('catalogue.subCategories', 'GET', '/v2/categories/gender/:gender/catalog/:catalogId', exchange),
  search: route<C['search']['response']>('catalogue.search', 'GET', '/v2/search/products/:query', exchange),
  searchFilters: route<C['searchFilters']['response']>('catalogue.searchFilters', 'GET', '/v2/search/filters/:query', exchange),
  carouselBanner: route<C['carouselBanner']['response']>('catalogue.carouselBanner', 'GET', '/v2/carouselbanner'),
  categoryCarousel: route<C['categoryCarousel']['response']>('catalogue.categoryCarousel', 'GET', '/v2/categories/carousel', exchange),
  categoryCarouselById: route<C['categoryCarouselById']['response']>('catalogue.categoryCarouselById', 'GET', '/v2/categories/carousel/:categoryId', exchange),
  wishlist: route<C['wishlist']['response']>('catalogue.wishlist', 'GET', '/v2/wishlist'),
  wishlistAdd: route<C['wishlistAdd']['response']>('catalogue.wishlistAdd', 'POST', '/v2/wishlist'),
  wishlistRemove: route<C['wishlistRemove']['response']>('catalogue.wishlistRemove', 'DELETE', '/v2/wishlist/:productId'),
  wishlistClear: route<C['wishlistClear']['response']>('catalogue.wishlistClear', 'DELETE', '/v2/wishlist'),
  home: route<N['home']['response']>('content.home', 'GET', '/v2/content/home'),
  page: route<N['page']['response']>('content.page', 'GET', '/v2/content/pages/:page'),
  collection: route<N['collection']['response']>('content.collection', 'GET', '/v2/content/collections', exchange),
  cms: route<N['cms']['response']>('content.cms', 'GET', '/v2/content/cms/:pageName'),
  categoryConfig: route<N['categoryConfig']['response']>('content.categoryConfig', 'GET', '/v2/config/category'),
  leadGen: route<M['leadGen']['response']>('marketing.leadGen', 'POST', '/v2/marketing/lead-gen'),
  barcode: route<P['barcode']['response']>('product.barcode', 'GET', '/v2/products/product/barcode', { customerType: true, exchange: true }),
};
