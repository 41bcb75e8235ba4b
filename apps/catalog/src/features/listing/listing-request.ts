/** What a listing page asks the API for, read from its route and URL. */
export type ListingScope = { kind: 'category'; id: number } | { kind: 'search'; query: string } | { kind: 'collection'; url: string };

export const SORT_OPTIONS = [
  { value: '', sort: null, dir: null },
  { value: 'price-asc', sort: 'price', dir: 'asc' },
  { value: 'price-desc', sort: 'price', dir: 'desc' },
  { value: 'rating', sort: 'rating', dir: 'desc' },
  { value: 'new', sort: 'new', dir: 'desc' },
  { value: 'popular', sort: 'popular', dir: 'desc' },
] as const;

/** Filter keys the listing passes through from its URL. */
const PASSED = /^(frame_type|frame_shape|frame_colour|frame_size|brand|price|gender|material|sort|dir)$/;

/** The listing's own query: filters and sort from the page URL, in a stable order (the cache key uses it). */
export function listingParams(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const out: Record<string, string> = {};
  for (const key of [...new Set(params.keys())].sort()) {
    if (!PASSED.test(key)) continue;
    const values = params
      .getAll(key)
      .flatMap((v) => v.split(','))
      .filter(Boolean);
    if (values.length > 0) out[key] = values.join(',');
  }
  return out;
}

/** shopping §5: brackets and braces are stripped from the search request. */
export function cleanSearchTerm(term: string): string {
  return term
    .replace(/[[\](){}]/g, '')
    .replace(/[\\?%]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** shopping §5: sort, dir and gan_data are removed from search filter requests. */
export function withoutSort(params: Record<string, string>): Record<string, string> {
  const { sort: _sort, dir: _dir, gan_data: _gan, ...rest } = params;
  return rest;
}

export function listingKey(scope: ListingScope, params: Record<string, string>): string {
  const head = scope.kind === 'category' ? `cat:${scope.id}` : scope.kind === 'search' ? `search:${scope.query.toLowerCase()}` : `col:${scope.url}`;
  const tail = Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return tail ? `${head}?${tail}` : head;
}

/**
 * The category id of a listing path: `/catalog/{id}`, `/category/{id}` or the legacy
 * `/catalog/category/view/{id}/{id}/{page}/{page}` (the second id is the category shown).
 */
export function categoryIdOf(params: Readonly<Record<string, string | undefined>>): number | null {
  const direct = params['id'];
  if (direct !== undefined) return /^\d+$/.test(direct) ? Number(direct) : null;
  const rest = params['*'] ?? '';
  const ids = rest.split('/').filter((s) => /^\d+$/.test(s));
  const id = ids.length >= 2 ? ids[1] : ids[0];
  return id ? Number(id) : null;
}
