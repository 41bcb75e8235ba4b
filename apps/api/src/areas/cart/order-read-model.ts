import { createHash } from 'node:crypto';
import {
  addressInputSchema,
  orderItemSchema,
  orderItemStatusSchema,
  orderSchema,
  paymentMethodCodeSchema,
  paymentStatusValueSchema,
  type Order,
} from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { notFound } from '../../http/errors';
import { type SessionRow } from '../../http/session';

/**
 * The one read model of an order (issue 18, item 9): what an order row is and how it is shown,
 * for every area that shows one. The cart area writes the order tables (041_cart_orders:
 * orders, order_items, order_payments, order_status_history) and answers the order after
 * payment; the account area answers the order list, the detail and tracking, and records its
 * after-sales changes. Both read an order here, so both show the same order the same way.
 */
export interface OrderRow {
  id: number;
  customer_id: number | null;
  session_id: string | null;
  email: string;
  country: string;
  status: Order['status'];
  currency: Order['amount']['currencyCode'];
  sub_total: number;
  total_discount: number;
  total_tax: number;
  shipping: number;
  total: number;
  discounts: { type: string; code?: string; amount: number }[];
  shipping_address: Order['shippingAddress'];
  delivery_option: string | null;
  payment_method: string;
  cod_confirmed: boolean | null;
  risk_flag: boolean;
  /**
   * estimated_delivery and membership_ends_on as YYYY-MM-DD (dates, not instants): there when
   * the row was read here (ownedOrder, orderRows), not in a plain `select *`.
   */
  est?: string | null;
  mem?: string | null;
  created_at: Date | string;
}

/** A row of order_items. */
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
  /** The cart item's options at order time ([{type, name, oid, catalogPrices}]). */
  options: { type: string; name: string }[] | null;
  power_submission: string | null;
  status: Order['items'][number]['status'];
}

type Db = Pick<Database, 'query'>;
type Discount = Order['amount']['discounts'][number];

const SELECT_ORDER = `select o.*, to_char(o.estimated_delivery, 'YYYY-MM-DD') as est, to_char(o.membership_ends_on, 'YYYY-MM-DD') as mem from orders o`;
const DISCOUNT_TYPES = new Set<string>(orderSchema.shape.amount.shape.discounts.element.shape.type.options);
const ITEM_STATUSES = new Set<string>(orderItemStatusSchema.options);
const PAYMENT_METHODS = new Set<string>(paymentMethodCodeSchema.options);
const PAYMENT_STATUSES = new Set<string>(paymentStatusValueSchema.options);
const POWER_SUBMISSIONS = new Set<string>(orderItemSchema.shape.powerSubmission.unwrap().options);
/** The address as the shopper gave it (the stored JSON may carry more). */
const ADDRESS_KEYS = [...Object.keys(addressInputSchema.shape), 'addressId'];

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * An order this session may see: the customer's, or the guest session's that placed it, or
 * (order tracking from an e-mail or SMS link) one whose e-mail the caller knows. Else 404,
 * the same answer as for an order that does not exist. The e-mail proof is weak: callers
 * holding only it get the tracked view (account's presentTrackedOrder), never the whole order.
 */
export async function ownedOrder(db: Db, session: SessionRow | null, orderId: number, proof: { email?: string; sha1Email?: string } = {}): Promise<OrderRow> {
  const [order] = await db.query<OrderRow>(`${SELECT_ORDER} where o.id = $1`, [orderId]);
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

/** Order rows matching a condition on `orders` (alias `o`), as presentOrder reads them. */
export async function orderRows(db: Db, condition: string, values: unknown[]): Promise<OrderRow[]> {
  return db.query<OrderRow>(`${SELECT_ORDER} where ${condition}`, values);
}

/** The whole order (orderSchema): amounts, payments, items with their status history, address, dates. */
export async function presentOrder(db: Db, order: OrderRow): Promise<Order> {
  const items = await db.query<ItemRow>('select * from order_items where order_id = $1 order by id', [order.id]);
  const histories = await db.query<{ item_id: number; status: Order['items'][number]['status']; created_at: Date | string }>(
    'select item_id, status, created_at from order_status_history where order_id = $1 and item_id is not null order by id',
    [order.id],
  );
  const payments = await db.query<{
    method: Order['payments']['paymentList'][number]['method'];
    amount: number;
    status: Order['payments']['paymentList'][number]['status'];
  }>('select method, amount, status from order_payments where order_id = $1 order by created_at, id', [order.id]);
  // The account area's returns of this order (read only): the latest one links the order to it.
  const [latestReturn] = await db.query<{ id: number; group_id: string }>(
    'select id, group_id from account_returns where order_id = $1 order by id desc limit 1',
    [order.id],
  );
  const stored = order.shipping_address as Record<string, unknown>;
  const address = Object.fromEntries(ADDRESS_KEYS.filter((key) => stored[key] !== undefined).map((key) => [key, stored[key]]));
  return {
    id: order.id,
    createdAt: iso(order.created_at),
    status: order.status,
    amount: {
      total: order.total,
      totalTax: order.total_tax,
      shipping: order.shipping,
      currencyCode: order.currency,
      // A kind of discount the schema does not name is shown as a cart offer.
      discounts: order.discounts.map((d) => ({ type: (DISCOUNT_TYPES.has(d.type) ? d.type : 'implicit') as Discount['type'], code: d.code, amount: d.amount })),
    },
    payments: {
      paymentList: payments
        .filter((p) => PAYMENT_METHODS.has(p.method) && PAYMENT_STATUSES.has(p.status))
        .map((p) => ({ method: p.method, amount: p.amount, status: p.status })),
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
      packageName: i.options?.find((o) => o.type === 'PACKAGE')?.name,
      powerSubmission:
        i.power_submission && POWER_SUBMISSIONS.has(i.power_submission) ? (i.power_submission as Order['items'][number]['powerSubmission']) : undefined,
      status: i.status,
      statusHistory: histories.filter((h) => h.item_id === i.id && ITEM_STATUSES.has(h.status)).map((h) => ({ status: h.status, date: iso(h.created_at) })),
    })),
    shippingAddress: address as Order['shippingAddress'],
    deliveryOption: order.delivery_option ?? undefined,
    riskFlag: order.risk_flag,
    groupId: latestReturn?.group_id,
    returnId: latestReturn?.id,
    codConfirmed: order.cod_confirmed ?? undefined,
    estimatedDelivery: order.est ?? undefined,
    membershipEndsOn: order.mem ?? undefined,
    subTotal: order.sub_total,
    totalDiscount: order.total_discount,
  };
}
