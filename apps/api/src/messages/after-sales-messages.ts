import { type Queryable } from '../jobs/queue';
import { orderAudience } from './audience';
import { type MessageLine, type RefundDestination } from './events';
import { linesOf, queueItemCancelled, refundDestination } from './order-messages';
import { queueMessage } from './queue';
import { cents } from '../areas/account/refund-ledger';

/**
 * The messages of what happens after an order is placed (issue 38): a cancellation, a return's
 * steps, a refund's money, an exchange's new order. Each is queued by the account area's code
 * in the transaction of its event, from what the ledger and the order say in that transaction,
 * under one key per event, so the same event queued twice is sent once (messages/queue.ts).
 *
 * The rules:
 * - One message per customer action. A cancellation of one item is `item-cancelled:<order>:<item>`;
 *   one request that cancels several items (the whole order, or a choice of items) is one
 *   `item-cancelled:<order>:<item>,<item>…` message whose line sums them (its name joins theirs).
 *   Each item is cancelled once (the route's conditional update), so no item is in two keys.
 * - A cancellation's refund is named by the cancellation message (its amount, as the ledger
 *   recorded it, and where most of it goes); nothing was paid yet (cash on delivery before the
 *   cash was collected): 0 and no destination.
 * - `refund-issued:<refund>`: once per refund row, when its money moves (refund-ledger.ts
 *   payRefund: a return's refund when the goods are back, or at once when asked for after that),
 *   except a cancellation's, paid in the cancellation's own transaction and named by its message
 *   (two e-mails for one click would say the same thing twice). A later step of such a refund
 *   (the gateway confirming it reached the bank) would be a message of its own.
 * - `return-requested:<return>`, `return-picked-up:<return>`, `return-received:<return>`: one per
 *   stage of a return; a return brought or sent to us skips the pickup.
 * - `exchange-placed:<new order>`: an order paid in part with a returned item's exchange credit
 *   is told as the exchange it is, instead of as a new order (queueExchangePlaced answers null for
 *   any other order, for the caller to queue `order-placed`).
 */

/** Where a refund row's money goes, by its method (account_refunds.method). */
export function refundMethodDestination(method: string): RefundDestination {
  // source, upi: the original payment.
  return refundDestination(method) ?? 'original-payment';
}

/** Several lines as one: their names (each once), quantities and amounts together. */
function oneLine(lines: readonly MessageLine[]): MessageLine {
  return {
    name: [...new Set(lines.map((line) => line.name))].join(', '),
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    amount: lines.reduce((sum, line) => sum + cents(line.amount), 0) / 100,
  };
}

/**
 * What the ledger gives back for these items through these refund rows: the amount, and where
 * the largest part of it goes (a message names one destination; an item paid partly with store
 * credit and partly by card names the bigger of the two).
 */
async function refundOf(tx: Queryable, refundIds: readonly number[], itemIds: readonly number[]) {
  const rows = await tx.query<{ method: string; amount: number }>(
    `select r.method, sum(l.amount)::float as amount from account_refund_lines l join account_refunds r on r.id = l.refund_id
      where r.id = any($1::int[]) and l.item_id = any($2::int[]) group by r.method order by sum(l.amount) desc, r.method`,
    [[...refundIds], [...itemIds]],
  );
  const total = rows.reduce((sum, row) => sum + cents(row.amount), 0);
  return { amount: total / 100, refundTo: total > 0 && rows[0] ? refundMethodDestination(rows[0].method) : null };
}

/**
 * A customer's cancellation of these items (one request), with the refund rows it wrote (none:
 * nothing was paid for them). Called in the cancellation's transaction, after the ledger.
 */
export async function queueCancellation(tx: Queryable, orderId: number, itemIds: readonly number[], refundIds: readonly number[]) {
  const items = [...new Set(itemIds.map(Number))].sort((a, b) => a - b);
  if (items.length === 0) return [];
  const { amount, refundTo } = await refundOf(tx, refundIds, items);
  if (items.length === 1) return queueItemCancelled(tx, orderId, items[0]!, amount, refundTo);
  const audience = await orderAudience(tx, orderId);
  const lines = await linesOf(tx, orderId, items);
  if (!audience || lines.length === 0) return [];
  return queueMessage(
    tx,
    `item-cancelled:${orderId}:${items.join(',')}`,
    { kind: 'item-cancelled', orderId, line: oneLine(lines), refundAmount: amount, refundTo },
    audience,
  );
}

