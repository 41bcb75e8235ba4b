import { appointmentRoutes, ApiError, messageOf } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';

/** account §9: nearby store radius 20, page size 10, page 0. */
export const NEARBY = { radius: 20, pageSize: 10, pageNumber: 0 } as const;

/** What the shopper searched: a pincode or area, and from a product page (?pid=) the product. */
export interface StoreSearch {
  address: string;
  pid?: number;
}

/**
 * The search a link asks for (`?area=`, the store locator's "Book an eye test"), with the
 * product of `?pid=`; none without an area.
 */
export function searchOfLink(params: URLSearchParams): StoreSearch | null {
  const address = (params.get('area') ?? '').trim().slice(0, 100);
  const pid = Number(params.get('pid'));
  return address ? { address, ...(Number.isInteger(pid) && pid > 0 ? { pid } : {}) } : null;
}

/**
 * Stores near a pincode or area; with a product id, the store API's stores near the area
 * stocking it. Nothing is asked before the first search.
 */
export function useStoreSearch(search: StoreSearch | null) {
  const nearby = useQuery(appointmentRoutes.nearbyStores, { query: { address: search?.address, ...NEARBY } }, { enabled: Boolean(search && !search.pid) });
  const stocking = useQuery(appointmentRoutes.storeApiNearby, { query: { area: search?.address, pid: search?.pid } }, { enabled: Boolean(search?.pid) });
  return search?.pid ? stocking : nearby;
}

/** shopping §8: an unknown place is 'No Result Found..'; any other failure, the store's message. */
export function searchError(error: unknown, texts: { noResult: string; genericError: string }): string {
  return error instanceof ApiError && error.status === 404 ? texts.noResult : messageOf(error, texts.genericError);
}
