import { catalogueRoutes, type ApiClient, type CarouselProduct, type HomeSection } from '@eyewear/api-client';

/** The sections of the home page or of a content/promo page, with the cache-busting `v`. */
export function fetchSections(api: ApiClient, page: string, v: number): Promise<{ sections: HomeSection[]; title?: string | undefined }> {
  if (page === 'home') return api.call(catalogueRoutes.home, { query: { v } }).then((a) => a.result);
  return api.call(catalogueRoutes.page, { params: { page }, query: { v } }).then((a) => a.result);
}

/** The products of the page's category carousels, at most 20 categories in one call. */
export function fetchCarousels(api: ApiClient, ids: number[]): Promise<CarouselProduct[]> {
  return api.call(catalogueRoutes.categoryCarousel, { query: { categoryIds: ids.slice(0, 20).join(',') } }).then((a) => a.result);
}
