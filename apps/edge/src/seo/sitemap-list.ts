// The API's list for the sitemaps (`GET /v2/content/sitemap`), read page by page.
import { apiUrlOf, isRecord, resultOf } from './api';
import type { ListedContent, ListedUrl, SitemapList } from './sitemap';

/** One page of the list: its URLs, the content pages (first page only), and where the next page starts. */
export interface SitemapListPage {
  urls: ListedUrl[];
  content: ListedContent[] | null;
  next: string | null;
}

const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function listedUrlOf(item: unknown): ListedUrl {
  if (!isRecord(item) || typeof item.url !== 'string') throw new Error('the API sent a sitemap URL of the wrong shape');
  return { url: item.url, lastmod: optionalString(item.lastmod) };
}

function listedContentOf(item: unknown): ListedContent {
  if (!isRecord(item) || typeof item.kind !== 'string' || typeof item.name !== 'string') throw new Error('the API sent a content page of the wrong shape');
  return { kind: item.kind, name: item.name, lastmod: optionalString(item.lastmod) };
}

/** A page of the list from the API's JSON body; throws when it is not one. */
export function parseSitemapListPage(body: unknown): SitemapListPage {
  const result = resultOf(body);
  if (!isRecord(result) || !Array.isArray(result.urls)) throw new Error('the API sent no sitemap list');
  return {
    urls: result.urls.map(listedUrlOf),
    content: Array.isArray(result.content) ? result.content.map(listedContentOf) : null,
    next: typeof result.next === 'string' ? result.next : null,
  };
}

export interface ReadSitemapListOptions {
  apiBase: URL;
  /** URLs per request to the API. */
  pageSize: number;
  /** Per request. */
  timeoutMs: number;
}

/** Every page of the API's list; throws when the API does not answer or answers of the wrong shape. */
export async function readSitemapList({ apiBase, pageSize, timeoutMs }: ReadSitemapListOptions): Promise<SitemapList> {
  const urls: ListedUrl[] = [];
  let content: ListedContent[] = [];
  let after: string | null = null;
  // At most 1,000 pages: a list that never ends is a broken API, not a bigger site.
  for (let page = 0; page < 1000; page += 1) {
    const path = `/v2/content/sitemap?limit=${pageSize}${after === null ? '' : `&after=${encodeURIComponent(after)}`}`;
    const answer = await fetch(apiUrlOf(apiBase, path), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    if (!answer.ok) {
      await answer.body?.cancel();
      throw new Error(`the API answered ${answer.status} for its sitemap list`);
    }
    const listed = parseSitemapListPage(await answer.json());
    urls.push(...listed.urls);
    if (listed.content) content = listed.content;
    if (listed.next === null || listed.next === after) break;
    after = listed.next;
  }
  return { urls, content };
}
