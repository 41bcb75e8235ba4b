import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { queueCancellation } from '../../messages/after-sales-messages';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { route } from '../../http/endpoint';
import { checkAddressRule } from '../../http/address';
import { currentSession, requireSession } from '../../http/session';
import { CANCEL_REASONS, CANCELLABLE_ITEM, refundMethodsOf } from './after-sales-rules';
import { requireCustomer } from './auth-routes';
import { NOT_A_PAYMENT_ORDER } from './lens-changes';
import { itemsOf, orderRows, ownedOrder, presentOrder, presentTrackedOrder, recordStatus, type ItemRow, type OrderRow } from './order-data';
import { presentOrderDetail } from './order-money';
import { chosenMethod, lockOrder, recordRefund, refundableFor, totalOf, type Line } from './refund-ledger';
import { dropPendingLensChanges, putBackStock } from './stock';

const orders = areaEndpoints.orders;
const addresses = areaEndpoints.addresses;

const conflict = (message: string, field?: string) => new HttpError(409, message, field, 'CONFLICT');

/** What was paid online for an order (cash on delivery pays nothing before delivery). */
export async function paidOnline(db: Pick<Database, 'query'>, orderId: number): Promise<number> {
  const [row] = await db.query<{ paid: number }>(
    `select coalesce(sum(amount), 0)::float as paid from order_payments where order_id = $1 and status = 'SUCCESS' and method <> 'cod'`,
    [orderId],
  );
  return row?.paid ?? 0;
}

/** A lens change's payment order: its money goes back with the item it paid for, never on its own. */
async function isPaymentOrder(db: Pick<Database, 'query'>, orderId: number): Promise<boolean> {
  const [row] = await db.query('select 1 from account_lens_changes where payment_order_id = $1 limit 1', [orderId]);
  return row !== undefined;
}

/**
 * The items a cancel names (all open ones when none is named), checked as the cancel checks
 * them: 404 for an item not in the order, 409 for one cancelled or shipped, or for part of an
 * order not paid yet. The preview and the cancel itself say the same.
 */
function itemsToCancel(order: Pick<OrderRow, 'status'>, items: ItemRow[], itemIds: readonly number[] | undefined) {
  const wanted = itemIds?.length ? [...new Set(itemIds)] : items.filter((i) => i.status !== 'CANCELLED').map((i) => i.id);
  const chosen = wanted.map((id) => items.find((i) => i.id === id));
  if (chosen.some((i) => !i)) throw notFound('Order item not found');
  if (wanted.length === 0 || chosen.some((i) => i!.status === 'CANCELLED'))
    throw new HttpError(409, 'This item has already been cancelled.', 'itemIds', 'ALREADY_CANCELLED');
  if (chosen.some((i) => !CANCELLABLE_ITEM.has(i!.status))) throw conflict('This item has already been shipped and cannot be cancelled.', 'itemIds');
  // An unpaid order is cancelled whole (or left to expire): a later payment is for all of it.
  const whole = items.every((i) => i.status === 'CANCELLED' || wanted.includes(i.id));
  if (order.status === 'PENDING_PAYMENT' && !whole) throw conflict('This order is not paid yet: cancel the whole order, or pay it first.', 'itemIds');
  return { wanted, whole };
}

/** Where the ledger's lines go: the chosen way for what was paid online, in cash or for a lens upgrade; balances back to themselves. */
function destinationsOf(lines: readonly Line[], method: string | undefined) {
  const to = new Map<string, number>();
  for (const line of lines) {
    const where =
      line.instrument === 'sc' ? 'storecredit' : line.instrument === 'gv' ? 'giftvoucher' : line.instrument === 'wallet' ? 'wallet' : (method ?? 'source');
    to.set(where, (to.get(where) ?? 0) + Math.round(line.amount * 100));
  }
  return [...to].map(([method, amount]) => ({ method: method as 'source', amount: amount / 100 }));
}

