/**
 * Cache keys (surrogate keys) of what a response shows (issue 39, docs/adr/048). The API names
 * them on its answers in CACHE_KEYS_HEADER; the edge gathers those of every call a page's render
 * made and tags the page with them (`Surrogate-Key` / `xkey`); a write that changes what a key
 * names purges it (the API's purge outbox, read by the edges and sent to the shared cache).
 * One syntax for all: lower-case letters, digits, `-`, `_` and `.`, at most 64 characters.
 */
export const CACHE_KEYS_HEADER = 'x-cache-keys';

/** A key's syntax (also what a shared cache's purge accepts). */
export const CACHE_KEY = /^[a-z0-9][a-z0-9._-]{0,63}$/;

const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 56) || 'none';

export const cacheKeys = {
  /** A product's name, price, images, rating, reviews: its page and every card of it. */
  product: (id: number) => `p${id}`,
  /** A product's stock where a page shows it (in stock, sold out, only N left). */
  stock: (id: number) => `s${id}`,
  /** A category: its listing's membership, filters, banners and name. */
  category: (id: number) => `c${id}`,
  /** A content page or block (CMS), by its slug or id. */
  content: (slug_: string) => `cms-${slug(slug_)}`,
  /** The shell's content and settings (menus, footer, banners, routes). */
  shell: 'shell',
  /** The catalogue's settings and the brands (filters, search, every listing). */
  catalogue: 'catalogue',
  /** Every page (a release, a purge of everything). */
  all: 'all',
} as const;

/** The keys of a header value (space or comma separated), the valid ones only, each once. */
export function parseCacheKeys(value: string | readonly string[] | null | undefined): string[] {
  const text = Array.isArray(value) ? value.join(' ') : String(value ?? '');
  return [...new Set(text.split(/[\s,]+/).filter((key) => CACHE_KEY.test(key)))];
}
