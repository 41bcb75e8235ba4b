import { type SearchSuggestions } from '@eyewear/api-client';

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

type Recommendation = SearchSuggestions['productRecommendations'][number];
type Colour = NonNullable<Recommendation['colours']>[number];

/** A product suggestion: one model, whatever its number of colours, showing one of them. */
export interface ModelOption extends SearchOption {
  product: Recommendation;
  /** The model's colours (none for a model in one colour). */
  colours: readonly Colour[];
  /** What the suggestion shows and opens: the picked colour, else the one the answer led with. */
  shown: { id: number | null; colour: string; image_url: string; product_url: string };
}

/**
 * The option of a recommended model (shopping §2 Header: product recommendations), its colour
 * variants grouped as on the listing's cards: the colour `pickedId` names when it is one of
 * the model's, else the recommendation's own.
 */
export function modelOptionOf(id: string, product: Recommendation, pickedId?: number): ModelOption {
  const colours = product.colours ?? [];
  const own = colours.find((c) => c.product_url === product.product_url);
  const picked = colours.find((c) => c.id === pickedId) ?? own;
  const shown = picked
    ? { id: picked.id, colour: picked.colour, image_url: picked.image_url, product_url: picked.product_url }
    : { id: null, colour: '', image_url: product.image_url, product_url: product.product_url };
  return { id, label: `${product.brand_name} ${product.name}`, url: shown.product_url, product, colours, shown };
}
