import { BRANDS } from './names';
import type { SeedProduct } from './types';

/**
 * Internal shapes shared by the generator's steps. A draft carries facts that decide category
 * membership but are not columns of the product row (which storefront line it belongs to,
 * toric or cosmetic contact lenses, the kind of accessory).
 */
export type Line =
  'eyeglasses' | 'sunglasses' | 'premium-eyeglasses' | 'premium-sunglasses' | 'kids' | 'contact-lenses' | 'solutions' | 'accessories' | 'membership';

/** URL segment used for product pages of each line. */
export const LINE_SLUGS: Readonly<Record<Line, string>> = {
  eyeglasses: 'eyeglasses',
  sunglasses: 'sunglasses',
  'premium-eyeglasses': 'premium-eyeglasses',
  'premium-sunglasses': 'premium-sunglasses',
  kids: 'kids-glasses',
  'contact-lenses': 'contact-lenses',
  solutions: 'contact-lens-solutions',
  accessories: 'accessories',
  membership: 'gold-membership',
};

export interface ProductDraft {
  product: SeedProduct;
  line: Line;
  toric: boolean;
  coloured: boolean;
  accessoryKind?: 'case' | 'care' | 'wearable';
}

export const MEMBERSHIP_PRODUCT_ID = 128269;
const FIRST_PRODUCT_ID = 128001;

/** Hands out product ids in creation order, never the one reserved for the gold membership. */
export function createIdAllocator(): () => number {
  let next = FIRST_PRODUCT_ID;
  return () => {
    if (next === MEMBERSHIP_PRODUCT_ID) next += 1;
    const id = next;
    next += 1;
    return id;
  };
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function brandCode(brandId: number): string {
  const name = BRANDS.find((brand) => brand.id === brandId)?.name ?? 'x';
  const words = name.split(/[^A-Za-z]+/).filter((word) => word.length > 0);
  const code = words.length > 1 ? words.map((word) => word[0]).join('') : name.slice(0, 2);
  return code.toLowerCase();
}

export function productUrl(line: Line, brand: string, model: string, colour: string | null, id: number): string {
  const parts = [brand, model, ...(colour === null ? [] : [colour]), String(id)].map(slugify);
  return `/${LINE_SLUGS[line]}/${parts.join('-')}.html`;
}

/** Ids of each colour group, so every member can list the others as its variants. */
export function linkVariants(group: readonly SeedProduct[]): void {
  for (const product of group) {
    product.variantIds = group.filter((other) => other.id !== product.id).map((other) => other.id);
  }
}