export function orderRoutes(app: FastifyInstance, _db: Database) {
  route(app, orders.list, async ({ query, request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    const page = query.page ?? 0;
    const pageSize = query['page-size'] ?? 10;
    const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
      `select count(*)::int as count from orders where customer_id = $1 and ${NOT_A_PAYMENT_ORDER}`,
      [customerId],
    );
    const rows = await orderRows(db, `customer_id = $1 and ${NOT_A_PAYMENT_ORDER} order by created_at desc, id desc limit $2 offset $3`, [
      customerId,
      pageSize,
      page * pageSize,
    ]);
    const list = [];
    for (const row of rows) list.push(await presentOrder(db, row));
    return { result: { orders: list, totalOrder: count, page, pageSize } };
  });

  route(app, orders.latest, async ({ request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    const [row] = await db.query<OrderRow>(`select * from orders where customer_id = $1 and ${NOT_A_PAYMENT_ORDER} order by created_at desc, id desc limit 1`, [
      customerId,
    ]);
    return { result: row ? { id: row.id, createdAt: new Date(row.created_at).toISOString(), status: row.status } : null };
  });

  route(app, orders.get, async ({ params, request, db }) => {
    const session = await requireSession(db, request);
    return { result: await presentOrderDetail(db, await ownedOrder(db, session, params.orderId)) };
  });

  // Tracking from an e-mail or SMS link: the e-mail (or its SHA-1) is the only proof, so the
  // answer is the narrow tracked shape whoever asks; no session is needed.
  route(app, orders.track, async ({ params, query, request, db }) => {
    const session = await currentSession(db, request);
    return { result: await presentTrackedOrder(db, await ownedOrder(db, session, params.orderId, query)) };
  });

  route(app, orders.cancelReasons, async ({ params, request, db }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId);
    const paid = await paidOnline(db, order.id);
    const methods = paid > 0 ? refundMethodsOf(order.payment_method, order.customer_id !== null, 'cancel').filter((m) => m.method !== 'neft') : [];
    return { result: { reasons: CANCEL_REASONS, refundMethods: methods } };
  });

  /** What a cancel would refund and where, before the shopper confirms it: the ledger's answer now, nothing written. */
  route(app, orders.cancelPreview, async ({ params, query, request, db }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId);
    if (await isPaymentOrder(db, order.id)) throw conflict('This is the payment of a lens change; cancel the item of the order instead.');
    if (order.status === 'CANCELLED') throw new HttpError(409, 'This order has already been cancelled.', undefined, 'ALREADY_CANCELLED');
    const { wanted } = itemsToCancel(order, await itemsOf(db, order.id), query.itemIds);
    const lines = await refundableFor(db, order, wanted);
    const method = chosenMethod(order, lines, query.refundMethod);
    return {
      result: { orderId: order.id, itemIds: wanted, refundAmount: totalOf(lines), currencyCode: order.currency, refunds: destinationsOf(lines, method) },
    };
  });

  /**
   * Cancelling is a state transition done once (docs/adr/021): in ONE transaction the order's
   * row is locked, its items read again, the chosen ones moved to CANCELLED by a conditional
   * update, their stock put back, and the refund computed by the ledger from the items this
   * transaction cancelled. A second or concurrent cancel finds them cancelled: 409, no money.
   */
  route(app, orders.cancel, async ({ params, body, request, db }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId);
    const reason = CANCEL_REASONS.find((r) => r.id === body.reasonId);
    if (!reason) throw badRequest('Please choose a reason', 'reasonId');
    if (await isPaymentOrder(db, order.id)) throw conflict('This is the payment of a lens change; cancel the item of the order instead.');
    const outcome = await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      if (locked.status === 'CANCELLED') throw new HttpError(409, 'This order has already been cancelled.', undefined, 'ALREADY_CANCELLED');
      const { wanted, whole } = itemsToCancel(locked, await itemsOf(tx, order.id), body.itemIds);
      const moved = await tx.query<{ id: number; product_id: number; quantity: number }>(
        `update order_items set status = 'CANCELLED' where order_id = $1 and id = any($2::int[]) and status = any($3::text[]) returning id, product_id, quantity`,
        [order.id, wanted, [...CANCELLABLE_ITEM]],
      );
      if (moved.length !== wanted.length) throw new HttpError(409, 'This item has already been cancelled.', 'itemIds', 'ALREADY_CANCELLED');
      for (const item of moved) await recordStatus(tx, order.id, 'CANCELLED', item.id, reason.reason);
      await putBackStock(tx, moved);
      await dropPendingLensChanges(
        tx,
        moved.map((i) => i.id),
      );
      if (whole) {
        await tx.query(`update orders set status = 'CANCELLED', updated_at = now() where id = $1`, [order.id]);
        // A payment still open (UPI collect, QR, cash on delivery) can no longer settle.
        await tx.query(
          `update order_payments set status = 'CANCELLED', message = 'order cancelled', updated_at = now() where order_id = $1 and status = 'PENDING'`,
          [order.id],
        );
        await recordStatus(tx, order.id, 'CANCELLED', null, body.comment ?? null);
      }
      const lines = await refundableFor(tx, locked, wanted);
      const method = chosenMethod(locked, lines, body.refundMethod);
      if (method === 'neft') {
        const [neft] = await tx.query('select 1 from account_neft where order_id = $1', [order.id]);
        if (!neft) throw badRequest('Please add your bank details first', 'refundMethod');
      }
      const refunds = await recordRefund(tx, locked, lines, { method, kind: 'cancel', itemId: wanted.length === 1 ? wanted[0] : undefined });
      await queueCancellation(
        tx,
        order.id,
        wanted,
        refunds.map((refund) => refund.id),
      );
      return { wanted, refundAmount: totalOf(lines), method };
    });
    return {
      result: {
        orderId: order.id,
        cancelledItemIds: outcome.wanted,
        refundAmount: outcome.refundAmount,
        currencyCode: order.currency,
        refundMethod: outcome.method,
      },
    };
  });

  route(app, orders.confirmCod, async ({ params, request, db }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId);
    if (order.payment_method !== 'cod') throw conflict('Only cash on delivery orders need a confirmation.');
    if (order.status === 'CANCELLED') throw conflict('This order was cancelled.');
    await db.query('update orders set cod_confirmed = true, updated_at = now() where id = $1', [order.id]);
    return { result: { orderId: order.id, codConfirmed: true } };
  });

  route(app, orders.editNeft, async ({ params, body, request, db }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId);
    await db.query(`insert into account_neft (order_id, data) values ($1, $2) on conflict (order_id) do update set data = excluded.data, updated_at = now()`, [
      order.id,
      JSON.stringify(body),
    ]);
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

  route(app, addresses.updateOrderShippingAddress, async ({ params, body, request, db }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId);
    const items = await itemsOf(db, order.id);
    if (items.some((i) => !CANCELLABLE_ITEM.has(i.status) && i.status !== 'CANCELLED') || order.status === 'CANCELLED') {
      throw conflict('This order has already been shipped; its address cannot change.');
    }
    if (body.country !== order.country) throw badRequest('The new address must be in the country the order ships to', 'country');
    // The checkout's rule for the country (ADDRESS_RULES, issue 42): its postcode and state, none kept where it has none.
    const address = checkAddressRule(body);
    await db.query('update orders set shipping_address = $2, updated_at = now() where id = $1', [order.id, JSON.stringify(address)]);
    return { result: await presentOrder(db, await ownedOrder(db, session, order.id)) };
  });
}
