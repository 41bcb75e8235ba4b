// The headers of a page a shared cache keeps, and of one it must not (docs/adr/048).
import { PAGE_S_MAXAGE, PAGE_STALE_WHILE_REVALIDATE, SURROGATE_KEY_HEADERS } from '@eyewear/federation';
import { CACHE_KEY } from '@eyewear/api-client/cache-keys';

/**
 * A shared page: any shared cache may keep it; a browser asks again each time (it is small, and
 * may change). `stale-while-revalidate` is not in it: RFC 5861 lets a browser's own cache use it
 * too (Chromium does), which would show a returning shopper a page up to an hour old while it
 * asks again (old prices, retired builds); it is said to shared caches alone, in SHARED_PAGE_CDN_CONTROL.
 */
export const SHARED_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PAGE_S_MAXAGE}`;
/** For shared caches only (RFC 9213 `CDN-Cache-Control`; Fastly's and Varnish's `Surrogate-Control`). */
export const SHARED_PAGE_CDN_CONTROL = `max-age=${PAGE_S_MAXAGE}, stale-while-revalidate=${PAGE_STALE_WHILE_REVALIDATE}`;
/**
 * A shared "not found" page: kept a minute only, since what is missing now (a product about to be
 * listed) may exist soon, and nothing purges a page for a thing that did not exist.
 */
export const SHARED_MISSING_CACHE_CONTROL = 'public, max-age=0, s-maxage=60';
export const SHARED_MISSING_CDN_CONTROL = 'max-age=60, stale-while-revalidate=60';
/** A shopper's own page, a partial render, a QA override: kept by nobody. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-store';

/** How many keys one page carries at most (a header a cache accepts); past it, `all` covers the rest. */
export const MAX_PAGE_KEYS = 600;

/**
 * A shared page's headers: its Cache-Control, its cache keys in every surrogate-key header
 * (Fastly's `Surrogate-Key`, Varnish xkey's `xkey`), and its scripts' preloads as a `Link`
 * header (a `<link rel=preload>` without a nonce is refused under 'strict-dynamic'; a header's is not).
 */
export function sharedPageHeaders({
  keys,
  preloads,
  status = 200,
}: {
  keys: readonly string[];
  preloads: readonly string[];
  status?: number;
}): Record<string, string> {
  const valid = [...new Set(keys)].filter((key) => CACHE_KEY.test(key)).slice(0, MAX_PAGE_KEYS);
  const tags = valid.join(' ');
  return {
    'cache-control': status >= 400 ? SHARED_MISSING_CACHE_CONTROL : SHARED_PAGE_CACHE_CONTROL,
    'cdn-cache-control': status >= 400 ? SHARED_MISSING_CDN_CONTROL : SHARED_PAGE_CDN_CONTROL,
    'surrogate-control': status >= 400 ? SHARED_MISSING_CDN_CONTROL : SHARED_PAGE_CDN_CONTROL,
    ...Object.fromEntries(SURROGATE_KEY_HEADERS.map((name) => [name, tags])),
    ...(preloads.length > 0 ? { link: preloads.map((href) => `<${encodeURI(decodeURI(href))}>; rel=preload; as=script`).join(', ') } : {}),
  };
}
