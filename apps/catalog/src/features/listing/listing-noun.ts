import type { CatalogMessages } from '../../app/messages';

/** What a listing holds, as its count and buttons name it (issue 42: contact lenses were counted as "frames"). */
export type ListingNoun = 'frames' | 'contactLenses' | 'solutions' | 'accessories' | 'products';

/** The frame lines' category types (the API's `categoryType` of each root category). */
const FRAME_LINES = new Set(['eyeglasses', 'sunglasses', 'premium-eyeglasses', 'premium-sunglasses', 'kids']);

/**
 * The noun of a listing by its category type: frames for the frame lines, contact lenses,
 * lens care solutions, accessories; anything else (a collection, a search, the membership, a
 * listing not loaded yet) holds products.
 */
export function listingNounOf(categoryType: string | null | undefined): ListingNoun {
  if (categoryType && FRAME_LINES.has(categoryType)) return 'frames';
  if (categoryType === 'contact-lenses') return 'contactLenses';
  if (categoryType === 'solutions') return 'solutions';
  if (categoryType === 'accessories') return 'accessories';
  return 'products';
}

/** The words for a listing's noun: `items` (plural) and `item` (one). */
export function listingWords(m: CatalogMessages, categoryType: string | null | undefined): { items: string; item: string } {
  const noun = listingNounOf(categoryType);
  return { items: m[`items_${noun}`], item: m[`item_${noun}`] };
}
