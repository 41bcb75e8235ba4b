import { COUNTRIES } from '../../countries';
import { refundableFor, totalOf } from '../account/refund-ledger';
import { type Tx } from '../area';
import { type OrderRow } from './order-read-model';
import { type CartRow } from './pricing';

/** The discount type and code of an exchange credit: one returned item's credit, spent by one live order. */
export const EXCHANGE_DISCOUNT = 'exchange';
export const exchangeCode = (orderId: number, itemId: number) => `${orderId}:${itemId}`;

/**
 * Why an exchange cannot credit a cart, or its credit: the returned item's share of what its
 * order was paid (the refund ledger's figure, the one the return page shows as exchangeCredit),
 * while its new-product return is open, the order was in the cart's currency and no order that
 * is not cancelled used it yet. Checked on every pricing, so a cancelled return or a used
 * credit stops crediting at once.
 */
export async function exchangeCreditFor(
  tx: Tx,
  cart: Pick<CartRow, 'country'>,
  orderId: number,
  itemId: number,
): Promise<{ ok: true; amount: number; code: string } | { ok: false; reason: string }> {
  const [order] = await tx.query<OrderRow>('select * from orders where id = $1', [orderId]);
  if (!order || order.currency !== COUNTRIES[cart.country].currencyCode) return { ok: false, reason: 'This exchange is not for an order of this site' };
  // Shared-locked: a cancel of this return (which locks it for update) waits for the order being
  // placed with its credit, then sees that order and refuses (account/return-routes.ts).
  const [open] = await tx.query(
    `select 1 from account_returns where order_id = $1 and $2 = any(item_ids) and return_method = 'new_product' and status <> 'CANCELLED' limit 1 for share`,
    [orderId, itemId],
  );
  if (!open) return { ok: false, reason: 'This exchange is no longer open' };
  const code = exchangeCode(orderId, itemId);
  const used = await orderUsingCredit(tx, orderId, itemId);
  if (used) return { ok: false, reason: `This exchange was already used for order ${used}` };
  return { ok: true, amount: totalOf(await refundableFor(tx, order, [itemId])), code };
}

/** The live (not cancelled) order an exchange credit paid, if any. */
export async function orderUsingCredit(tx: Pick<Tx, 'query'>, orderId: number, itemId: number): Promise<number | null> {
  const [used] = await tx.query<{ id: number }>(`select id from orders where discounts @> $1::jsonb and status <> 'CANCELLED' limit 1`, [
    JSON.stringify([{ type: EXCHANGE_DISCOUNT, code: exchangeCode(orderId, itemId) }]),
  ]);
  return used ? used.id : null;
}
