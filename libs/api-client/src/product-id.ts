/** A route's params as React Router gives them (`id`, `*`). */
export type RouteParams = Readonly<Record<string, string | undefined>>;

/**
 * The product id of a product route's params, as the product page, the edge's status and the
 * shell read it: `/product/{id}` or `/catalog/product/view/id/{id}` (or any last numeric segment).
 */
export function productIdOf(params: RouteParams): number | null {
  const raw = params['id'] ?? params['*'] ?? '';
  const id = Number(/(?:^|\/)id\/(\d+)/.exec(raw)?.[1] ?? /(\d+)(?:\.html)?\/?$/.exec(raw)?.[1] ?? NaN);
  return Number.isInteger(id) && id > 0 ? id : null;
}
