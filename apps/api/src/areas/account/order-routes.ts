import { randomBytes } from 'node:crypto';
import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { route } from '../../http/endpoint';
import { checkPincode } from '../../http/pincode';
import { currentSession, requireSession } from '../../http/session';
import { type Tx } from '../area';
import { CANCEL_REASONS, CANCELLABLE_ITEM, refundMethodsOf } from './after-sales-rules';
import { requireCustomer } from './auth-routes';
import { NOT_A_PAYMENT_ORDER } from './item-routes';
import { itemsOf, ownedOrder, presentOrder, presentTrackedOrder, recordStatus, type OrderRow } from './order-data';

const orders = areaEndpoints.orders;
const addresses = areaEndpoints.addresses;

const conflict = (message: string, field?: string) => new HttpError(409, message, field, 'CONFLICT');

/** What was paid online for an order (cash on delivery pays nothing before delivery). */
export async function paidOnline(db: Pick<Database, 'query'>, orderId: number): Promise<number> {
  const [row] = await db.query<{ paid: number }>(`select coalesce(sum(amount), 0)::float as paid from order_payments where order_id = $1 and status = 'SUCCESS' and method <> 'cod'`, [orderId]);
  return row?.paid ?? 0;
}

/** Store credit issued as a refund lands in the cart area's store-credit tables, where checkout spends it. */
export async function issueStoreCredit(tx: Tx, customerId: number, currency: string, amount: number, orderId: number) {
  const code = `SC${randomBytes(5).toString('hex').toUpperCase()}`;
  await tx.query(`insert into store_credits (code, customer_id, currency, balance, expires_at) values ($1, $2, $3, $4, now() + interval '365 days')`, [code, customerId, currency, amount]);
  await tx.query(`insert into store_credit_entries (code, order_id, amount, reason) values ($1, $2, $3, 'refund')`, [code, orderId, amount]);
  return code;
}

