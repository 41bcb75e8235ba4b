import { type SearchSuggestions } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { type Country } from '../../http/session';
import { COLOUR_GROUP, productImageUrl } from '../catalogue/products';

export const SUGGESTION_KEYWORDS = 8;
/** Product recommendations are models: each is one suggestion, whatever its number of colours. */
export const SUGGESTION_PRODUCTS = 6;

/** `%` and `_` are LIKE wildcards; a shopper's term matches them literally. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface ProductMatch {
  id: number;
  url: string;
  model: string;
  brand: string;
  variant_ids: number[] | null;
  currency: string;
  market_price: number;
  selling_price: number;
}

/**
 * The colours of the suggested models, sold in the country: what their swatches show. A model's
 * colours are its product and its colour variants (the same groups the listing's cards use).
 */
async function coloursOf(db: Pick<Database, 'query'>, products: readonly ProductMatch[], country: Country) {
  const ids = [...new Set(products.flatMap((p) => [p.id, ...(p.variant_ids ?? []).map(Number)]))];
  if (ids.length === 0) return new Map<number, { id: number; colour: string; hex: string; image_url: string; product_url: string }>();
  const rows = await db.query<{ id: number; url: string; colour: string; hex: string | null }>(
    `select p.id, p.url, p.data->>'frameColour' as colour, p.data->>'colourHex' as hex
       from products p join product_prices pp on pp.product_id = p.id and pp.country = $2
      where p.id = any($1::int[]) and p.data->>'frameColour' is not null`,
    [ids, country],
  );
  return new Map(rows.map((r) => [r.id, { id: r.id, colour: r.colour, hex: r.hex ?? '#8a939e', image_url: productImageUrl(r.id), product_url: r.url }]));
}

/**
 * Typeahead for a term: keywords from category, brand and model names containing it (names
 * starting with it first), and the models whose name, brand or category matches, each once
 * (its best colour: in stock first) with its colours for swatches and its price in the
 * request's country.
 */
export async function suggestionsFor(db: Pick<Database, 'query'>, term: string, country: Country): Promise<SearchSuggestions> {
  const pattern = likePattern(term.toLowerCase());
  const prefix = `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const keywords = await db.query<{ name: string }>(
    `select name from (
       select name, 0 as kind from categories where lower(name) like $1
       union select name, 1 as kind from brands where lower(name) like $1
       union select p.data->>'modelName' as name, 2 as kind from products p where lower(p.data->>'modelName') like $1
     ) k
     order by (lower(name) like $2) desc, kind, length(name), name
     limit ${SUGGESTION_KEYWORDS}`,
    [pattern, prefix],
  );
  const order = `(lower(p.data->>'modelName') like $1) desc, p.stock > 0 desc, p.id`;
  // One row per model (colour group): the colour that comes first in the order.
  const products = await db.query<ProductMatch>(
    `select id, url, model, brand, variant_ids, currency, market_price, selling_price from (
       select p.id, p.url, p.data->>'modelName' as model, b.name as brand, p.data->'variantIds' as variant_ids,
              pp.currency, pp.market_price, pp.selling_price,
              row_number() over (order by ${order}) as pos,
              row_number() over (partition by ${COLOUR_GROUP} order by ${order}) as rank_in_group
         from products p
         join brands b on b.id = p.brand_id
         join product_prices pp on pp.product_id = p.id and pp.country = $2
        where p.classification not in ('services', 'loyalty_services')
          and (lower(p.data->>'modelName') like $1 or lower(b.name) like $1
               or exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
                           where pc.product_id = p.id and lower(c.name) like $1))
     ) t
     where rank_in_group = 1
     order by pos
     limit ${SUGGESTION_PRODUCTS}`,
    [pattern, country],
  );
  const colours = await coloursOf(db, products, country);
  const unique = [...new Set(keywords.map((k) => k.name))];
  return {
    typeAhead: unique,
    productRecommendations: products.map((p) => {
      const swatches = [...new Set([p.id, ...(p.variant_ids ?? []).map(Number)])].flatMap((id) => colours.get(id) ?? []);
      return {
        name: p.model,
        brand_name: p.brand,
        image_url: productImageUrl(p.id),
        product_url: p.url,
        prices: [
          { name: 'Eyewear Price', price: Number(p.selling_price), currencyCode: p.currency as 'INR' },
          { name: 'Market Price', price: Number(p.market_price), currencyCode: p.currency as 'INR' },
        ],
        ...(swatches.length > 1 ? { colours: swatches } : {}),
      };
    }),
  };
}
