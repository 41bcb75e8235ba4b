import {
  orderSchema,
  paymentMethodCodeSchema,
  paymentStatusValueSchema,
  type CountryCode,
  type OrderDetail,
  type OrderMoney,
  type OrderPaymentEntry,
  type Shipment,
  type TaxLine,
} from '@eyewear/api-client';
import { GST_RATE_OF, gstIncluded, TAX_NAME_OF } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { courierFor } from './courier/courier';
import { presentOrder, type OrderRow } from './order-data';
import { cents, money, presentRefund, type RefundRow } from './refund-ledger';

type Db = Pick<Database, 'query'>;

/** Balances spent on an order: payments, not price discounts (the refund ledger gives them back to themselves). */
const BALANCES: Record<string, OrderPaymentEntry['kind']> = { sc: 'storecredit', gv: 'giftvoucher', wallet: 'wallet', exchange: 'exchange' };
const DISCOUNT_TYPES = new Set<string>(orderSchema.shape.amount.shape.discounts.element.shape.type.options);
const PAYMENT_METHODS = new Set<string>(paymentMethodCodeSchema.options);
const PAYMENT_STATUSES = new Set<string>(paymentStatusValueSchema.options);
/** Refunds whose money is paid or on its way. */
const REFUNDED = new Set(['INITIATED', 'PROCESSING', 'COMPLETED']);

const iso = (v: Date | string) => new Date(v).toISOString();

/** The tax included in an amount, as an invoice lists it: India's GST in CGST and SGST halves, VAT or GST elsewhere, none where there is none. */
export function taxLinesOf(country: string, taxableCents: number): TaxLine[] {
  const rate = GST_RATE_OF[country as CountryCode] ?? 0;
  const name = TAX_NAME_OF[country as CountryCode] ?? null;
  if (rate <= 0 || name === null || taxableCents <= 0) return [];
  const tax = Math.round(gstIncluded(taxableCents, rate));
  if (country !== 'in') return [{ name, ratePercent: rate, amount: money(tax) }];
  const half = Math.floor(tax / 2);
  return [
    { name: 'CGST', ratePercent: rate / 2, amount: money(half) },
    { name: 'SGST', ratePercent: rate / 2, amount: money(tax - half) },
  ];
}

/**
 * An order's money as its page shows it (issue 42), from the same tables the refund ledger
 * reads: the gateway's payments, the balances spent on it (store credit, gift voucher, wallet,
 * exchange credit: payments, not discounts), the lens upgrades paid for its items later, and
 * every refund. The totals add up (orderMoneySchema).
 */
