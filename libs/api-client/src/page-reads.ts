// The reads a page starts with, declared once (issue 39): the page makes them, and the shell
// starts them before the page's code is there (on intent, and at the route change), under the
// same query keys, so the page finds its data on its way or in.
import type { CallInput } from './client';
import { productBuyOptionsGroup, productGet } from './contract/areas/product-routes';
import type { ContractRoute } from './contract/route';
import { productIdOf, type RouteParams } from './product-id';

export { productIdOf, type RouteParams };

/** One read of a page: the call and its input (its query key is `queryKey(route, input)`). */
export interface PageRead {
  route: ContractRoute;
  input: Omit<CallInput, 'signal'>;
}

/** The product page's first reads: the product (its summary, gallery and price) and its colours. */
export function productReads(id: number) {
  return {
    product: { route: productGet, input: { params: { id } } },
    variants: { route: productBuyOptionsGroup, input: { params: { id } } },
  } satisfies Record<string, PageRead>;
}

/**
 * The reads a page of a remote starts with, from its route's params: what the shell may start
 * before the page's code runs. None for a page whose first reads depend on the shopper (their
 * session, an open exchange: the shell leaves those to the page) or are not declared here.
 */
export function pageReads(remote: string, expose: string, params: RouteParams): PageRead[] {
  if (remote === 'product' && expose === './ProductPage') {
    const id = productIdOf(params);
    return id === null ? [] : Object.values(productReads(id));
  }
  return [];
}
