import type { Product } from '@eyewear/api-client';
import { discountOf } from '@eyewear/i18n/rules';

/** shopping §3 frame size ids. */
export const FRAME_SIZES = [
  { key: 'extraNarrow', id: 24072 },
  { key: 'narrow', id: 24070 },
  { key: 'medium', id: 11341 },
  { key: 'wide', id: 24069 },
  { key: 'extraWide', id: 24071 },
] as const;
export type FrameSizeKey = (typeof FRAME_SIZES)[number]['key'];

/** The size of a frame size id, if it is one of the five. */
export const frameSizeOf = (id: number | undefined) => FRAME_SIZES.find((size) => size.id === id);

/** shopping §3: first-buy price is flagged 1000; index 0 market price, the own selling price after it. */
export function pricesOfProduct(product: Pick<Product, 'prices'>) {
  const market = product.prices.find((p) => p.name === 'Market Price');
  const selling = product.prices.find((p) => p.name !== 'Market Price' && p.id !== 1000) ?? product.prices[0]!;
  const firstBuy = product.prices.find((p) => p.id === 1000);
  return { market, selling, firstBuy, discount: market ? discountOf(market.price, selling.price) : 0 };
}

/** The name a shopper knows a product by: brand and model. */
export const displayNameOf = (product: Pick<Product, 'brandName' | 'modelName'>) => `${product.brandName} ${product.modelName}`;
