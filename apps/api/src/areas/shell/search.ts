import { type SearchSuggestions } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { type Country } from '../../http/session';

export const SUGGESTION_KEYWORDS = 8;
export const SUGGESTION_PRODUCTS = 6;

/** `%` and `_` are LIKE wildcards; a shopper's term matches them literally. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Typeahead for a term: keywords from category, brand and model names containing it (names
 * starting with it first), and the products whose model, brand or category matches, with
 * their price in the request's country.
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
  const products = await db.query<{ id: number; url: string; model: string; brand: string; currency: string; market_price: number; selling_price: number }>(
    `select p.id, p.url, p.data->>'modelName' as model, b.name as brand, pp.currency, pp.market_price, pp.selling_price
       from products p
       join brands b on b.id = p.brand_id
       join product_prices pp on pp.product_id = p.id and pp.country = $2
      where p.classification not in ('services', 'loyalty_services')
        and (lower(p.data->>'modelName') like $1 or lower(b.name) like $1
             or exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
                         where pc.product_id = p.id and lower(c.name) like $1))
      order by (lower(p.data->>'modelName') like $1) desc, p.stock > 0 desc, p.id
      limit ${SUGGESTION_PRODUCTS}`,
    [pattern, country],
  );
  const unique = [...new Set(keywords.map((k) => k.name))];
  return {
    typeAhead: unique,
    productRecommendations: products.map((p) => ({
      name: p.model,
      brand_name: p.brand,
      image_url: `/api/v2/images/product/${p.id}/front.svg`,
      product_url: p.url,
      prices: [
        { name: 'Eyewear Price', price: Number(p.selling_price), currencyCode: p.currency as 'INR' },
        { name: 'Market Price', price: Number(p.market_price), currencyCode: p.currency as 'INR' },
      ],
    })),
  };
}
