import { z } from 'zod';
import {
  carouselBannerSchema,
  carouselProductSchema,
  categoryDataSchema,
  filterDataSchema,
  idSchema,
  searchSuggestionsSchema,
  trendingSearchesSchema,
  subCategorySchema,
  wishlistSchema,
} from '../../schemas';
import { endpoint, q, result } from '../define';
import { idParam, listingQuery, params, withoutSortKeys } from '../helpers';

const SPEC = 'shopping §7 Catalogue and content';

/** §5: the search box blocks \ [ ] ( ) ? %, and brackets and braces are stripped before the call. */
const searchTerm = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\\[\](){}?%]+$/, 'Search term has blocked characters');

const listingHeaders = { exchange: true } as const;

export const catalogueEndpoints = {
  category: endpoint({
    name: 'catalogue.category',
    method: 'GET',
    path: '/v2/categories/:id',
    params: params({ id: idParam() }),
    query: listingQuery({}),
    response: result(categoryDataSchema),
    headers: listingHeaders,
    summary: `Category products, paged (page size 15 by default) with filter params (${SPEC})`,
  }),
  filters: endpoint({
    name: 'catalogue.filters',
    method: 'GET',
    path: '/v2/categories/:id/filters',
    params: params({ id: idParam() }),
    query: listingQuery({}),
    response: result(filterDataSchema),
    headers: listingHeaders,
    summary: `Filter data of a category; an empty filter list is a failure for the page (${SPEC})`,
  }),
  subCategories: endpoint({
    name: 'catalogue.subCategories',
    method: 'GET',
    path: '/v2/categories/gender/:gender/catalog/:catalogId',
    params: params({ gender: z.enum(['men', 'women', 'kids', 'unisex']), catalogId: idParam() }),
    response: result(z.object({ subCategories: z.array(subCategorySchema) })),
    headers: listingHeaders,
    summary: `Sub-categories of a catalogue for a gender (${SPEC})`,
  }),
  search: endpoint({
    name: 'catalogue.search',
    method: 'GET',
    path: '/v2/search/products/:query',
    params: params({ query: searchTerm }),
    query: listingQuery({}),
    response: result(categoryDataSchema),
    headers: listingHeaders,
    summary: `Search results, answered as a category listing named after the query (${SPEC})`,
  }),
  searchFilters: endpoint({
    name: 'catalogue.searchFilters',
    method: 'GET',
    path: '/v2/search/filters/:query',
    params: params({ query: searchTerm }),
    query: listingQuery(withoutSortKeys),
    response: result(filterDataSchema),
    headers: listingHeaders,
    summary: `Filters of a search; sort, dir and gan_data are refused (${SPEC}, §5)`,
  }),
  suggestions: endpoint({
    name: 'catalogue.suggestions',
    method: 'GET',
    path: '/v2/search/suggestions/:query',
    params: params({ query: searchTerm }),
    response: result(searchSuggestionsSchema),
    summary: `Typeahead keywords and product recommendations for the search bar (${SPEC})`,
  }),
  trending: endpoint({
    name: 'catalogue.trending',
    method: 'GET',
    path: '/v2/search/trending',
    response: result(trendingSearchesSchema),
    summary: `Trending searches of the request's country, desktop and mobile lists (${SPEC}; account §3)`,
  }),
  carouselBanner: endpoint({
    name: 'catalogue.carouselBanner',
    method: 'GET',
    path: '/v2/carouselbanner',
    query: z.object({ category: z.string().min(1).max(100) }).strict(),
    response: result(z.object({ banners: z.array(carouselBannerSchema) })),
    summary: `Banner carousel of a category page (${SPEC})`,
  }),
  categoryCarousel: endpoint({
    name: 'catalogue.categoryCarousel',
    method: 'GET',
    path: '/v2/categories/carousel',
    query: z.object({ categoryIds: z.string().regex(/^\d+(,\d+){0,19}$/, 'Comma-joined category ids') }).strict(),
    response: result(z.array(carouselProductSchema)),
    headers: listingHeaders,
    summary: `Products of several home carousels at once, each tagged with its cat_id (${SPEC})`,
  }),
  categoryCarouselById: endpoint({
    name: 'catalogue.categoryCarouselById',
    method: 'GET',
    path: '/v2/categories/carousel/:categoryId',
    params: params({ categoryId: idParam() }),
    response: result(z.array(carouselProductSchema)),
    headers: listingHeaders,
    summary: `Products of one category carousel (the carousel URL + categoryId form) (${SPEC})`,
  }),
  wishlist: endpoint({
    name: 'catalogue.wishlist',
    method: 'GET',
    path: '/v2/wishlist',
    query: z.object({ attributes: q.bool().optional() }).strict(),
    response: result(wishlistSchema),
    summary: `The shortlist, with product attributes when attributes=true (${SPEC})`,
  }),
  wishlistAdd: endpoint({
    name: 'catalogue.wishlistAdd',
    method: 'POST',
    path: '/v2/wishlist',
    body: z.object({ productId: idSchema }).strict(),
    response: result(wishlistSchema),
    summary: `Add a product to the shortlist (at most 50) (${SPEC})`,
  }),
  wishlistRemove: endpoint({
    name: 'catalogue.wishlistRemove',
    method: 'DELETE',
    path: '/v2/wishlist/:productId',
    params: params({ productId: idParam() }),
    response: result(wishlistSchema),
    summary: `Remove one product from the shortlist (${SPEC})`,
  }),
  wishlistClear: endpoint({
    name: 'catalogue.wishlistClear',
    method: 'DELETE',
    path: '/v2/wishlist',
    response: result(wishlistSchema),
    summary: `Delete-all: empty the shortlist (${SPEC})`,
  }),
} as const;
