import { scheduleSimulatedReturn } from '../../jobs/simulated-courier';
import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { queueReturnRequested } from '../../messages/after-sales-messages';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { route } from '../../http/endpoint';
import { uploadOf } from '../../http/multipart';
import { countryOf, requireSession, type SessionRow } from '../../http/session';
import { eligibilityOf, refundMethodsOf, RETURN_CONFIG, returnConfigFor, returnReasonsOf } from './after-sales-rules';
import { pincodeInfo } from './address-routes';
import { storeFile } from './files';
import { itemsOf, ownedItem, ownedOrder, recordStatus, type ItemRow, type OrderRow } from './order-data';
import { chosenMethod, lockOrder, presentRefund, recordRefund, refundableFor, totalOf, type RefundRow } from './refund-ledger';
import { GOODS_BACK, presentReturn, type ReturnRow } from './return-progress';
import { orderUsingCredit } from '../cart/exchange-credit';

const returns = areaEndpoints.returns;
/** The purpose of a return photo among the session's files. */
const RETURN_PHOTO = 'return';

async function deliveredAt(db: Pick<Database, 'query'>, itemId: number): Promise<Date | null> {
  const [row] = await db.query<{ at: Date | string | null }>(
    `select max(created_at) as at from order_status_history where item_id = $1 and status = 'DELIVERED'`,
    [itemId],
  );
  return row?.at ? new Date(row.at) : null;
}

/** A refund method the order can be refunded by (400 naming refundMethod otherwise): with a refund only; a bank transfer once its details are given. */
async function checkRefundMethod(db: Pick<Database, 'query'>, order: OrderRow, returnMethod: string, refundMethod: string) {
  if (returnMethod !== 'refund') throw badRequest('A refund method is chosen for a refund only', 'refundMethod');
  const method = refundMethodsOf(order.payment_method, order.customer_id !== null).find((m) => m.method === refundMethod);
  if (!method?.enabled) throw badRequest('This refund method is not available for this order', 'refundMethod');
  if (refundMethod === 'neft') {
    const [neft] = await db.query('select 1 from account_neft where order_id = $1', [order.id]);
    if (!neft) throw badRequest('Please add your bank details first', 'refundMethod');
  }
}

