import { badRequest } from '../../http/errors';

/**
 * What a listing request asks for, parsed from its free query keys (shopping §7 "plus params"):
 * filters (comma-joined or repeated values), sort and direction. Unknown keys are refused so a
 * typo never silently shows unfiltered frames; gan_data (analytics) is accepted and ignored.
 */
export const FILTER_KEYS = ['frame_type', 'frame_shape', 'frame_colour', 'frame_size', 'brand', 'price', 'gender', 'material'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const SORTS = ['relevance', 'price', 'rating', 'new', 'popular'] as const;
export type Sort = (typeof SORTS)[number];

export interface ListingRequest {
  page: number;
  pageSize: number | null;
  filters: Partial<Record<FilterKey, string[]>>;
  sort: Sort | null;
  dir: 'asc' | 'desc' | null;
}

const IGNORED = new Set(['page', 'page-size', 'gan_data']);

function values(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

export function parseListingQuery(query: Record<string, unknown>): ListingRequest {
  const request: ListingRequest = {
    page: typeof query['page'] === 'number' ? query['page'] : 0,
    pageSize: typeof query['page-size'] === 'number' ? query['page-size'] : null,
    filters: {},
    sort: null,
    dir: null,
  };
  for (const [key, raw] of Object.entries(query)) {
    if (IGNORED.has(key) || raw === undefined) continue;
    if (key === 'sort') {
      const [sort] = values(raw);
      if (!(SORTS as readonly string[]).includes(sort ?? '')) throw badRequest(`sort: must be one of ${SORTS.join(', ')}`, 'sort');
      request.sort = sort as Sort;
    } else if (key === 'dir') {
      const [dir] = values(raw);
      if (dir !== 'asc' && dir !== 'desc') throw badRequest('dir: must be asc or desc', 'dir');
      request.dir = dir;
    } else if ((FILTER_KEYS as readonly string[]).includes(key)) {
      const list = values(raw);
      if (list.length > 30 || list.some((v) => v.length > 60)) throw badRequest(`${key}: too many or too long values`, key);
      if (key === 'price' && list.some((v) => !/^\d+-\d*$/.test(v))) throw badRequest('price: ranges look like 1000-1999 or 5000-', 'price');
      if (key === 'brand' && list.some((v) => !/^\d+$/.test(v))) throw badRequest('brand: brand ids only', 'brand');
      if (list.length > 0) request.filters[key as FilterKey] = list;
    } else {
      throw badRequest(`${key}: unknown filter`, key);
    }
  }
  return request;
}

/** Search terms become word prefixes: shopping §5 strips brackets and braces, the rest is split on non-letters. */
const STOPWORDS = new Set(['glasses', 'glass', 'frames', 'frame', 'eyewear', 'specs', 'for', 'and', 'the', 'with', 'of', 'a', 'in']);

export function searchTokens(query: string): string[] {
  const words = query
    .toLowerCase()
    .replace(/[[\](){}]/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  const meaningful = words.filter((w) => !STOPWORDS.has(w));
  return [...new Set(meaningful.length > 0 ? meaningful : words)].slice(0, 8);
}

/** Titles over 32 characters show the first 29 plus an ellipsis (shopping §2 Listing page). */
export function trimTitle(title: string): string {
  return title.length > 32 ? `${title.slice(0, 29)}…` : title;
}
