/** shopping §2 "Header" and §9: the search bar's constants. */
export const SEARCH_NAVIGATE_DELAY_MS = 300;
export const SEARCH_HIDE_DELAY_MS = 200;

/** Characters the search input refuses (shopping §5): \ [ ] ( ) ? % */
const BLOCKED = /[\\[\]()?%]/g;

export function sanitizeSearch(value: string): string {
  return value.replace(BLOCKED, '');
}

/** The search page of a term, or null for an empty or blank term (which does nothing). */
export function searchUrl(term: string): string | null {
  const query = sanitizeSearch(term).trim();
  return query ? `/search?q=${encodeURIComponent(query)}` : null;
}

/** One choice of the open list: a keyword, a trending search or a product. */
export interface SearchOption {
  id: string;
  label: string;
  url: string;
}
