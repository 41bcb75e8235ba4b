import { type CurrencyCode } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { type Country } from '../../http/session';
import { type SeedProduct } from '../../seed/types';
import { type FilterKey, type ListingRequest } from './listing-query';

/** Public path of the API behind the edge server: image URLs in answers are used as `src` as they are. */
export const PUBLIC_API = '/api';
export const productImageUrl = (id: number, view: 'front' | 'side' | 'worn' = 'front') => `${PUBLIC_API}/v2/images/product/${id}/${view}.svg`;
export const bannerImageUrl = (id: string) => `${PUBLIC_API}/v2/images/banner/${id}.svg`;

/** The retailer's own selling price name (catalogue prices are 'Market Price' and this). */
export const SELLING_PRICE_NAME = 'Eyewear Price';
export const FIRST_BUY_PRICE_ID = 1000;

export interface ProductRow {
  id: number;
  data: SeedProduct;
  brand: string;
  brand_id: number;
  stock: number;
  currency: string;
  market_price: number;
  selling_price: number;
  first_buy_price: number | null;
  total?: number;
}

export function pricesOf(row: ProductRow) {
  const currencyCode = row.currency as CurrencyCode;
  const prices: { id?: number; name: string; price: number; currencyCode: CurrencyCode }[] = [
    { name: 'Market Price', price: row.market_price, currencyCode },
    { name: SELLING_PRICE_NAME, price: row.selling_price, currencyCode },
  ];
  if (row.first_buy_price !== null) prices.push({ id: FIRST_BUY_PRICE_ID, name: 'First Buy Price', price: row.first_buy_price, currencyCode });
  return prices;
}

export function summaryOf(row: ProductRow) {
  return {
    id: row.id,
    brandName: row.brand,
    modelName: row.data.modelName,
    productUrl: row.data.url,
    productImageUrl: productImageUrl(row.id),
    prices: pricesOf(row),
    classification: row.data.classification,
  };
}

/** Listing tags, as codes the storefront words: stock and offer (shopping §2 cart items, issue 20). */
export type ListingTag = 'only-one-left' | 'first-frame-free';

function tagsOf(row: Pick<ProductRow, 'stock' | 'first_buy_price'>): ListingTag[] {
  const tags: ListingTag[] = [];
  if (row.stock === 1) tags.push('only-one-left');
  if (row.first_buy_price !== null) tags.push('first-frame-free');
  return tags;
}

/** A colour of a model, with what its card shows when that colour is picked. */
export interface Variant {
  id: number;
  colour: string;
  hex: string;
  url: string;
  productImageUrl: string;
  inStock: boolean;
  prices: ReturnType<typeof pricesOf>;
  tags: ListingTag[];
}

export function listingProductOf(row: ProductRow, variants: Map<number, Variant>) {
  const p = row.data;
  const colours = [row.id, ...p.variantIds].map((id) => variants.get(id)).filter((v): v is Variant => v !== undefined);
  return {
    ...summaryOf(row),
    modelName: p.modelName,
    classification: p.classification,
    ...(p.frameShape ? { frameShape: p.frameShape } : {}),
    ...(p.frameColour ? { frameColour: p.frameColour } : {}),
    rating: p.rating,
    reviewCount: p.reviewCount,
    tags: tagsOf(row),
    inStock: row.stock > 0,
    ...(colours.length > 1 ? { colours } : {}),
  };
}

/** SQL over `products p join brands b join product_prices pp`, for one country. */
export const PRODUCT_COLUMNS = `p.id, p.data, p.stock, b.name as brand, b.id as brand_id, pp.currency,
  pp.market_price, pp.selling_price, pp.first_buy_price`;
/** A model's colour group: the smallest id among the product and its colour variants. */
export const COLOUR_GROUP = `least(p.id, (select min(v::int) from jsonb_array_elements_text(p.data->'variantIds') v))`;
const GROUPED_COLUMNS = 't.id, t.data, t.stock, t.brand, t.brand_id, t.currency, t.market_price, t.selling_price, t.first_buy_price';
export const PRODUCT_FROM = `products p join brands b on b.id = p.brand_id
  join product_prices pp on pp.product_id = p.id and pp.country = $1`;

const FILTER_COLUMN: Record<Exclude<FilterKey, 'price' | 'brand'>, string> = {
  frame_type: `p.data->>'frameType'`,
  frame_shape: `p.data->>'frameShape'`,
  frame_colour: `p.data->>'frameColour'`,
  frame_size: `p.data->>'frameSize'`,
  gender: `p.data->>'gender'`,
  material: `p.data->>'material'`,
};

/** The searchable words of a product: brand, model, shape, colour, material, audience, line and categories. */
const SEARCH_DOCUMENT = `lower(concat_ws(' ', b.name, p.data->>'modelName', replace(p.data->>'frameShape', '-', ' '),
  p.data->>'frameColour', p.data->>'material', p.data->>'gender', replace(p.data->>'frameType', '-', ' '), p.data->>'usage',
  case p.classification
    when 'eyeframe' then 'eyeglasses eyeglass spectacles'
    when 'sunglasses' then 'sunglasses sunglass shades'
    when 'contact_lens' then 'contact lenses lens'
    when 'contact_lens_solution' then 'contact lens solutions solution'
    when 'loyalty_services' then 'gold membership'
    else 'accessories accessory' end,
  (select string_agg(c.name, ' ') from product_categories pc2 join categories c on c.id = pc2.category_id where pc2.product_id = p.id)))`;