export function returnRoutes(app: FastifyInstance, _db: Database) {
  async function eligibility(db: Database, item: ItemRow, order: OrderRow, withDetails = false) {
    return eligibilityOf(item, order, await deliveredAt(db, item.id), new Date(), RETURN_CONFIG, withDetails);
  }

  /** The open (or latest) return holding an item of the customer's. */
  async function returnOfItem(db: Database, session: SessionRow, itemId: number, openOnly = false) {
    const { item, order } = await ownedItem(db, session, itemId);
    const [row] = await db.query<ReturnRow>(
      `select * from account_returns where order_id = $1 and $2 = any(item_ids) ${openOnly ? `and status <> 'CANCELLED'` : ''} order by id desc limit 1`,
      [order.id, item.id],
    );
    return { item, order, row };
  }

  route(app, returns.config, async ({ request }) => ({ result: returnConfigFor(countryOf(request)) }));

  /** A photo of an item to return (the reasons with needsImage ask for one), kept as the session's file. */
  route(app, returns.uploadPhoto, async ({ request, db }) => {
    const session = await requireSession(db, request);
    const upload = uploadOf(request, 'file', 'Please choose a photo of the item');
    const fileName = await storeFile(db, request, session, upload, RETURN_PHOTO);
    return { result: { fileName, contentType: upload.mimetype } };
  });

  /** A return photo this session uploaded (the customer's, or the guest session's own). */
  async function ownPhoto(db: Database, session: SessionRow, fileName: string): Promise<boolean> {
    const [row] = await db.query(
      `select 1 from account_files where file_name = $1 and purpose = $4
       and ((customer_id is not null and customer_id = $2) or (customer_id is null and session_id = $3))`,
      [fileName, session.customer_id, session.id, RETURN_PHOTO],
    );
    return Boolean(row);
  }

  route(app, returns.eligibility, async ({ params, query, request, db }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId);
    const items = await itemsOf(db, order.id);
    const result = [];
    for (const item of items) {
      const check = await eligibility(db, item, order, query.fetchRefundExchangeDetails ?? false);
      // The amount is the ledger's: the item's share of what was paid, less what it already got.
      if (check.refundExchangeDetails) {
        const amount = totalOf(await refundableFor(db, order, [item.id]));
        check.refundExchangeDetails = { ...check.refundExchangeDetails, refundAmount: amount, exchangeCredit: amount };
      }
      result.push(check);
    }
    return { result };
  });

  route(app, returns.reasons, async ({ query }) => ({ result: { reasons: returnReasonsOf(query.classification) } }));

  route(app, returns.modes, async ({ query, request, db }) => {
    const session = await requireSession(db, request);
    const place = await pincodeInfo(db, query.pincode, session.country);
    const stores = await db.query<{ code: string; name: string; address: string; city: string }>(
      `select code, data->>'name' as name, data->>'address' as address, city from stores where country = $1 and left(pincode, 3) = left($2, 3) order by code limit 10`,
      [session.country, query.pincode],
    );
    const store = stores[0];
    return {
      result: {
        stores,
        modes: [
          { mode: 'pickup' as const, label: 'Free pickup from your address', available: place.serviceable },
          { mode: 'store_return' as const, label: 'Return at a store near you', available: Boolean(store) },
          { mode: 'self_ship' as const, label: 'Ship it to us yourself', available: true },
        ],
      },
    };
  });

  route(app, returns.serviceability, async ({ query, request, db }) => {
    const session = await requireSession(db, request);
    const place = await pincodeInfo(db, query.pincode, session.country);
    return { result: { pincode: place.pincode, serviceable: place.serviceable } };
  });

  route(app, returns.create, async ({ params, body, request, db }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId);
    const items = await itemsOf(db, order.id);
    for (const [index, wanted] of body.items.entries()) {
      const item = items.find((i) => i.id === wanted.itemId);
      if (!item) throw notFound('Order item not found');
      const check = await eligibility(db, item, order);
      if (!check.returnable) throw new HttpError(409, check.reason ?? 'This item cannot be returned', 'items', 'NOT_ELIGIBLE');
      if (body.returnMethod !== 'refund' && !check.isExchangeable) throw new HttpError(409, 'This item cannot be exchanged', 'returnMethod', 'NOT_ELIGIBLE');
      const reason = returnReasonsOf(item.classification).find((r) => r.id === wanted.reasonId);
      if (!reason) throw badRequest('Please choose a reason', 'items.reasonId');
      const photoField = `items.${index}.photoFileName`;
      if (reason.needsImage && !wanted.photoFileName) throw badRequest('Please add a photo of the item: this reason needs one', photoField);
      if (wanted.photoFileName && !(await ownPhoto(db, session, wanted.photoFileName))) throw badRequest('Please upload the photo again', photoField);
    }
    // The refund method asked with the return (issue 42: the form asks it before the return is made).
    if (body.refundMethod !== undefined) await checkRefundMethod(db, order, body.returnMethod, body.refundMethod);
    if (body.mode === 'pickup') {
      if (!body.pickupAddressId || session.customer_id === null) throw badRequest('Please choose a pickup address', 'pickupAddressId');
      const [address] = await db.query<{ postcode: string }>(`select data->>'postcode' as postcode from account_addresses where id = $1 and customer_id = $2`, [
        body.pickupAddressId,
        session.customer_id,
      ]);
      if (!address) throw notFound('No such address');
      if (!(await pincodeInfo(db, address.postcode, session.country)).serviceable)
        throw badRequest('Pickup is not available at this address', 'pickupAddressId');
    }
    if (body.mode === 'store_return') {
      const [store] = body.storeCode ? await db.query('select 1 from stores where code = $1 and country = $2', [body.storeCode, session.country]) : [];
      if (!store) throw badRequest('Please choose a store', 'storeCode');
    }
    const itemIds = [...new Set(body.items.map((i) => i.itemId))];
    const row = await db.transaction(async (tx) => {
      // The order's lock, then a conditional update: two requests for one item make one return.
      const locked = await lockOrder(tx, order.id);
      const moved = await tx.query<{ id: number }>(
        `update order_items set status = 'RETURN_REQUESTED' where order_id = $1 and id = any($2::int[]) and status in ('SHIPPED', 'DELIVERED') returning id`,
        [order.id, itemIds],
      );
      if (moved.length !== itemIds.length) throw new HttpError(409, 'A return was already requested for this item', 'items', 'NOT_ELIGIBLE');
      const [created] = await tx.query<ReturnRow>(
        `insert into account_returns (order_id, customer_id, group_id, status, item_ids, return_method, mode, pickup_address_id, store_code, refund_method, reasons, label_status)
         values ($1, $2, 'RG-' || nextval('account_returns_id_seq'), 'REQUESTED', $3, $4, $5, $6, $7, $8, $9, $10) returning *`,
        [
          order.id,
          session.customer_id,
          itemIds,
          body.returnMethod,
          body.mode,
          body.pickupAddressId ?? null,
          body.storeCode ?? null,
          body.refundMethod ?? null,
          JSON.stringify(body.items),
          body.mode === 'self_ship' ? 'PENDING' : 'GENERATED',
        ],
      );
      for (const id of itemIds) await recordStatus(tx, order.id, 'RETURN_REQUESTED', id, `return ${created!.group_id}`);
      // A refund chosen with the return is written now, in the ledger, and paid when the goods are
      // back (return-progress.ts), as one asked for afterwards (createRefund) is.
      if (body.returnMethod === 'refund' && body.refundMethod !== undefined) {
        for (const id of itemIds) {
          const lines = await refundableFor(tx, locked, [id]);
          if (lines.length === 0) continue;
          const method = chosenMethod(locked, lines, body.refundMethod);
          await recordRefund(tx, locked, lines, { method, kind: 'return', returnId: created!.id, itemId: id, pending: true });
        }
      }
      await queueReturnRequested(tx, order.id, created!.id, itemIds);
      // In local mode the simulated courier will pick it up (or receive it) and its refund be paid then.
      await scheduleSimulatedReturn(tx, created!.id, body.mode);
      return created!;
    });
    return { result: presentReturn(row) };
  });

  route(app, returns.cancel, async ({ params, request, db }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId);
    const updated = await db.transaction(async (tx) => {
      await lockOrder(tx, order.id);
      const [row] = await tx.query<ReturnRow>('select * from account_returns where id = $1 and order_id = $2 for update', [params.returnId, order.id]);
      if (!row) throw notFound('Return not found');
      if (row.status !== 'REQUESTED' && row.status !== 'PICKUP_SCHEDULED')
        throw new HttpError(409, 'This return can no longer be cancelled.', undefined, 'CONFLICT');
      const [refunded] = await tx.query(`select 1 from account_refunds where return_id = $1 and status not in ('PENDING', 'CANCELLED')`, [row.id]);
      if (refunded) throw new HttpError(409, 'This return has already been refunded.', undefined, 'CONFLICT');
      // An exchange whose credit paid a new order: keeping the frame as well would be paid twice.
      if (row.return_method === 'new_product') {
        for (const itemId of row.item_ids.map(Number)) {
          const used = await orderUsingCredit(tx, order.id, itemId);
          if (used) throw new HttpError(409, `This return paid for order ${used}: cancel that order first.`, undefined, 'CONFLICT');
        }
      }
      // Its refund was waiting for the goods; they are not coming.
      await tx.query(`update account_refunds set status = 'CANCELLED' where return_id = $1 and status = 'PENDING'`, [row.id]);
      const [next] = await tx.query<ReturnRow>(`update account_returns set status = 'CANCELLED', updated_at = now() where id = $1 returning *`, [row.id]);
      for (const id of row.item_ids) {
        // Back to where the item was before the return.
        const [before] = await tx.query<{ status: string }>(
          `select status from order_status_history where item_id = $1 and status not in ('RETURN_REQUESTED') order by id desc limit 1`,
          [id],
        );
        await tx.query('update order_items set status = $2 where id = $1', [id, before?.status ?? 'DELIVERED']);
        await recordStatus(tx, order.id, before?.status ?? 'DELIVERED', Number(id), `return ${row.group_id} cancelled`);
      }
      return next!;
    });
    return { result: presentReturn(updated) };
  });

  route(app, returns.labelStatus, async ({ params, request, db }) => {
    const session = await requireSession(db, request);
    const [row] = await db.query<ReturnRow>('select * from account_returns where group_id = $1', [params.groupId]);
    if (!row) throw notFound('Return not found');
    await ownedOrder(db, session, row.order_id).catch(() => {
      throw notFound('Return not found');
    });
    return {
      result: {
        groupId: row.group_id,
        status: row.label_status,
        labelUrl: row.label_status === 'GENERATED' ? `/api/v2/returns/label-status/${row.group_id}` : undefined,
      },
    };
  });

  route(app, returns.details, async ({ params, request, db }) => {
    const session = await requireSession(db, request);
    const { row } = await returnOfItem(db, session, params.itemId);
    if (!row) throw notFound('This item has no return');
    return { result: presentReturn(row) };
  });

  route(app, returns.refundMethods, async ({ params, request, db }) => {
    const session = await requireSession(db, request);
    const { order } = await ownedItem(db, session, params.itemId);
    return { result: { methods: refundMethodsOf(order.payment_method, order.customer_id !== null) } };
  });

  /** What the ledger would give back for the item now: its share of what was paid, less what it already got. */
  route(app, returns.refundEstimate, async ({ params, request, db }) => {
    const session = await requireSession(db, request);
    const { item, order } = await ownedItem(db, session, params.itemId);
    const amount = totalOf(await refundableFor(db, order, [item.id]));
    const methods = refundMethodsOf(order.payment_method, order.customer_id !== null).filter((m) => m.enabled);
    return { result: { itemId: item.id, amount, currencyCode: order.currency, breakdown: methods.map((m) => ({ method: m.method, amount })) } };
  });

  route(app, returns.createRefund, async ({ params, body, request, db }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId);
    const { item, row } = await returnOfItem(db, session, body.itemId, true);
    if (item.order_id !== order.id) throw notFound('Order item not found');
    if (!row) throw new HttpError(409, 'Please start a return for this item first.', 'itemId', 'CONFLICT');
    if (row.return_method !== 'refund') throw new HttpError(409, 'This item is being exchanged, not refunded.', 'itemId', 'CONFLICT');
    await checkRefundMethod(db, order, row.return_method, body.refundMethod);
    // Recorded now, paid when the goods are back (return-progress.ts): at once if they already are.
    const refunds = await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      const [current] = await tx.query<ReturnRow>('select * from account_returns where id = $1', [row.id]);
      if (!current || current.status === 'CANCELLED') throw new HttpError(409, 'Please start a return for this item first.', 'itemId', 'CONFLICT');
      const [existing] = await tx.query(`select 1 from account_refunds where return_id = $1 and item_id = $2 and status <> 'CANCELLED'`, [row.id, item.id]);
      if (existing) throw new HttpError(409, 'A refund was already requested for this item.', 'itemId', 'CONFLICT');
      const lines = await refundableFor(tx, locked, [item.id]);
      if (lines.length === 0) throw new HttpError(409, 'Nothing is left to refund for this item.', 'itemId', 'NOTHING_TO_REFUND');
      const method = chosenMethod(locked, lines, body.refundMethod);
      await tx.query(`update account_returns set refund_method = $2, updated_at = now() where id = $1`, [row.id, body.refundMethod]);
      const goodsBack = GOODS_BACK.has(current.status);
      const written = await recordRefund(tx, locked, lines, { method, kind: 'return', returnId: row.id, itemId: item.id, pending: !goodsBack });
      if (goodsBack) {
        const moved = await tx.query<{ id: number }>(
          `update order_items set status = 'REFUNDED' where id = $1 and status in ('RETURN_REQUESTED', 'RETURNED') returning id`,
          [item.id],
        );
        for (const m of moved) await recordStatus(tx, order.id, 'REFUNDED', m.id, `return ${row.group_id}`);
      }
      return written;
    });
    return { result: presentRefund(refunds[0]!) };
  });

  route(app, returns.refundDetails, async ({ params, request, db }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId);
    const rows = await db.query<RefundRow>('select * from account_refunds where order_id = $1 order by id', [order.id]);
    // Every way the order's money went back, pending ones included (one ledger, docs/adr/021).
    return { result: { refunds: rows.map(presentRefund) } };
  });
}
