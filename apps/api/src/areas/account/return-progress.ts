import { type Return } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { queueReturnMoved } from '../../messages/after-sales-messages';
import { HttpError, notFound } from '../../http/errors';
import { type Tx } from '../area';
import { recordStatus, type OrderRow } from './order-data';
import { chosenMethod, lockOrder, payRefund, presentRefund, recordRefund, refundableFor, type RefundRow } from './refund-ledger';
import { sendReplacements } from './replacement';
import { putBackStock } from './stock';

/**
 * A return's progress after the request (docs/adr/021): the courier picks a pickup up
 * (PICKED_UP), the warehouse or store receives the goods (RECEIVED). A return's money moves
 * then, not when it is requested: its PENDING refunds are paid at the first of the two, and
 * a refund method chosen with the request becomes a paid refund there; an exchange for the same
 * product sends its replacement then (replacement.ts). The goods' stock comes
 * back at RECEIVED. Driven by the simulated courier through the admin listener
 * (POST /returns/:returnId/advance?to=, apps/api/src/admin/return-routes.ts); a real courier or
 * warehouse system would report the same two events.
 */
export interface ReturnRow {
  id: number;
  order_id: number;
  customer_id: number | null;
  group_id: string;
  status: Return['status'];
  item_ids: number[];
  return_method: Return['returnMethod'];
  mode: Return['mode'];
  refund_method: string | null;
  label_status: 'PENDING' | 'GENERATED' | 'FAILED';
  created_at: Date | string;
}

export const RETURN_PROGRESS = ['PICKED_UP', 'RECEIVED'] as const;
export type ReturnProgress = (typeof RETURN_PROGRESS)[number];

/** Return statuses in which the goods are with us (or the courier): its refund is paid. */
export const GOODS_BACK: ReadonlySet<string> = new Set(['PICKED_UP', 'RECEIVED', 'COMPLETED']);

const FROM: Record<ReturnProgress, string[]> = {
  PICKED_UP: ['REQUESTED', 'PICKUP_SCHEDULED'],
  RECEIVED: ['REQUESTED', 'PICKUP_SCHEDULED', 'PICKED_UP'],
};

export const presentReturn = (row: ReturnRow): Return => ({
  returnId: row.id,
  orderId: row.order_id,
  groupId: row.group_id,
  status: row.status,
  itemIds: row.item_ids.map(Number),
  returnMethod: row.return_method,
  mode: row.mode,
  createdAt: new Date(row.created_at).toISOString(),
});

/** Marks a return's items refunded once their refund is paid. */
async function markRefunded(tx: Tx, order: OrderRow, itemIds: readonly number[], groupId: string) {
  const moved = await tx.query<{ id: number }>(
    `update order_items set status = 'REFUNDED' where id = any($1::int[]) and status in ('RETURN_REQUESTED', 'RETURNED') returning id`,
    [itemIds],
  );
  for (const item of moved) await recordStatus(tx, order.id, 'REFUNDED', item.id, `return ${groupId}`);
}

/**
 * The goods are back: pays the return's PENDING refunds and, for items without a refund yet
 * whose method was chosen with the request, writes and pays one through the ledger. An item
 * whose method cannot be used (say, a bank transfer without bank details) waits for the
 * shopper's refund request, which is then paid at once.
 */
async function payReturn(tx: Tx, order: OrderRow, row: ReturnRow): Promise<RefundRow[]> {
  if (row.return_method !== 'refund') return [];
  const paid: RefundRow[] = [];
  const pending = await tx.query<{ id: number }>(`select id from account_refunds where return_id = $1 and status = 'PENDING' order by id`, [row.id]);
  for (const refund of pending) paid.push(await payRefund(tx, order, refund.id));
  const refundedItems = new Set(
    (
      await tx.query<{ item_id: number }>(
        `select distinct item_id from account_refunds where return_id = $1 and status <> 'CANCELLED' and item_id is not null`,
        [row.id],
      )
    ).map((r) => Number(r.item_id)),
  );
  for (const itemId of row.item_ids.map(Number)) {
    if (refundedItems.has(itemId) || !row.refund_method) continue;
    const lines = await refundableFor(tx, order, [itemId]);
    if (lines.length === 0) continue;
    let method;
    try {
      method = chosenMethod(order, lines, row.refund_method);
    } catch {
      continue;
    }
    if (method === 'neft' && (await tx.query('select 1 from account_neft where order_id = $1', [order.id])).length === 0) continue;
    paid.push(...(await recordRefund(tx, order, lines, { method, kind: 'return', returnId: row.id, itemId })));
  }
  const done = new Set(paid.map((r) => Number(r.item_id)).filter((id) => id > 0));
  await markRefunded(tx, order, [...done], row.group_id);
  return paid;
}

/**
 * Moves a return to PICKED_UP (pickups only) or RECEIVED, once: the order's row lock, then a
 * conditional update from the statuses it may come from (409 otherwise); money and stock in
 * the same transaction.
 */
export async function advanceReturn(db: Database, returnId: number, to: ReturnProgress) {
  const [found] = await db.query<{ order_id: number }>('select order_id from account_returns where id = $1', [returnId]);
  if (!found) throw notFound('Return not found');
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.order_id);
    const [row] = await tx.query<ReturnRow>('select * from account_returns where id = $1 for update', [returnId]);
    if (!row) throw notFound('Return not found');
    if (to === 'PICKED_UP' && row.mode !== 'pickup') throw new HttpError(409, 'Only a pickup return is picked up.', 'to', 'CONFLICT');
    const [moved] = await tx.query<ReturnRow>(
      `update account_returns set status = $2, updated_at = now() where id = $1 and status = any($3::text[]) returning *`,
      [returnId, to, FROM[to]],
    );
    if (!moved) throw new HttpError(409, `This return is ${row.status}; it cannot move to ${to}.`, 'to', 'CONFLICT');
    const itemIds = row.item_ids.map(Number);
    if (to === 'RECEIVED') {
      const items = await tx.query<{ id: number; product_id: number; quantity: number }>(
        'select id, product_id, quantity from order_items where id = any($1::int[])',
        [itemIds],
      );
      await putBackStock(tx, items);
      const back = await tx.query<{ id: number }>(
        `update order_items set status = 'RETURNED' where id = any($1::int[]) and status = 'RETURN_REQUESTED' returning id`,
        [itemIds],
      );
      for (const item of back) await recordStatus(tx, order.id, 'RETURNED', item.id, `return ${row.group_id} received`);
    }
    await queueReturnMoved(tx, order.id, moved.id, to, itemIds);
    const refunds = await payReturn(tx, order, moved);
    // The goods are back for the first time: an exchange for the same product sends its replacement (replacement.ts).
    if (!GOODS_BACK.has(row.status)) await sendReplacements(tx, order, moved);
    return { return: presentReturn(moved), refunds: refunds.map(presentRefund) };
  });
}
