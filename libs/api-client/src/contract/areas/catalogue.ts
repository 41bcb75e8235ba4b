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
import { catalogueRoutes } from './catalogue-routes';
import { shellRoutes } from './shell-routes';

const SPEC = 'shopping §7 Catalogue and content';

/** shopping §5: the search box blocks \ [ ] ( ) ? %, and brackets and braces are stripped before the call. */
const searchTerm = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\\[\](){}?%]+$/, 'Search term has blocked characters');

export const catalogueEndpoints = {
  category: endpoint({
    ...catalogueRoutes.category,
    params: params({ id: idParam() }),
    query: listingQuery({}),
    response: result(categoryDataSchema),
    summary: `Category products, paged (page size 15 by default) with filter params (${SPEC})`,
  }),
  filters: endpoint({
    ...catalogueRoutes.filters,
    params: params({ id: idParam() }),
    query: listingQuery({}),
    response: result(filterDataSchema),
    summary: `Filter data of a category; an empty filter list is a failure for the page (${SPEC})`,
  }),
  subCategories: endpoint({
    ...catalogueRoutes.subCategories,
    params: params({ gender: z.enum(['men', 'women', 'kids', 'unisex']), catalogId: idParam() }),
    response: result(z.object({ subCategories: z.array(subCategorySchema) })),
    summary: `Sub-categories of a catalogue for a gender (${SPEC})`,
  }),
  search: endpoint({
    ...catalogueRoutes.search,
    params: params({ query: searchTerm }),
    query: listingQuery({}),
    response: result(categoryDataSchema),
    summary: `Search results, answered as a category listing named after the query (${SPEC})`,
  }),
  searchFilters: endpoint({
    ...catalogueRoutes.searchFilters,
    params: params({ query: searchTerm }),
    query: listingQuery(withoutSortKeys),
    response: result(filterDataSchema),
    summary: `Filters of a search; sort, dir and gan_data are refused (${SPEC}; shopping §5)`,
  }),
  suggestions: endpoint({
    ...shellRoutes.suggestions,
    params: params({ query: searchTerm }),
    response: result(searchSuggestionsSchema),
    summary: `Typeahead keywords and product recommendations for the search bar (${SPEC})`,
  }),
  trending: endpoint({
    ...shellRoutes.trending,
    response: result(trendingSearchesSchema),
    summary: `Trending searches of the request's country, desktop and mobile lists (${SPEC}; account §3)`,
  }),
  carouselBanner: endpoint({
    ...catalogueRoutes.carouselBanner,
    query: z.object({ category: z.string().min(1).max(100) }).strict(),
    response: result(z.object({ banners: z.array(carouselBannerSchema) })),
    summary: `Banner carousel of a category page (${SPEC})`,
  }),
  categoryCarousel: endpoint({
    ...catalogueRoutes.categoryCarousel,
    query: z.object({ categoryIds: z.string().regex(/^\d+(,\d+){0,19}$/, 'Comma-joined category ids') }).strict(),
    response: result(z.array(carouselProductSchema)),
    summary: `Products of several home carousels at once, each tagged with its cat_id (${SPEC})`,
  }),
  categoryCarouselById: endpoint({
    ...catalogueRoutes.categoryCarouselById,
    params: params({ categoryId: idParam() }),
    response: result(z.array(carouselProductSchema)),
    summary: `Products of one category carousel (the carousel URL + categoryId form) (${SPEC})`,
  }),
  wishlist: endpoint({
    ...catalogueRoutes.wishlist,
    query: z.object({ attributes: q.bool().optional() }).strict(),
    response: result(wishlistSchema),
    summary: `The shortlist, with product attributes when attributes=true (${SPEC})`,
  }),
  wishlistAdd: endpoint({
    ...catalogueRoutes.wishlistAdd,
    body: z.object({ productId: idSchema }).strict(),
    response: result(wishlistSchema),
    summary: `Add a product to the shortlist (at most 50) (${SPEC})`,
  }),
  wishlistRemove: endpoint({
    ...catalogueRoutes.wishlistRemove,
    params: params({ productId: idParam() }),
    response: result(wishlistSchema),
    summary: `Remove one product from the shortlist (${SPEC})`,
  }),
  wishlistClear: endpoint({
    ...catalogueRoutes.wishlistClear,
    response: result(wishlistSchema),
    summary: `Delete-all: empty the shortlist (${SPEC})`,
  }),
} as const;
