import { FIRST_BUY_PRICE_FLAG, type Price, type Product } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { type Country } from '../../http/session';
import { notFound } from '../../http/errors';
import { type FRAME_SIZES, type SeedProduct } from '../../seed/types';

/** The retailer's own selling price name (shopping §3: 'Market Price' and the retailer's own name). */
export const MARKET_PRICE = 'Market Price';
export const SELLING_PRICE = 'Eyewear Price';
export const FIRST_BUY_PRICE = 'First Frame Price';

export interface ProductRow {
  id: number;
  sku: string;
  stock: number;
  data: SeedProduct;
  brand_name: string;
  house: boolean;
  currency: Price['currencyCode'];
  market_price: number;
  selling_price: number;
  first_buy_price: number | null;
}

/** A product with its brand and its prices in the country asked for; 404 when unknown. */
export async function loadProduct(db: Pick<Database, 'query'>, id: number, country: Country): Promise<ProductRow> {
  const [row] = await db.query<ProductRow>(
    `select p.id, p.sku, p.stock, p.data, b.name as brand_name, b.house,
            pp.currency, pp.market_price, pp.selling_price, pp.first_buy_price
       from products p
       join brands b on b.id = p.brand_id
       join product_prices pp on pp.product_id = p.id and pp.country = $2
      where p.id = $1`,
    [id, country],
  );
  if (!row) throw notFound('Product not found');
  return row;
}

/** shopping §3: the sku prefix gives the type. */
export function productType(sku: string): Product['type'] {
  const prefix = sku.split('-')[0];
  switch (prefix) {
    case 'eye':
      return 'eyeglass';
    case 'sun':
      return 'sunglass';
    case 'contact':
      return 'contact_lens';
    case 'service':
      return 'membership';
    default:
      return 'accessories';
  }
}

export function pricesOf(row: Pick<ProductRow, 'currency' | 'market_price' | 'selling_price' | 'first_buy_price'>): Price[] {
  const prices: Price[] = [
    { name: MARKET_PRICE, price: row.market_price, currencyCode: row.currency },
    { name: SELLING_PRICE, price: row.selling_price, currencyCode: row.currency },
  ];
  if (row.first_buy_price !== null) prices.push({ id: FIRST_BUY_PRICE_FLAG, name: FIRST_BUY_PRICE, price: row.first_buy_price, currencyCode: row.currency });
  return prices;
}

export const imageUrl = (id: number, view: 'front' | 'side' | 'worn') => `/api/v2/images/product/${id}/${view}.svg`;

const SIZE_LABELS: Record<keyof typeof FRAME_SIZES, string> = {
  extraNarrow: 'Extra Narrow',
  narrow: 'Narrow',
  medium: 'Medium',
  wide: 'Wide',
  extraWide: 'Extra Wide',
};
export const frameSizeLabel = (size: keyof typeof FRAME_SIZES) => SIZE_LABELS[size];

const isFrame = (p: SeedProduct) => p.classification === 'eyeframe' || p.classification === 'sunglasses';
export { isFrame };
