import { catalogueRoutes, shellRoutes, type ApiClient, type CategoryData, type FilterData, type RemoteSettings, type SubCategory } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { categoryPageSize } from '@eyewear/i18n/rules';
import { cleanSearchTerm, withoutSort, type ListingScope } from './listing-request';

/**
 * One page of a listing: a category's or a search's page `page` of `pageSize` products (the
 * shopping spec's §7: `page-size` and `page` with the filter params), or a whole collection.
 */
export function fetchPage(api: ApiClient, scope: ListingScope, params: Record<string, string>, page: number, pageSize: number): Promise<CategoryData> {
  const query = { ...params, 'page-size': pageSize, page };
  if (scope.kind === 'category') {
    return api.call(catalogueRoutes.category, { params: { id: scope.id }, query }).then((a) => a.result);
  }
  if (scope.kind === 'search') {
    return api.call(catalogueRoutes.search, { params: { query: cleanSearchTerm(scope.query) }, query }).then((a) => a.result);
  }
  // A collection arrives whole; the page renders 5 and appends the rest (shopping §2).
  return api.call(catalogueRoutes.collection, { query: { url: scope.url } }).then(({ result }) => ({
    categoryId: Number(result.id) || null,
    category_name: result.title,
    categoryType: 'collection',
    product_list: result.items,
    num_of_products: result.items.length,
    breadcrumb: [
      { label: 'Home', url: '/' },
      { label: result.title, url: scope.url },
    ],
  }));
}

/** The filter groups of a category or a search (a collection has none). */
export function fetchFilters(api: ApiClient, scope: ListingScope, params: Record<string, string>): Promise<FilterData> {
  if (scope.kind === 'category') return api.call(catalogueRoutes.filters, { params: { id: scope.id }, query: params }).then((a) => a.result);
  if (scope.kind === 'search') {
    return api.call(catalogueRoutes.searchFilters, { params: { query: cleanSearchTerm(scope.query) }, query: withoutSort(params) }).then((a) => a.result);
  }
  return Promise.resolve({ filters: [] });
}

/** The sub-categories of a category for a gender. */
export function fetchSubCategories(api: ApiClient, id: number, gender: string): Promise<SubCategory[]> {
  return api.call(catalogueRoutes.subCategories, { params: { gender, catalogId: id } }).then((a) => a.result.subCategories);
}

/** The trending searches (at most 8) an empty search suggests; none while loading or after a failure. */
export function useTrendingSearches(): { name: string; url: string }[] {
  const { data } = useQuery(shellRoutes.trending);
  return data?.result.desktop.slice(0, 8) ?? [];
}

/** The page size a listing asks for: the remote setting CATEGORY_PAGE_SIZE_COUNT, else 15 (shopping §9). */
export const listingPageSize = (settings: RemoteSettings | null | undefined): number => categoryPageSize(settings?.['CATEGORY_PAGE_SIZE_COUNT']);