export function orderRoutes(app: FastifyInstance, db: Database) {
  route(app, orders.list, async ({ query, request }) => {
    const { customerId } = await requireCustomer(db, request);
    const page = query.page ?? 0;
    const pageSize = query['page-size'] ?? 10;
    const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`select count(*)::int as count from orders where customer_id = $1 and ${NOT_A_PAYMENT_ORDER}`, [customerId]);
    const rows = await db.query<OrderRow>(`select * from orders where customer_id = $1 and ${NOT_A_PAYMENT_ORDER} order by created_at desc, id desc limit $2 offset $3`, [customerId, pageSize, page * pageSize]);
    const list = [];
    for (const row of rows) list.push(await presentOrder(db, row));
    return { result: { orders: list, totalOrder: count, page, pageSize } };
  });

  route(app, orders.latest, async ({ request }) => {
    const { customerId } = await requireCustomer(db, request);
    const [row] = await db.query<OrderRow>(`select * from orders where customer_id = $1 and ${NOT_A_PAYMENT_ORDER} order by created_at desc, id desc limit 1`, [customerId]);
    return { result: row ? { id: row.id, createdAt: new Date(row.created_at).toISOString(), status: row.status } : null };
  });

  route(app, orders.get, async ({ params, request }) => {
    const session = await requireSession(db, request);
    return { result: await presentOrder(db, await ownedOrder(db, session, params.orderId)) };
  });

  // Tracking from an e-mail or SMS link: the e-mail (or its SHA-1) is the only proof, so the
  // answer is the narrow tracked shape whoever asks; no session is needed.
  route(app, orders.track, async ({ params, query, request }) => {
    const session = await currentSession(db, request);
    return { result: await presentTrackedOrder(db, await ownedOrder(db, session, params.orderId, query)) };
  });

  route(app, orders.cancelReasons, async ({ params, request }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId);
    const paid = await paidOnline(db, order.id);
    const methods = paid > 0 ? refundMethodsOf(order.payment_method, order.customer_id !== null).filter((m) => m.method !== 'neft') : [];
    return { result: { reasons: CANCEL_REASONS, refundMethods: methods } };
  });

  route(app, orders.cancel, async ({ params, body, request }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId);
    if (!CANCEL_REASONS.some((r) => r.id === body.reasonId)) throw badRequest('Please choose a reason', 'reasonId');
    const items = await itemsOf(db, order.id);
    const wanted = body.itemIds?.length ? body.itemIds : items.filter((i) => i.status !== 'CANCELLED').map((i) => i.id);
    const chosen = wanted.map((id) => items.find((i) => i.id === id));
    if (chosen.some((i) => !i)) throw notFound('Order item not found');
    if (chosen.some((i) => !CANCELLABLE_ITEM.has(i!.status))) throw conflict('This item has already been shipped and cannot be cancelled.', 'itemIds');
    const paid = await paidOnline(db, order.id);
    const allCancelled = items.every((i) => i.status === 'CANCELLED' || wanted.includes(i.id));
    const itemsTotal = chosen.reduce((sum, i) => sum + Number(i!.total), 0);
    const refundAmount = paid > 0 ? Math.min(paid, allCancelled ? paid : itemsTotal) : 0;
    const refundMethod = refundAmount > 0 ? (body.refundMethod ?? 'source') : undefined;
    if (refundMethod === 'storecredit' && order.customer_id === null) throw badRequest('Store credit needs an account', 'refundMethod');
    if (refundMethod && !['source', 'storecredit'].includes(refundMethod)) throw badRequest('Please choose how to be refunded', 'refundMethod');
    await db.transaction(async (tx) => {
      for (const item of chosen) {
        await tx.query(`update order_items set status = 'CANCELLED' where id = $1`, [item!.id]);
        await recordStatus(tx, order.id, 'CANCELLED', item!.id, CANCEL_REASONS.find((r) => r.id === body.reasonId)!.reason);
      }
      if (allCancelled) {
        await tx.query(`update orders set status = 'CANCELLED', updated_at = now() where id = $1`, [order.id]);
        await recordStatus(tx, order.id, 'CANCELLED', null, body.comment ?? null);
      }
      if (refundMethod) {
        if (refundMethod === 'storecredit') await issueStoreCredit(tx, order.customer_id!, order.currency, refundAmount, order.id);
        await tx.query(`insert into account_refunds (order_id, method, amount, currency, status) values ($1, $2, $3, $4, $5)`, [
          order.id,
          refundMethod,
          refundAmount,
          order.currency,
          refundMethod === 'storecredit' ? 'COMPLETED' : 'INITIATED',
        ]);
      }
    });
    return { result: { orderId: order.id, cancelledItemIds: wanted, refundAmount, currencyCode: order.currency, refundMethod } };
  });

  route(app, orders.confirmCod, async ({ params, request }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId);
    if (order.payment_method !== 'cod') throw conflict('Only cash on delivery orders need a confirmation.');
    if (order.status === 'CANCELLED') throw conflict('This order was cancelled.');
    await db.query('update orders set cod_confirmed = true, updated_at = now() where id = $1', [order.id]);
    return { result: { orderId: order.id, codConfirmed: true } };
  });

  route(app, orders.editNeft, async ({ params, body, request }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId);
    await db.query(
      `insert into account_neft (order_id, data) values ($1, $2) on conflict (order_id) do update set data = excluded.data, updated_at = now()`,
      [order.id, JSON.stringify(body)],
    );
    return { result: { success: true, message: 'Your bank details have been saved.' } };
  });

  route(app, orders.pfuPdRules, async () => ({
    result: {
      rules: [
        { powerType: 'SINGLE_VISION', minPd: 50, maxPd: 80, required: false },
        { powerType: 'BIFOCAL', minPd: 50, maxPd: 80, required: true },
        { powerType: 'PROGRESSIVE', minPd: 50, maxPd: 80, required: true },
      ],
    },
  }));

  route(app, addresses.updateOrderShippingAddress, async ({ params, body, request }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId);
    const items = await itemsOf(db, order.id);
    if (items.some((i) => !CANCELLABLE_ITEM.has(i.status) && i.status !== 'CANCELLED') || order.status === 'CANCELLED') {
      throw conflict('This order has already been shipped; its address cannot change.');
    }
    if (body.country !== order.country) throw badRequest('The new address must be in the country the order ships to', 'country');
    checkPincode(body.country, body.postcode, 'postcode');
    await db.query('update orders set shipping_address = $2, updated_at = now() where id = $1', [order.id, JSON.stringify(body)]);
    return { result: await presentOrder(db, await ownedOrder(db, session, order.id)) };
  });
}