export async function moneyOf(db: Db, order: OrderRow): Promise<OrderMoney> {
  const discounts = order.discounts ?? [];
  const gateway = await db.query<{
    method: OrderPaymentEntry['method'] & string;
    amount: number;
    status: OrderPaymentEntry['status'];
    created_at: Date | string;
  }>('select method, amount::float as amount, status, created_at from order_payments where order_id = $1 order by created_at, id', [order.id]);
  // Cash on delivery is paid once the order was delivered (as the ledger counts it).
  const [delivered] = await db.query(`select 1 from order_status_history where order_id = $1 and status = 'DELIVERED' limit 1`, [order.id]);
  const lens = await db.query<{ item_id: number; method: OrderPaymentEntry['method'] & string; amount: number; created_at: Date | string }>(
    `select c.item_id, p.method, p.amount::float as amount, p.created_at
       from account_lens_changes c join order_payments p on p.order_id = c.payment_order_id and p.status = 'SUCCESS'
      where c.order_id = $1 and p.amount > 0 order by p.created_at, c.id`,
    [order.id],
  );
  const refundRows = await db.query<RefundRow>('select * from account_refunds where order_id = $1 order by id', [order.id]);

  const payments: OrderPaymentEntry[] = [];
  for (const p of gateway) {
    // A balance that paid the whole order leaves a zero payment row behind: the balance below is the payment.
    // A payment the schema cannot name (an older gateway's) is left out, as the order's own list leaves it out.
    if (cents(p.amount) <= 0 || !PAYMENT_METHODS.has(p.method) || !PAYMENT_STATUSES.has(p.status)) continue;
    const status = p.method === 'cod' && p.status === 'PENDING' && delivered ? 'SUCCESS' : p.status;
    payments.push({ kind: 'payment', method: p.method, amount: Number(p.amount), status, date: iso(p.created_at) });
  }
  for (const d of discounts) {
    const kind = BALANCES[d.type];
    if (kind && cents(d.amount) > 0) payments.push({ kind, amount: Number(d.amount), status: 'SUCCESS', date: iso(order.created_at) });
  }
  for (const l of lens) {
    payments.push({
      kind: 'lensupgrade',
      method: PAYMENT_METHODS.has(l.method) ? l.method : undefined,
      amount: Number(l.amount),
      status: 'SUCCESS',
      itemId: Number(l.item_id),
      date: iso(l.created_at),
    });
  }

  const priceDiscounts = discounts.filter((d) => !BALANCES[d.type]);
  const balancesCents = discounts.filter((d) => BALANCES[d.type]).reduce((sum, d) => sum + cents(d.amount), 0);
  const orderValue = cents(order.total) + balancesCents;
  const lensCents = lens.reduce((sum, l) => sum + cents(l.amount), 0);
  const paid = payments.filter((p) => p.status === 'SUCCESS').reduce((sum, p) => sum + cents(p.amount), 0);
  const refunds = refundRows.map(presentRefund);
  const refunded = refunds.filter((r) => REFUNDED.has(r.status)).reduce((sum, r) => sum + cents(r.amount), 0);
  const taxLines = taxLinesOf(order.country, orderValue - cents(order.shipping) + lensCents);
  return {
    itemsTotal: Number(order.sub_total),
    // A kind of discount the schema does not name is shown as a cart offer (as the order's own discounts are).
    discounts: priceDiscounts.map((d) => ({
      type: (DISCOUNT_TYPES.has(d.type) ? d.type : 'implicit') as OrderMoney['discounts'][number]['type'],
      ...(d.code ? { code: d.code } : {}),
      amount: Number(d.amount),
    })),
    shipping: Number(order.shipping),
    orderValue: money(orderValue),
    lensUpgrades: money(lensCents),
    charged: money(orderValue + lensCents),
    taxIncluded: money(taxLines.reduce((sum, t) => sum + cents(t.amount), 0)),
    taxLines,
    payments,
    paid: money(paid),
    refunds,
    refunded: money(refunded),
    net: money(paid - refunded),
  };
}

/** The parcel once an item has moved on with the courier (shipped or delivered): its courier, tracking number and dates. */
export async function shipmentOf(db: Db, order: OrderRow): Promise<Shipment | undefined> {
  const [moved] = await db.query<{ shipped: Date | string | null; delivered: Date | string | null }>(
    `select min(created_at) filter (where status = 'SHIPPED') as shipped, min(created_at) filter (where status = 'DELIVERED') as delivered
       from order_status_history where order_id = $1 and item_id is not null`,
    [order.id],
  );
  if (!moved?.shipped && !moved?.delivered) return undefined;
  const parcel = courierFor().parcelOf(Number(order.id));
  return {
    ...parcel,
    shippedAt: iso((moved.shipped ?? moved.delivered)!),
    ...(moved.delivered ? { deliveredAt: iso(moved.delivered) } : {}),
  };
}

/** The order as its own page shows it: the order, its money and its parcel. */
export async function presentOrderDetail(db: Db, order: OrderRow): Promise<OrderDetail> {
  const shipment = await shipmentOf(db, order);
  return { ...(await presentOrder(db, order)), money: await moneyOf(db, order), ...(shipment ? { shipment } : {}) };
}
