import { WISHLIST_MAX } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { HttpError } from '../../http/errors';
import { type Country } from '../../http/session';
import { type Tx } from '../area';
import { productsById, summaryOf } from './products';

/** A shortlist belongs to the customer once logged in, else to the guest session. */

export async function wishlistIds(db: Pick<Database, 'query'>, owner: string): Promise<number[]> {
  const rows = await db.query<{ product_id: number }>(
    'select product_id from wishlist_items where owner = $1 order by added_at desc, product_id desc limit $2',
    [owner, WISHLIST_MAX],
  );
  return rows.map((r) => r.product_id);
}

export async function wishlistAnswer(db: Database, owner: string, country: Country, attributes: boolean) {
  const productIds = await wishlistIds(db, owner);
  let productList: ReturnType<typeof summaryOf>[] = [];
  if (attributes) {
    const rows = await productsById(db, country, productIds);
    const byId = new Map(rows.map((r) => [r.id, summaryOf(r)]));
    productList = productIds.map((id) => byId.get(id)).filter((p): p is ReturnType<typeof summaryOf> => p !== undefined);
  }
  return { result: { numberOfProducts: Math.min(productIds.length, WISHLIST_MAX), productIds, productList } };
}

export async function addToWishlist(db: Database, owner: string, productId: number) {
  await db.transaction(async (tx) => {
    // One shortlist at a time: two adds racing for the 50th place cannot both win.
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [owner]);
    const [product] = await tx.query<{ id: number }>('select id from products where id = $1', [productId]);
    if (!product) throw new HttpError(404, `No product ${productId}`, 'productId', 'NOT_FOUND');
    const [present] = await tx.query('select 1 from wishlist_items where owner = $1 and product_id = $2', [owner, productId]);
    if (present) return;
    const [count] = await tx.query<{ n: number }>('select count(*)::int as n from wishlist_items where owner = $1', [owner]);
    if ((count?.n ?? 0) >= WISHLIST_MAX) {
      throw new HttpError(422, `Your wishlist is full: it holds at most ${WISHLIST_MAX} products.`, 'productId', 'WISHLIST_FULL');
    }
    await tx.query('insert into wishlist_items (owner, product_id) values ($1, $2) on conflict do nothing', [owner, productId]);
  });
}

/**
 * At login the guest's shortlist joins the customer's (shopping §6: counts come from user info),
 * newest first, up to the 50 the customer may hold; the guest rows are removed.
 */
export async function moveGuestWishlist(tx: Tx, previousSessionId: string, customerId: number) {
  const guest = `s:${previousSessionId}`;
  const customer = `c:${customerId}`;
  const [count] = await tx.query<{ n: number }>('select count(*)::int as n from wishlist_items where owner = $1', [customer]);
  const room = WISHLIST_MAX - (count?.n ?? 0);
  if (room > 0) {
    await tx.query(
      `insert into wishlist_items (owner, product_id, added_at)
       select $2, g.product_id, g.added_at from wishlist_items g
       where g.owner = $1 and not exists (select 1 from wishlist_items c where c.owner = $2 and c.product_id = g.product_id)
       order by g.added_at desc limit $3
       on conflict do nothing`,
      [guest, customer, room],
    );
  }
  await tx.query('delete from wishlist_items where owner = $1', [guest]);
}