/** A return is requested for these items of the order. No pickup is scheduled with a date yet. */
export async function queueReturnRequested(tx: Queryable, orderId: number, returnId: number, itemIds: readonly number[]) {
  const audience = await orderAudience(tx, orderId);
  const lines = await linesOf(tx, orderId, itemIds);
  if (!audience || lines.length === 0) return [];
  return queueMessage(tx, `return-requested:${returnId}`, { kind: 'return-requested', orderId, returnId, lines, pickupDate: null }, audience);
}

/** A return's goods were picked up by the courier, or reached us. */
export async function queueReturnMoved(tx: Queryable, orderId: number, returnId: number, to: 'PICKED_UP' | 'RECEIVED', itemIds: readonly number[]) {
  const audience = await orderAudience(tx, orderId);
  const lines = await linesOf(tx, orderId, itemIds);
  if (!audience || lines.length === 0) return [];
  return to === 'PICKED_UP'
    ? queueMessage(tx, `return-picked-up:${returnId}`, { kind: 'return-picked-up', orderId, returnId, lines }, audience)
    : queueMessage(tx, `return-received:${returnId}`, { kind: 'return-received', orderId, returnId, lines }, audience);
}

/**
 * A refund row's money moved (payRefund). `issuedCode`: the store credit issued for it, when its
 * method is store credit; otherwise the reference is the store credit or gift voucher code it
 * went back to, or none (a card, UPI or bank transfer: the gateway gives no reference here).
 * A cancellation's refund is not told again (see the rules above).
 */
export async function queueRefundIssued(
  tx: Queryable,
  refund: { id: number; order_id: number; kind: string; method: string; amount: number | string },
  issuedCode: string | null = null,
) {
  if (refund.kind === 'cancel' || cents(refund.amount) <= 0) return [];
  const audience = await orderAudience(tx, refund.order_id);
  if (!audience) return [];
  const [line] = await tx.query<{ code: string | null }>(
    'select code from account_refund_lines where refund_id = $1 and code is not null order by id limit 1',
    [refund.id],
  );
  return queueMessage(
    tx,
    `refund-issued:${refund.id}`,
    {
      kind: 'refund-issued',
      orderId: Number(refund.order_id),
      amount: Number(refund.amount),
      refundTo: refundMethodDestination(refund.method),
      reference: issuedCode ?? line?.code ?? null,
    },
    audience,
  );
}

/**
 * The order was placed with a returned item's exchange credit (the cart area's `exchange`
 * discount, code `<order>:<item>`): the exchange's message, with what is still to pay (cash on
 * delivery: all of it; paid online: nothing). Null when the order is not an exchange's, for the
 * caller to queue `order-placed` instead: one message for one order.
 */
export async function queueExchangePlaced(tx: Queryable, exchangeOrderId: number): Promise<number[] | null> {
  const [order] = await tx.query<{ total: number; discounts: { type: string; code?: string }[] | null; paid: number }>(
    `select o.total, o.discounts,
            (select coalesce(sum(p.amount), 0)::float from order_payments p where p.order_id = o.id and p.status = 'SUCCESS') as paid
       from orders o where o.id = $1`,
    [exchangeOrderId],
  );
  const credit = (order?.discounts ?? []).find((d) => d.type === 'exchange' && d.code);
  const orderId = Number(credit?.code?.split(':')[0]);
  if (!order || !credit || !Number.isInteger(orderId) || orderId <= 0) return null;
  const audience = await orderAudience(tx, exchangeOrderId);
  if (!audience) return [];
  const amountToPay = Math.max(0, cents(order.total) - cents(order.paid)) / 100;
  return queueMessage(
    tx,
    `exchange-placed:${exchangeOrderId}`,
    { kind: 'exchange-placed', orderId, exchangeOrderId, lines: await linesOf(tx, exchangeOrderId), amountToPay },
    audience,
  );
}