export type Scope = { kind: 'category'; categoryId: number } | { kind: 'search'; tokens: string[] };

interface Built {
  where: string[];
  params: unknown[];
  score: string | null;
}

/** The WHERE clauses of a scope plus its filters; `$1` is always the country. */
export function buildWhere(country: Country, scope: Scope, filters: ListingRequest['filters']): Built {
  const params: unknown[] = [country];
  const where: string[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  let score: string | null = null;
  if (scope.kind === 'category') {
    where.push(`exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ${add(scope.categoryId)})`);
  } else {
    const parts: string[] = [];
    for (const token of scope.tokens) {
      const pattern = add(`\\m${token}`);
      where.push(`${SEARCH_DOCUMENT} ~ ${pattern}`);
      parts.push(`(case when lower(b.name) ~ ${pattern} then 4 when lower(p.data->>'modelName') ~ ${pattern} then 3
        when lower(concat_ws(' ', p.data->>'frameShape', p.data->>'frameColour')) ~ ${pattern} then 2 else 1 end)`);
    }
    score = parts.length > 0 ? parts.join(' + ') : '0';
    // Services are bought from their own pages, never found as frames.
    where.push(`p.classification <> 'loyalty_services'`);
  }
  for (const [key, list] of Object.entries(filters) as [FilterKey, string[]][]) {
    if (key === 'brand') where.push(`b.id = any(${add(list.map(Number))}::int[])`);
    else if (key === 'price') {
      const ranges = list.map((range) => {
        const [min, max] = range.split('-');
        return max ? `(pp.selling_price between ${add(Number(min))} and ${add(Number(max))})` : `(pp.selling_price >= ${add(Number(min))})`;
      });
      where.push(`(${ranges.join(' or ')})`);
    } else where.push(`${FILTER_COLUMN[key]} = any(${add(list)}::text[])`);
  }
  return { where, params, score };
}

const ORDER: Record<string, string> = {
  'price:asc': 'pp.selling_price asc, p.id asc',
  'price:desc': 'pp.selling_price desc, p.id asc',
  'rating:desc': `(p.data->>'rating')::numeric desc, p.id asc`,
  'rating:asc': `(p.data->>'rating')::numeric asc, p.id asc`,
  'new:desc': 'p.id desc',
  'new:asc': 'p.id asc',
  'popular:desc': `(p.data->>'reviewCount')::int desc, p.id asc`,
  'popular:asc': `(p.data->>'reviewCount')::int asc, p.id asc`,
};

export async function queryListing(
  db: Database,
  country: Country,
  scope: Scope,
  request: ListingRequest,
  pageSize: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const built = buildWhere(country, scope, request.filters);
  const sort = request.sort ?? 'relevance';
  const dir = request.dir ?? (sort === 'price' ? 'asc' : 'desc');
  const position =
    scope.kind === 'category' ? `(select pc.position from product_categories pc where pc.product_id = p.id and pc.category_id = $2) asc, p.id asc` : 'p.id asc';
  const order = sort === 'relevance' ? (built.score ? `(${built.score}) desc, ${position}` : position) : (ORDER[`${sort}:${dir}`] ?? position);
  const params = [...built.params, pageSize, request.page * pageSize];
  // One card per model: of each colour group, the variant that comes first in the listing's order
  // (the one a colour filter matched, the cheapest when sorting by price).
  const rows = await db.query<ProductRow>(
    `select ${GROUPED_COLUMNS}, count(*) over () as total from (
       select ${PRODUCT_COLUMNS}, row_number() over (order by ${order}) as pos,
         row_number() over (partition by ${COLOUR_GROUP} order by ${order}) as rank_in_group
       from ${PRODUCT_FROM}
       where ${built.where.join(' and ')}
     ) t
     where rank_in_group = 1
     order by pos
     limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && request.page > 0) {
    const [count] = await db.query<{ n: number }>(
      `select count(distinct ${COLOUR_GROUP})::int as n from ${PRODUCT_FROM} where ${built.where.join(' and ')}`,
      built.params,
    );
    total = count?.n ?? 0;
  }
  return { rows, total: Number(total) };
}

/** Colour swatches of the products on a page: each product's own and its variants', priced for the country. */
export async function variantsOf(db: Database, country: Country, rows: ProductRow[]): Promise<Map<number, Variant>> {
  const ids = [...new Set(rows.flatMap((r) => [r.id, ...r.data.variantIds]))];
  if (ids.length === 0) return new Map();
  const found = await db.query<ProductRow & { colour: string | null; hex: string; url: string }>(
    `select ${PRODUCT_COLUMNS}, p.data->>'frameColour' as colour, p.data->>'colourHex' as hex, p.url
     from ${PRODUCT_FROM} where p.id = any($2::int[])`,
    [country, ids],
  );
  return new Map(
    found
      .filter((v) => v.colour)
      .map((v) => [
        v.id,
        {
          id: v.id,
          colour: v.colour!,
          hex: v.hex,
          url: v.url,
          productImageUrl: productImageUrl(v.id),
          inStock: v.stock > 0,
          prices: pricesOf(v),
          tags: tagsOf(v),
        },
      ]),
  );
}

export async function productsById(db: Database, country: Country, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db.query<ProductRow>(`select ${PRODUCT_COLUMNS} from ${PRODUCT_FROM} where p.id = any($2::int[])`, [country, ids]);
}
