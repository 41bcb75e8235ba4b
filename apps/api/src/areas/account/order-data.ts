import { createHash } from 'node:crypto';
import { type Order, type TrackedOrder } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { notFound } from '../../http/errors';
import { type SessionRow } from '../../http/session';
import { type Tx } from '../area';

/**
 * Reading the cart area's order tables (041_cart_orders: orders, order_items, order_payments,
 * order_status_history). The cart area writes orders; this area reads them, and records the
 * after-sales changes (cancel, COD confirmation, returns) with a status history row.
 */
export interface OrderRow {
  id: number;
  customer_id: number | null;
  session_id: string | null;
  email: string;
  country: string;
  status: Order['status'];
  currency: Order['amount']['currencyCode'];
  total_tax: number;
  shipping: number;
  total: number;
  discounts: { type: string; code?: string; amount: number }[];
  shipping_address: Order['shippingAddress'];
  delivery_option: string | null;
  payment_method: string;
  cod_confirmed: boolean | null;
  risk_flag: boolean;
  created_at: Date | string;
}

export interface ItemRow {
  id: number;
  order_id: number;
  product_id: number;
  name: string;
  quantity: number;
  classification: Order['items'][number]['classification'];
  thumbnail: string | null;
  unit_price: number;
  total: number;
  prescription: Order['items'][number]['prescription'];
  power_type: string | null;
  package_id: number | null;
  status: Order['items'][number]['status'];
}

const ITEM_STATUSES = new Set(['PROCESSING', 'CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'RETURN_REQUESTED', 'RETURNED', 'REFUNDED']);
const PAYMENT_METHODS = new Set(['cc', 'dc', 'nb', 'upi', 'cod', 'qr', 'wallet', 'emi', 'paylater', 'primer', 'juspay', 'sc', 'gv']);
const ADDRESS_KEYS = [
  'addressType', 'firstName', 'lastName', 'email', 'phone', 'alternatePhone', 'gender', 'addressline1', 'addressline2', 'landmark',
  'locality', 'city', 'state', 'postcode', 'country', 'floor', 'liftAvailable', 'comment', 'addressId',
] as const;

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * An order this session may see: the customer's, or the guest session's that placed it, or
 * (order tracking from an e-mail or SMS link) one whose e-mail the caller knows. Else 404.
 * The e-mail proof is weak: callers holding only it get `presentTrackedOrder`, never the whole
 * order (orders.track); the prescription-by-e-mail calls add the order phone's code.
 */
export async function ownedOrder(db: Pick<Database, 'query'>, session: SessionRow | null, orderId: number, proof: { email?: string; sha1Email?: string } = {}): Promise<OrderRow> {
  const [order] = await db.query<OrderRow>('select * from orders where id = $1', [orderId]);
  const email = order?.email.toLowerCase() ?? '';
  const allowed =
    order !== undefined &&
    ((session !== null && order.customer_id !== null && order.customer_id === session.customer_id) ||
      (session !== null && order.customer_id === null && order.session_id === session.id) ||
      (proof.email !== undefined && proof.email.toLowerCase() === email) ||
      (proof.sha1Email !== undefined && createHash('sha1').update(email).digest('hex') === proof.sha1Email));
  if (!allowed) throw notFound('Order not found');
  return order;
}

/** What tracking by e-mail shows (trackedOrderSchema): status, items, total, the city. */
export async function presentTrackedOrder(db: Pick<Database, 'query'>, order: OrderRow): Promise<TrackedOrder> {
  const full = await presentOrder(db, order);
  return {
    id: full.id,
    createdAt: full.createdAt,
    status: full.status,
    total: full.amount.total,
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

export async function presentOrder(db: Pick<Database, 'query'>, order: OrderRow): Promise<Order> {
  const items = await itemsOf(db, order.id);
  const histories = await db.query<{ item_id: number; status: string; created_at: Date | string }>(
    'select item_id, status, created_at from order_status_history where order_id = $1 and item_id is not null order by id',
    [order.id],
  );
  const payments = await db.query<{ method: string; amount: number; status: Order['payments']['paymentList'][number]['status'] }>(
    'select method, amount, status from order_payments where order_id = $1 order by created_at',
    [order.id],
  );
  const [latestReturn] = await db.query<{ id: number; group_id: string }>('select id, group_id from account_returns where order_id = $1 order by id desc limit 1', [order.id]);
  const address = Object.fromEntries(ADDRESS_KEYS.filter((k) => (order.shipping_address as Record<string, unknown>)[k] !== undefined).map((k) => [k, (order.shipping_address as Record<string, unknown>)[k]]));
  return {
    id: order.id,
    createdAt: iso(order.created_at),
    status: order.status,
    amount: {
      total: order.total,
      totalTax: order.total_tax,
      shipping: order.shipping,
      currencyCode: order.currency,
      discounts: order.discounts.map((d) => ({ type: d.type === 'gv' || d.type === 'sc' ? d.type : 'implicit', code: d.code, amount: d.amount })),
    },
    payments: {
      paymentList: payments.filter((p) => PAYMENT_METHODS.has(p.method)).map((p) => ({ method: p.method as Order['payments']['paymentList'][number]['method'], amount: p.amount, status: p.status })),
    },
    items: items.map((i) => ({
      id: i.id,
      productId: i.product_id,
      name: i.name,
      quantity: i.quantity,
      classification: i.classification,
      thumbnail: i.thumbnail ?? undefined,
      price: { value: i.unit_price, currencyCode: order.currency },
      prescription: i.prescription,
      packageId: i.package_id ?? undefined,
      powerType: (i.power_type?.toUpperCase() as Order['items'][number]['powerType']) ?? undefined,
      status: i.status,
      statusHistory: histories.filter((h) => h.item_id === i.id && ITEM_STATUSES.has(h.status)).map((h) => ({ status: h.status as Order['items'][number]['status'], date: iso(h.created_at) })),
    })),
    shippingAddress: address as Order['shippingAddress'],
    deliveryOption: order.delivery_option ?? undefined,
    riskFlag: order.risk_flag,
    groupId: latestReturn?.group_id,
    returnId: latestReturn?.id,
    codConfirmed: order.cod_confirmed ?? undefined,
  };
}
