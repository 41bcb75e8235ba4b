import { type Tx } from '../area';
import { moveStocks } from '../../db/purges';

/**
 * Stock that after-sales gives back (docs/adr/021): a cancelled item's units, and a returned
 * item's once its goods are received. Called inside the transaction whose conditional update
 * made the item CANCELLED or RETURNED, so the units come back exactly once. Products are
 * updated in id order (the same order everywhere, so two such transactions cannot deadlock).
 * A product whose shown stock changes (back in stock, no longer the last one) is purged with them
 * (`s<id>`, db/purges.ts).
 */
export async function putBackStock(tx: Tx, items: readonly { product_id: number; quantity: number }[]) {
  const units = new Map<number, number>();
  for (const item of items) units.set(Number(item.product_id), (units.get(Number(item.product_id)) ?? 0) + Number(item.quantity));
  await moveStocks(
    tx,
    [...units].sort((a, b) => a[0] - b[0]),
  );
}

/**
 * A lens change still waiting for its difference is dropped with its item: its payment order
 * is cancelled while unpaid, so a payment can no longer arrive for it. (A difference already
 * paid is refunded with the item, by the ledger's 'lens' instrument.)
 */
export async function dropPendingLensChanges(tx: Tx, itemIds: readonly number[]) {
  if (itemIds.length === 0) return;
  const dropped = await tx.query<{ payment_order_id: number | null }>(
    `update account_lens_changes set status = 'CANCELLED' where item_id = any($1::int[]) and status = 'PAYMENT_PENDING' returning payment_order_id`,
    [itemIds],
  );
  const orders = dropped.map((d) => d.payment_order_id).filter((id): id is number => id !== null);
  if (orders.length === 0) return;
  await tx.query(`update orders set status = 'CANCELLED', updated_at = now() where id = any($1::int[]) and status = 'PENDING_PAYMENT'`, [orders]);
  await tx.query(
    `update order_payments set status = 'CANCELLED', message = 'item cancelled', updated_at = now() where order_id = any($1::int[]) and status = 'PENDING'`,
    [orders],
  );
}
