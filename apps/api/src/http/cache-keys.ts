import { type FastifyReply } from 'fastify';
import { CACHE_KEY, CACHE_KEYS_HEADER, cacheKeys } from '@eyewear/api-client';

/**
 * Names the cache keys (surrogate keys, issue 39, docs/adr/048) of what an answer shows, in
 * CACHE_KEYS_HEADER: the edge gathers those of every call a page's render made and tags the page
 * with them, and a write that changes one of them purges it (db/purges.ts). Keys are built with
 * `cacheKeys` of @eyewear/api-client; invalid ones and repeats are dropped, and a second call on
 * the same reply adds to the first. Only for GET answers that are the same for every shopper.
 */
export function setCacheKeys(reply: FastifyReply, keys: Iterable<string | null | undefined | false>): void {
  const before = reply.getHeader(CACHE_KEYS_HEADER);
  const all = [...(typeof before === 'string' ? before.split(' ') : []), ...keys];
  const valid = [...new Set(all)].filter((key): key is string => typeof key === 'string' && CACHE_KEY.test(key));
  if (valid.length > 0) reply.header(CACHE_KEYS_HEADER, valid.join(' '));
}

/** A product as a page shows it with its stock (its page, a card and each of its colours): `p<id>` and `s<id>`. */
export function productKeys(ids: Iterable<number>): string[] {
  return [...ids].flatMap((id) => [cacheKeys.product(id), cacheKeys.stock(id)]);
}

/** The keys of a list of cards (a listing, a search, a carousel, a collection): every card's product and each of its colours. */
export function cardKeys(cards: readonly { id: number; colours?: readonly { id: number }[] }[]): string[] {
  return productKeys(cards.flatMap((card) => [card.id, ...(card.colours ?? []).map((colour) => colour.id)]));
}
