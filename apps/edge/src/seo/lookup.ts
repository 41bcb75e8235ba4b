// How a page's URL names what it shows, read the way the pages themselves read it.

/** The product id of a product route's params: the one rule, the product page's and the shell's. */
export { productIdOf } from '@eyewear/api-client/page-reads';

/** The sections of the routing lookup a page can open (apps/shell resolve-page's PAGE_OF). */
export type LookupSection = 'cat' | 'col' | 'search' | 'prod' | 'cms';
const SECTIONS: ReadonlySet<string> = new Set<LookupSection>(['cat', 'col', 'search', 'prod', 'cms']);
const isSection = (value: string): value is LookupSection => SECTIONS.has(value);

/** A routing lookup's answer: the section and id of the page, or 'na' (no such page). */
export type Lookup = { section: LookupSection; id: string } | { section: 'na'; id: '' };

/** 'type:id' -> its parts, or 'na' (a failed or unknown lookup), like the shell's parseLookup. */
export function parseLookup(path: unknown): Lookup {
  const at = typeof path === 'string' ? path.indexOf(':') : -1;
  const section = typeof path === 'string' && at > 0 ? path.slice(0, at) : '';
  const id = typeof path === 'string' && at > 0 ? path.slice(at + 1) : '';
  return isSection(section) && id ? { section, id } : { section: 'na', id: '' };
}
