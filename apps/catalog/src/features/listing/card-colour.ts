import type { ListingProduct } from '@eyewear/api-client';

/** What a card shows: the product's own colour, or the colour picked by a swatch. */
export interface ShownColour {
  id: number;
  colour: string | undefined;
  url: string;
  productImageUrl: string;
  prices: ListingProduct['prices'];
  inStock: boolean;
  tags: string[];
}

/**
 * The colour a card shows for `pickedId`: a swatch's own image, link, prices, stock and tags
 * where the API gave them, else the product's (a swatch without them only changes the link).
 */
export function shownColour(product: ListingProduct, pickedId: number): ShownColour {
  const own: ShownColour = {
    id: product.id,
    colour: product.frameColour ?? product.colours?.find((c) => c.id === product.id)?.colour,
    url: product.productUrl,
    productImageUrl: product.productImageUrl,
    prices: product.prices,
    inStock: product.inStock,
    tags: product.tags ?? [],
  };
  const picked = pickedId === product.id ? undefined : product.colours?.find((c) => c.id === pickedId);
  if (!picked) return own;
  return {
    id: picked.id,
    colour: picked.colour,
    url: picked.url,
    productImageUrl: picked.productImageUrl ?? own.productImageUrl,
    prices: picked.prices && picked.prices.length > 0 ? picked.prices : own.prices,
    inStock: picked.inStock ?? own.inStock,
    tags: picked.tags ?? [],
  };
}
