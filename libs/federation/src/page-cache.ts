// The page cache's rules (issue 39, docs/adr/048): what a page depends on, in one place for the
// edge, its shared cache's configuration (deploy/varnish, generated from these) and the apps.
import { OVERRIDE_COOKIE, OVERRIDE_PARAM } from './override';

/**
 * The query parameters pages read while they render (the listing's filters and sort, the
 * search's term, compare's ids, edit power's item, frame size's store, a product's colour, the
 * header's Gold offer). Every other parameter (utm_*, gclid, fbclid, a cache buster) changes
 * nothing on the server's page: it is dropped from the page's cache key and from the URL the
 * server renders, and read in the browser where something reads it (the campaign intake).
 */
export const PAGE_QUERY_PARAMS = [
  'brand',
  'colour',
  'dir',
  'frame_colour',
  'frame_shape',
  'frame_size',
  'frame_type',
  'gender',
  'gold_add',
  'ids',
  'itemId',
  'material',
  'price',
  'q',
  'sort',
  'store',
] as const;

const KEPT = new Set<string>(PAGE_QUERY_PARAMS);

/**
 * A page's URL as its cache key and its server render see it: the path, then only the
 * parameters pages read, empty ones dropped, sorted as whole `name=value` pairs (as Varnish's
 * `std.querysort` sorts them, so the shared cache and the edge agree on one key).
 * `/eyeglasses?utm_source=x&sort=new&brand=a` is `/eyeglasses?brand=a&sort=new`.
 */
export function pageCacheUrl(pathname: string, search: string): string {
  const pairs: string[] = [];
  for (const [name, value] of new URLSearchParams(search)) {
    if (KEPT.has(name) && value !== '') pairs.push(new URLSearchParams([[name, value]]).toString());
  }
  pairs.sort();
  return pairs.length > 0 ? `${pathname}?${pairs.join('&')}` : pathname;
}

/**
 * The cookie that names a shopper's builds (the edge sets it with its session, docs/adr/048): the
 * shared cache keeps one copy of a page per value, the edge checks it against the session and
 * makes a page that does not match private. Absent: the builds of a visitor without a session.
 */
export const BUILDS_COOKIE = 'mf_v';

/** The cookie the browser sets once a customer has ordered (the repeat customer's prices). */
export const CUSTOMER_COOKIE = 'hasPlacedOrder';

/**
 * The remotes whose pages are a shopper's own (the account, the cart, checkout, payment, orders):
 * never shared, whether the edge renders them for the shopper or leaves them to the browser.
 */
export const PRIVATE_PAGE_REMOTES = ['account', 'cart-checkout'] as const;

/** What makes a page never shared: a QA override (its parameter or its cookie). */
export const PRIVATE_PAGE_PARAMS = [OVERRIDE_PARAM] as const;
export const PRIVATE_PAGE_COOKIES = [OVERRIDE_COOKIE] as const;

/** The response headers that tag a page with its cache keys: Fastly's and Varnish xkey's. */
export const SURROGATE_KEY_HEADERS = ['surrogate-key', 'xkey'] as const;

/** How long a shared cache keeps a page, and serves it stale while it asks again (seconds). */
export const PAGE_S_MAXAGE = 600;
export const PAGE_STALE_WHILE_REVALIDATE = 3600;
