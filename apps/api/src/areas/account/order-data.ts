import { type TrackedOrder } from '@eyewear/api-client';
import { ownedOrder, presentOrder, type ItemRow, type OrderRow } from '../cart/order-read-model';
import { type Database } from '../../db/database';
import { notFound } from '../../http/errors';
import { type SessionRow } from '../../http/session';
import { type Tx } from '../area';

/**
 * The account area's reading of the cart area's order tables (041_cart_orders: orders,
 * order_items, order_payments, order_status_history): the cart area writes orders; this area
 * reads them, and records the after-sales changes (cancel, COD confirmation, returns) with a
 * status history row. An order itself is read and shown by the one read model.
 */
export { orderRows, ownedOrder, presentOrder, type ItemRow, type OrderRow } from '../cart/order-read-model';

/** Balances spent on an order: payments, not price discounts. */
const BALANCE_TYPES = new Set(['sc', 'gv', 'wallet', 'exchange']);

/** What tracking by e-mail shows (trackedOrderSchema): status, items, total, the city. */
export async function presentTrackedOrder(db: Pick<Database, 'query'>, order: OrderRow): Promise<TrackedOrder> {
  const full = await presentOrder(db, order);
  return {
    id: full.id,
    createdAt: full.createdAt,
    status: full.status,
    // What the order cost: a store credit, gift voucher, wallet or exchange credit paid part of it (issue 42: never ₹0).
    total: Math.round((full.amount.total + full.amount.discounts.filter((d) => BALANCE_TYPES.has(d.type)).reduce((sum, d) => sum + d.amount, 0)) * 100) / 100,
    currencyCode: full.amount.currencyCode,
    items: full.items.map(({ prescription: _prescription, ...item }) => item),
    shippingCity: full.shippingAddress.city,
    ...(full.deliveryOption ? { deliveryOption: full.deliveryOption } : {}),
    ...(full.estimatedDelivery ? { estimatedDelivery: full.estimatedDelivery } : {}),
  };
}

/** An item of an order of the customer's (404 otherwise). */
export async function ownedItem(db: Pick<Database, 'query'>, session: SessionRow, itemId: number): Promise<{ item: ItemRow; order: OrderRow }> {
  const [item] = await db.query<ItemRow>('select * from order_items where id = $1', [itemId]);
  if (!item) throw notFound('Order item not found');
  const order = await ownedOrder(db, session, item.order_id).catch(() => {
    throw notFound('Order item not found');
  });
  return { item, order };
}

export async function itemsOf(db: Pick<Database, 'query'>, orderId: number) {
  return db.query<ItemRow>('select * from order_items where order_id = $1 order by id', [orderId]);
}

export async function recordStatus(tx: Tx, orderId: number, status: string, itemId: number | null, note: string | null = null) {
  await tx.query('insert into order_status_history (order_id, item_id, status, note) values ($1, $2, $3, $4)', [orderId, itemId, status, note]);
}
