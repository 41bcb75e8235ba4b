/**
 * A link in a page's content whose `href` is a URL only the routing lookup resolves (a
 * product's own SEO URL) carries the routed path of the same page in this attribute
 * (`/product/128001`). The shell reads it so the next page's code and first reads can start
 * without waiting for the lookup: on intent (pointer, focus, touch), and, for links in view,
 * the page's code at idle once the page runs (docs/adr/053).
 */
export const ROUTE_HINT_ATTRIBUTE = 'data-route';

/** The routed path of a product's page (the route table's `/product/:id`). */
export const productRoute = (id: number): string => `/product/${id}`;

/** The props a link spreads to carry its page's routed path. */
export const routeHint = (path: string): Record<typeof ROUTE_HINT_ATTRIBUTE, string> => ({ [ROUTE_HINT_ATTRIBUTE]: path });
