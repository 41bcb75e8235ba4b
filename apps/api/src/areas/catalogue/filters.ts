import { priceFilterMark } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { type Country } from '../../http/session';
import { type FilterKey, type ListingRequest, trimTitle } from './listing-query';
import { buildWhere, COLOUR_GROUP, PRODUCT_FROM, type Scope } from './products';

interface AttributeRow {
  frame_type: string | null;
  frame_shape: string | null;
  frame_colour: string | null;
  frame_size: string | null;
  gender: string | null;
  material: string | null;
  brand_id: number;
  brand: string;
  price: number;
  currency: string;
  /** The model's colour group: a listing shows one card per group, so counts are of groups. */
  group_id: number;
}

const NAMES: Record<FilterKey, string> = {
  frame_type: 'Frame Type',
  frame_shape: 'Frame Shape',
  frame_colour: 'Frame Colour',
  frame_size: 'Frame Size',
  brand: 'Brand',
  price: 'Price',
  gender: 'Gender',
  material: 'Material',
};

const SIZE_TITLES: Record<string, string> = {
  extraNarrow: 'Extra Narrow (for petite faces and teens)',
  narrow: 'Narrow',
  medium: 'Medium',
  wide: 'Wide',
  extraWide: 'Extra Wide (for broad faces and big heads)',
};
const SIZE_ORDER = ['extraNarrow', 'narrow', 'medium', 'wide', 'extraWide'];

const capitalise = (v: string) => v.replace(/(^|[\s-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());

/** Price buckets per currency; titles keep the retailer's "Rs." that the UI shows as ₹ (shopping §1). */
const BUCKETS: Record<string, [number, number | null][]> = {
  INR: [
    [0, 999],
    [1000, 1999],
    [2000, 2999],
    [3000, 4999],
    [5000, 9999],
    [10000, null],
  ],
  AED: [
    [0, 99],
    [100, 199],
    [200, 299],
    [300, 499],
    [500, null],
  ],
  SAR: [
    [0, 99],
    [100, 199],
    [200, 299],
    [300, 499],
    [500, null],
  ],
  SGD: [
    [0, 49],
    [50, 99],
    [100, 199],
    [200, null],
  ],
  USD: [
    [0, 49],
    [50, 99],
    [100, 199],
    [200, null],
  ],
};
function priceTitle(currency: string, [min, max]: [number, number | null]) {
  const mark = priceFilterMark(currency);
  return max === null ? `${mark}${min} & above` : `${mark}${min} - ${mark}${max}`;
}

interface Option {
  id: string;
  title: string;
  displayTitle: string;
  trimmedTitle: string;
  count: number;
  selected?: boolean;
}

function option(id: string, title: string, count: number, selected: string[] | undefined): Option {
  return { id, title, displayTitle: title, trimmedTitle: trimTitle(title), count, ...(selected?.includes(id) ? { selected: true } : {}) };
}

/** How many models (colour groups, as the listing shows them) have each value of `key`. */
function countBy(rows: AttributeRow[], key: keyof AttributeRow): Map<string, number> {
  const groups = new Map<string, Set<number>>();
  for (const row of rows) {
    const value = row[key];
    if (value === null || value === undefined) continue;
    const set = groups.get(String(value)) ?? new Set<number>();
    set.add(row.group_id);
    groups.set(String(value), set);
  }
  return new Map([...groups].map(([value, set]) => [value, set.size]));
}

const groupCount = (rows: AttributeRow[]) => new Set(rows.map((r) => r.group_id)).size;

/**
 * Filter data of a scope (a category or a search): every attribute that varies among its
 * products, with counts over the whole scope and the request's selections marked.
 */
export async function filterData(db: Database, country: Country, scope: Scope, request: ListingRequest) {
  const built = buildWhere(country, scope, {});
  const rows = await db.query<AttributeRow>(
    `select p.data->>'frameType' as frame_type, p.data->>'frameShape' as frame_shape, p.data->>'frameColour' as frame_colour,
       p.data->>'frameSize' as frame_size, p.data->>'gender' as gender, p.data->>'material' as material,
       b.id as brand_id, b.name as brand, pp.selling_price as price, pp.currency, ${COLOUR_GROUP} as group_id
     from ${PRODUCT_FROM} where ${built.where.join(' and ')}`,
    built.params,
  );
  const selected = request.filters;
  const filters: { id: FilterKey; name: string; type: 'checkbox' | 'colour'; options: Option[] }[] = [];
  const simple = (key: Exclude<FilterKey, 'brand' | 'price'>, title: (v: string) => string, order?: string[]) => {
    const counts = countBy(rows, key);
    const ids = [...counts.keys()].sort((a, b) => (order ? order.indexOf(a) - order.indexOf(b) : title(a).localeCompare(title(b))));
    if (ids.length === 0) return;
    filters.push({
      id: key,
      name: NAMES[key],
      type: key === 'frame_colour' ? 'colour' : 'checkbox',
      options: ids.map((id) => option(id, title(id), counts.get(id) ?? 0, selected[key])),
    });
  };
  simple('frame_type', capitalise);
  simple('frame_shape', capitalise);
  simple('frame_colour', (v) => v);
  simple('frame_size', (v) => SIZE_TITLES[v] ?? v, SIZE_ORDER);

  const brands = new Map<number, { name: string; count: number }>();
  for (const row of rows) brands.set(row.brand_id, { name: row.brand, count: 0 });
  for (const [id, brand] of brands) brand.count = groupCount(rows.filter((r) => r.brand_id === id));
  if (brands.size > 0) {
    filters.push({
      id: 'brand',
      name: NAMES.brand,
      type: 'checkbox',
      options: [...brands].sort((a, b) => a[1].name.localeCompare(b[1].name)).map(([id, b]) => option(String(id), b.name, b.count, selected.brand)),
    });
  }

  const currency = rows[0]?.currency;
  if (currency) {
    const options = (BUCKETS[currency] ?? [])
      .map((bucket) => {
        const count = groupCount(rows.filter((r) => r.price >= bucket[0] && (bucket[1] === null || r.price <= bucket[1])));
        return option(`${bucket[0]}-${bucket[1] ?? ''}`, priceTitle(currency, bucket), count, selected.price);
      })
      .filter((o) => o.count > 0);
    if (options.length > 0) filters.push({ id: 'price', name: NAMES.price, type: 'checkbox', options });
  }
  simple('gender', capitalise, ['men', 'women', 'unisex', 'kids']);
  simple('material', capitalise);
  return { filters };
}
