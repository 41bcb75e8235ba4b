import { CACHE_KEY, cacheKeys } from '@eyewear/api-client';
import { stockWrite, type Database } from './database';

/**
 * The purge outbox (issue 39, docs/adr/048): a write that changes what a cached page shows
 * records the cache keys it changed (`cacheKeys` of @eyewear/api-client) in `cache_purges`, in
 * its own transaction, so a rolled-back write purges nothing and a committed one always has its
 * row. The edges read the rows by id (`GET /v2/content/purges?after=`) and purge their page
 * caches and the shared cache (Varnish xkey) by those keys. A read never records anything, and
 * neither do migrations and seeds (an API start must not empty the caches).
 *
 * Writers: the back office's price change (admin/catalogue-routes.ts, `p<id>`), a review posted
 * (product/reviews.ts, `p<id>`), stock moves whose shown stock changes (`s<id>`: an order
 * placed, an item cancelled or returned, an unpaid order expired; see `recordStockMoves`).
 */

/** Rows the feed answers at most per call. */
export const PURGE_FEED_LIMIT = 1000;
/** The feed answers rows of this many minutes back at most (an edge away longer empties its cache itself). */
export const PURGE_FEED_MINUTES = 60;

/** Counted as writes of `cache_purges` only: no read cache watches it (db/database.ts `tablesWrittenBy`). */
const INSERT_PURGE = `-- writes: cache_purges
insert into cache_purges (keys) values ($1::text[])`;

/** Records one purge of `keys` (the valid ones, each once) in the transaction `tx` of the write that changed them. */
export async function recordPurge(tx: Pick<Database, 'query'>, keys: Iterable<string>): Promise<void> {
  const valid = [...new Set(keys)].filter((key) => CACHE_KEY.test(key));
  if (valid.length === 0) return;
  await tx.query(INSERT_PURGE, [valid]);
}

/**
 * What a page shows of a product's stock (the product page's "Out of stock" / "Only 1 left" /
 * "In stock" and its JSON-LD availability, a listing card's out-of-stock and only-one-left
 * tags): 0, 1, or 2 for more.
 */
export const shownStock = (stock: number) => (stock <= 0 ? 0 : stock === 1 ? 1 : 2);

/** A product's stock before and after a move. */
export interface StockMove {
  productId: number;
  before: number;
  after: number;
}

/**
 * Moves a product's stock by `delta` (a stock write: db/database.ts STOCK_VERSION), never below
 * zero: the move, or null when there was not enough (or no such product).
 */
async function moveStock(tx: Pick<Database, 'query'>, productId: number, delta: number): Promise<StockMove | null> {
  const [moved] = await tx.query<{ stock: number }>(stockWrite('update products set stock = stock + $2 where id = $1 and stock + $2 >= 0 returning stock'), [
    productId,
    delta,
  ]);
  return moved ? { productId, before: Number(moved.stock) - delta, after: Number(moved.stock) } : null;
}

/**
 * Records a purge of `s<id>` for the products whose shown stock changed (an order that leaves
 * 57 of a frame changes no page; the one that sells the last but one does). One row for the
 * move, none when no page changes.
 */
export async function recordStockMoves(tx: Pick<Database, 'query'>, moves: readonly StockMove[]): Promise<void> {
  await recordPurge(
    tx,
    moves.filter((move) => shownStock(move.before) !== shownStock(move.after)).map((move) => cacheKeys.stock(move.productId)),
  );
}

/**
 * Moves the stock of each `[productId, delta]` in turn (callers order them by product id, so two
 * transactions cannot deadlock) and records the purge of those whose shown stock changed, in the
 * transaction `tx`. Answers the index of the first take (a negative delta) there was not enough
 * stock for, and stops there (the caller refuses, which rolls everything back); else null. A
 * give-back to a product that no longer exists is skipped.
 */
export async function moveStocks(tx: Pick<Database, 'query'>, deltas: readonly (readonly [productId: number, delta: number])[]): Promise<number | null> {
  const moves: StockMove[] = [];
  for (const [index, [productId, delta]] of deltas.entries()) {
    const moved = await moveStock(tx, productId, delta);
    if (moved) moves.push(moved);
    else if (delta < 0) return index;
  }
  await recordStockMoves(tx, moves);
  return null;
}

export interface PurgeFeed {
  purges: { id: number; keys: string[] }[];
  last: number;
}

/**
 * The feed: rows after `after`, of the last hour, in id order, at most PURGE_FEED_LIMIT, and
 * `last`, the id to ask after next. One statement, read-only (it moves no write version).
 *
 * Ids are taken when a row is inserted, not when its transaction commits: while a transaction
 * that took id 5 is still open, id 6 may already be visible. Answering 6 (and `last` 6) would
 * lose 5 for good. So a row is answered only once every transaction that started before its own
 * has ended (its `tx` is older than the snapshot's oldest running transaction), and `last` stops
 * before the first row held back. `last` is the highest id in the table (0 when empty) when
 * every row after `after` was answered; else the last id answered (a full page: ask again at
 * once), or `after` itself (a row held back for a moment).
 */
export async function purgesAfter(db: Pick<Database, 'query'>, after: number): Promise<PurgeFeed> {
  const [row] = await db.query<{ purges: { id: number; keys: string[] }[]; highest: number; held: number | null }>(
    `with held as (
       select min(id) as id from cache_purges where id > $1 and tx >= pg_snapshot_xmin(pg_current_snapshot())
     ), page as (
       select c.id, c.keys from cache_purges c, held
        where c.id > $1 and (held.id is null or c.id < held.id) and c.created_at > now() - make_interval(mins => $2)
        order by c.id limit $3
     )
     select coalesce((select json_agg(json_build_object('id', id, 'keys', keys) order by id) from page), '[]'::json) as purges,
            coalesce((select max(id) from cache_purges), 0)::bigint as highest,
            (select id from held) as held`,
    [after, PURGE_FEED_MINUTES, PURGE_FEED_LIMIT],
  );
  const purges = (row?.purges ?? []).map((p) => ({ id: Number(p.id), keys: p.keys }));
  const highest = Number(row?.highest ?? 0);
  const lastAnswered = purges.length > 0 ? purges[purges.length - 1]!.id : null;
  if (purges.length >= PURGE_FEED_LIMIT) return { purges, last: lastAnswered! };
  if (row?.held !== null && row?.held !== undefined) return { purges, last: lastAnswered ?? after };
  return { purges, last: highest };
}
