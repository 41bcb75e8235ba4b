import { type Queryable } from '../jobs/queue';
import { orderAudience } from './audience';
import { type MessageLine, type RefundDestination } from './events';
import { queueMessage } from './queue';

/**
 * The messages of an order's life (issue 38), each queued in the transaction of its event by the
 * code that makes it happen, from what the database says in that transaction. Each event has
 * one key (`order-placed:<order>`, `order-dispatched:<order>:<items>`…), so queuing it twice
 * sends it once (messages/queue.ts).
 */

/** How each payment method is named in a message. */
const PAYMENT_NAMES: Record<string, string> = {
  cc: 'Credit card',
  dc: 'Debit card',
  upi: 'UPI',
  cod: 'Cash on delivery',
  nb: 'Net banking',
  qr: 'UPI QR code',
  gv: 'Gift voucher',
  sc: 'Store credit',
  wallet: 'Wallet',
};
export const paymentName = (method: string) => PAYMENT_NAMES[method] ?? method.toUpperCase();

/** An order's lines (all, or those of `itemIds`) as a message names them. */
export async function linesOf(tx: Queryable, orderId: number, itemIds?: readonly number[]): Promise<MessageLine[]> {
  const rows = await tx.query<{ name: string; quantity: number; total: number }>(
    `select name, quantity, total from order_items where order_id = $1 and ($2::int[] is null or id = any($2::int[])) order by id`,
    [orderId, itemIds ? [...itemIds] : null],
  );
  return rows.map((row) => ({ name: row.name, quantity: Number(row.quantity), amount: Number(row.total) }));
}

/** The order is placed: paid, or cash on delivery. */
export async function queueOrderPlaced(tx: Queryable, orderId: number) {
  const audience = await orderAudience(tx, orderId);
  const [order] = await tx.query<{ total: number; payment_method: string; estimated_delivery: Date | string | null }>(
    'select total, payment_method, estimated_delivery from orders where id = $1',
    [orderId],
  );
  if (!audience || !order) return [];
  const estimated = order.estimated_delivery ? new Date(order.estimated_delivery).toISOString().slice(0, 10) : null;
  return queueMessage(
    tx,
    `order-placed:${orderId}`,
    {
      kind: 'order-placed',
      orderId,
      lines: await linesOf(tx, orderId),
      total: Number(order.total),
      payment: paymentName(order.payment_method),
      estimatedDelivery: estimated,
    },
    audience,
  );
}

/** A payment of the order failed: the customer may pay again. One message per failed payment. */
export async function queuePaymentFailed(tx: Queryable, orderId: number, paymentId: string, reason: string | null | undefined) {
  const audience = await orderAudience(tx, orderId);
  const [order] = await tx.query<{ total: number; status: string }>('select total, status from orders where id = $1', [orderId]);
  if (!audience || !order || order.status !== 'PENDING_PAYMENT') return [];
  return queueMessage(
    tx,
    `payment-failed:${paymentId}`,
    {
      kind: 'payment-failed',
      orderId,
      total: Number(order.total),
      reason: reason?.trim() || 'The payment did not go through.',
      payAgainUrl: `${audience.siteUrl}/checkout/onepage/retrypayment?orderId=${orderId}`,
    },
    audience,
  );
}

/** The courier took these items (SHIPPED) or handed them over (DELIVERED). */
export async function queueCourierMove(
  tx: Queryable,
  orderId: number,
  to: 'SHIPPED' | 'DELIVERED',
  itemIds: readonly number[],
  courier: { name: string; trackingNumber: string; trackingUrl: string | null },
) {
  if (itemIds.length === 0) return [];
  const audience = await orderAudience(tx, orderId);
  if (!audience) return [];
  const lines = await linesOf(tx, orderId, itemIds);
  const key = `${orderId}:${[...itemIds].sort((a, b) => a - b).join(',')}`;
  if (to === 'SHIPPED')
    return queueMessage(
      tx,
      `order-dispatched:${key}`,
      { kind: 'order-dispatched', orderId, lines, courier: courier.name, trackingNumber: courier.trackingNumber, trackingUrl: courier.trackingUrl },
      audience,
    );
  return queueMessage(tx, `order-delivered:${key}`, { kind: 'order-delivered', orderId, lines }, audience);
}

/** An item was cancelled; `refundAmount` of it goes back to `refundTo` (0 and null: nothing was paid for it). */
export async function queueItemCancelled(tx: Queryable, orderId: number, itemId: number, refundAmount: number, refundTo: RefundDestination | null) {
  const audience = await orderAudience(tx, orderId);
  const [line] = await linesOf(tx, orderId, [itemId]);
  if (!audience || !line) return [];
  return queueMessage(tx, `item-cancelled:${orderId}:${itemId}`, { kind: 'item-cancelled', orderId, line, refundAmount, refundTo }, audience);
}

/** Where a refund instrument of the ledger (account/refund-ledger.ts) goes, as a message names it. */
export function refundDestination(instrument: string | null | undefined): RefundDestination | null {
  switch (instrument) {
    case null:
    case undefined:
    case '':
      return null;
    case 'sc':
    case 'storecredit':
    case 'store-credit':
      return 'store-credit';
    case 'wallet':
      return 'wallet';
    case 'neft':
    case 'bank':
      return 'bank-account';
    case 'gv':
    case 'giftvoucher':
      return 'gift-voucher';
    default:
      return 'original-payment';
  }
}
