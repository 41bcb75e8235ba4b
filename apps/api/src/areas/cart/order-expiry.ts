import { type Database } from '../../db/database';
import { moveStocks } from '../../db/purges';
import { HttpError } from '../../http/errors';
import { type Tx } from '../area';
import { type SessionRow } from '../../http/session';
import { tooMany } from '../account/throttle';
import { PAYMENT_HOLD_MINUTES, UNPAID_ORDERS_PER_CLIENT, UNPAID_ORDERS_PER_SHOPPER } from './config';

/** The answer to a payment for an order whose hold ran out. */
export const orderExpired = () =>
  new HttpError(
    409,
    `The time to pay for this order has run out (${PAYMENT_HOLD_MINUTES} minutes) and its items were released. Please place the order again.`,
    'orderId',
    'ORDER_EXPIRED',
  );

/**
 * Refuses (429, with when to try again) an unpaid order past UNPAID_ORDERS_PER_SHOPPER of the
 * session or customer, or UNPAID_ORDERS_PER_CLIENT of the client address, still in their hold.
 * Counted under a lock per client address (and the cart's row lock per shopper), so parallel
 * orders from fresh guest sessions of one address are counted one after another (issue 40).
 */
export async function boundUnpaidOrders(tx: Tx, session: SessionRow, clientAddress: string | null) {
  if (clientAddress) await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`unpaid-orders:${clientAddress}`]);
  const [row] = await tx.query<{ mine: number; client: number; mine_wait: number | null; client_wait: number | null }>(
    `with unpaid as (
       select customer_id, session_id, client_address, created_at from orders
       where status = 'PENDING_PAYMENT' and created_at > now() - make_interval(mins => $4)
         and (customer_id = $1 or (customer_id is null and session_id = $2) or client_address = $3)
     )
     select count(*) filter (where customer_id = $1 or (customer_id is null and session_id = $2))::int as mine,
            count(*) filter (where client_address = $3)::int as client,
            ceil(extract(epoch from min(created_at) filter (where customer_id = $1 or (customer_id is null and session_id = $2)) + make_interval(mins => $4) - now()))::int as mine_wait,
            ceil(extract(epoch from min(created_at) filter (where client_address = $3) + make_interval(mins => $4) - now()))::int as client_wait
     from unpaid`,
    [session.customer_id ?? -1, session.customer_id ? '' : session.id, clientAddress ?? '', PAYMENT_HOLD_MINUTES],
  );
  const message = `You have orders waiting for their payment. Pay for one of them, or place this order once their time to pay (${PAYMENT_HOLD_MINUTES} minutes) has run out.`;
  if ((row?.mine ?? 0) >= UNPAID_ORDERS_PER_SHOPPER) throw tooMany(message, row?.mine_wait ?? 60, 'paymentMethod');
  if (clientAddress && (row?.client ?? 0) >= UNPAID_ORDERS_PER_CLIENT) throw tooMany(message, row?.client_wait ?? 60, 'paymentMethod');
}

/** SQL condition: an unpaid order past its hold. */
const PAST_HOLD = `status = 'PENDING_PAYMENT' and created_at < now() - make_interval(mins => $1)`;

/**
 * Cancels unpaid orders past their hold, in the transaction given: the conditional update
 * claims each once, then their items' stock comes back (products in id order), the gift
 * voucher, store credit and wallet they spent are restored, and open payments are cancelled so
 * a late one cannot settle. One order (`orderId`) or all of them (the sweep).
 */
export async function expireUnpaidIn(tx: Tx, orderId?: number): Promise<number[]> {
  const expired = await tx.query<{ id: number; customer_id: number | null; discounts: { type: string; code?: string; amount: number }[] }>(
    `update orders set status = 'CANCELLED', updated_at = now() where ${PAST_HOLD} and ($2::int is null or id = $2) returning id, customer_id, discounts`,
    [PAYMENT_HOLD_MINUTES, orderId ?? null],
  );
  for (const order of expired) {
    const items = await tx.query<{ product_id: number; quantity: number }>(
      `update order_items set status = 'CANCELLED' where order_id = $1 and status <> 'CANCELLED' returning product_id, quantity`,
      [order.id],
    );
    const units = new Map<number, number>();
    for (const i of items) units.set(Number(i.product_id), (units.get(Number(i.product_id)) ?? 0) + Number(i.quantity));
    // A product back in stock (or no longer the last one) on a page: its stock key is purged (db/purges.ts).
    await moveStocks(
      tx,
      [...units].sort((a, b) => a[0] - b[0]),
    );
    for (const d of order.discounts ?? []) {
      if (d.type === 'gv' && d.code) await tx.query('update gift_vouchers set balance = balance + $2 where code = $1', [d.code, d.amount]);
      if (d.type === 'sc' && d.code) {
        await tx.query('update store_credits set balance = balance + $2 where code = $1', [d.code, d.amount]);
        await tx.query(`insert into store_credit_entries (code, order_id, amount, reason) values ($1, $2, $3, 'released')`, [d.code, order.id, d.amount]);
      }
      if (d.type === 'wallet' && order.customer_id !== null)
        await tx.query('update wallets set balance = balance + $2 where customer_id = $1', [order.customer_id, d.amount]);
    }
    await tx.query(`update order_payments set status = 'CANCELLED', message = $2, updated_at = now() where order_id = $1 and status = 'PENDING'`, [
      order.id,
      orderExpired().message,
    ]);
    await tx.query(`insert into order_status_history (order_id, item_id, status, note) values ($1, null, 'CANCELLED', $2)`, [
      order.id,
      `not paid within ${PAYMENT_HOLD_MINUTES} minutes; items released`,
    ]);
  }
  return expired.map((o) => Number(o.id));
}

/** Expires unpaid orders past their hold (one, or all) in a transaction of its own: the worker's `expire-orders` job every minute (jobs/handlers.ts). */
export async function expireUnpaidOrders(db: Database, orderId?: number): Promise<number[]> {
  const [due] = await db.query<{ n: number }>(`select count(*)::int as n from orders where ${PAST_HOLD} and ($2::int is null or id = $2)`, [
    PAYMENT_HOLD_MINUTES,
    orderId ?? null,
  ]);
  if (!due?.n) return [];
  return db.transaction((tx) => expireUnpaidIn(tx, orderId));
}
