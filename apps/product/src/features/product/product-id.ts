/** The product id of `/product/{id}` or `/catalog/product/view/id/{id}` (or any last numeric segment). */
export function productIdOf(params: Record<string, string | undefined>): number | null {
  const raw = params['id'] ?? params['*'] ?? '';
  const id = Number(/(?:^|\/)id\/(\d+)/.exec(raw)?.[1] ?? /(\d+)(?:\.html)?\/?$/.exec(raw)?.[1] ?? NaN);
  return Number.isInteger(id) && id > 0 ? id : null;
}
