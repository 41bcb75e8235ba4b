import { type FastifyInstance } from 'fastify';
import { areaEndpoints, type LensPackage, type PowerType, type Prescription } from '@eyewear/api-client';
import { isCountryCode, MOBILE_RULES } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { route } from '../../http/endpoint';
import { requireSession, type SessionRow } from '../../http/session';
import { type SeedCoating, type SeedLensPackage } from '../../seed/types';
import { type Tx } from '../area';
import { CANCELLABLE_ITEM } from './after-sales-rules';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from './auth-routes';
import { oneTimeCode, sha256, takeCodeTry } from './credentials';
import { itemsOf, ownedOrder, presentOrder, recordStatus, type ItemRow, type OrderRow } from './order-data';
import { deliver, smsRecipient } from './outbox';

const prescriptions = areaEndpoints.prescriptions;

const conflict = (message: string, field?: string) => new HttpError(409, message, field, 'CONFLICT');
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Lens changes are for frames and sunglasses that have not shipped. */
const LENS_ITEMS = new Set(['eyeframe', 'sunglasses']);
export const MESSAGES = {
  shipped: 'This item has already been shipped; its lenses cannot change.',
  noLenses: 'This item takes no lens package.',
  wrongFrom: 'This item no longer has that lens package. Please reload the page.',
  samePackage: 'This item already has that lens package.',
  noPackage: 'This lens package is not offered for this item.',
  wrongPowerType: 'This item no longer has that power type. Please reload the page.',
  noOtp: 'Please request a new code.',
  wrongCode: 'The code you entered is incorrect.',
  expiredCode: 'The code has expired. Please update the power again.',
  tooManyTries: 'Too many wrong attempts. Please update the power again.',
} as const;

interface ChangeRow {
  id: number;
  to_package: number;
  to_power_type: string;
  amount: number;
  currency: string;
  payment_order_id: number | null;
  status: string;
}

const ownsBySession = (order: OrderRow, session: SessionRow) =>
  (order.customer_id !== null && order.customer_id === session.customer_id) || (order.customer_id === null && order.session_id === session.id);

async function packageRow(db: Pick<Database, 'query'>, id: number) {
  const [row] = await db.query<{ data: SeedLensPackage }>('select data from lens_packages where id = $1', [id]);
  return row?.data;
}

/** The frame type of the item's product: a package must fit it (as on the product page). */
async function frameTypeOf(db: Pick<Database, 'query'>, item: ItemRow): Promise<string | null> {
  const [row] = await db.query<{ frame_type: string | null }>(`select data->>'frameType' as frame_type from products where id = $1`, [item.product_id]);
  return row?.frame_type ?? null;
}
const fits = (pkg: SeedLensPackage, frameType: string | null) =>
  frameType === null || pkg.frameTypes.includes(frameType as SeedLensPackage['frameTypes'][number]);

const priceOf = (pkg: SeedLensPackage | undefined, country: string) => pkg?.prices.find((p) => p.country === country)?.price ?? 0;

function present(pkg: SeedLensPackage, coatings: SeedCoating[], country: string, currency: string): LensPackage {
  const at = (prices: { country: string; price: number }[]) => ({
    name: 'Selling Price',
    price: prices.find((p) => p.country === country)?.price ?? 0,
    currencyCode: currency as 'INR',
  });
  return {
    id: pkg.id,
    powerType: pkg.powerType.toUpperCase() as PowerType,
    name: pkg.name,
    description: pkg.description,
    index: pkg.index,
    features: pkg.features,
    prices: [at(pkg.prices)],
    expressAvailable: pkg.expressAvailable,
    frameTypes: pkg.frameTypes,
    coatings: coatings.filter((c) => c.packageId === pkg.id).map((c) => ({ id: c.id, packageId: c.packageId, name: c.name, prices: [at(c.prices)] })),
  };
}

/** The power type of a lens item: its own, else its package's, else single vision for frames. */
async function powerTypeOf(db: Pick<Database, 'query'>, item: ItemRow): Promise<PowerType> {
  if (item.power_type) return item.power_type.toUpperCase() as PowerType;
  const pkg = item.package_id ? await packageRow(db, item.package_id) : undefined;
  if (pkg) return pkg.powerType.toUpperCase() as PowerType;
  return item.classification === 'sunglasses' ? 'SUNGLASSES' : 'SINGLE_VISION';
}

/** The power type a package change keeps: the item's, or the one of a pending (paid-for) power-type change to that package. */
async function keptPowerType(db: Pick<Database, 'query'>, item: ItemRow, packageId: number): Promise<PowerType> {
  const [pending] = await db.query<ChangeRow>(`select * from account_lens_changes where item_id = $1 and status = 'PAYMENT_PENDING' order by id desc limit 1`, [
    item.id,
  ]);
  return pending && pending.to_package === packageId ? (pending.to_power_type as PowerType) : powerTypeOf(db, item);
}

async function lensItem(db: Database, request: Parameters<typeof requireSession>[1], orderId: number, itemId: number) {
  const session = await requireSession(db, request);
  const order = await ownedOrder(db, session, orderId);
  const item = (await itemsOf(db, order.id)).find((i) => i.id === itemId);
  if (!item) throw notFound('Order item not found');
  return { session, order, item };
}

function requireChangeable(item: ItemRow) {
  if (!LENS_ITEMS.has(item.classification)) throw conflict(MESSAGES.noLenses);
  if (!CANCELLABLE_ITEM.has(item.status)) throw conflict(MESSAGES.shipped);
}

/** Whether the order that collects a difference has been paid in full (cart area's tables). */
async function paid(db: Pick<Database, 'query'>, paymentOrderId: number, amount: number) {
  const [row] = await db.query<{ paid: number }>(
    `select coalesce(sum(amount), 0)::float as paid from order_payments where order_id = $1 and status = 'SUCCESS'`,
    [paymentOrderId],
  );
  return (row?.paid ?? 0) >= amount - 0.005;
}

async function itemOut(db: Pick<Database, 'query'>, session: SessionRow, order: OrderRow, itemId: number) {
  const fresh = await presentOrder(db, await ownedOrder(db, session, order.id));
  return fresh.items.find((i) => i.id === itemId)!;
}

async function apply(tx: Tx, order: OrderRow, item: ItemRow, to: { packageId: number; powerType: PowerType }, note: string) {
  const prescription = item.prescription ? { ...item.prescription, powerType: to.powerType } : null;
  await tx.query('update order_items set package_id = $2, coating_id = null, power_type = $3, prescription = $4 where id = $1', [
    item.id,
    to.packageId,
    to.powerType,
    prescription ? JSON.stringify(prescription) : null,
  ]);
  await recordStatus(tx, order.id, 'LENS_CHANGED', item.id, note);
}

/**
 * Moves an order item to another lens package (and with it, maybe, another power type). Not
 * dearer: applied at once (a cheaper package is not refunded). Dearer: the difference for the
 * item's quantity is collected by a payment order of the cart area's tables, which the shopper
 * pays through POST /v2/orders/payment (the cart's simulated gateways decide); calling again
 * after paying applies the change. A different target cancels an unpaid earlier one.
 */
async function changeLens(db: Database, session: SessionRow, order: OrderRow, item: ItemRow, to: { packageId: number; powerType: PowerType }) {
  requireChangeable(item);
  const target = await packageRow(db, to.packageId);
  if (
    !target ||
    target.powerType.toUpperCase() !== to.powerType ||
    (item.classification === 'sunglasses') !== (to.powerType === 'SUNGLASSES') ||
    !fits(target, await frameTypeOf(db, item))
  ) {
    throw badRequest(MESSAGES.noPackage, 'packageId');
  }
  if (item.package_id === to.packageId) throw conflict(MESSAGES.samePackage, 'packageId');
  const current = item.package_id ? await packageRow(db, item.package_id) : undefined;
  const amount = Math.max(0, round2((priceOf(target, order.country) - priceOf(current, order.country)) * item.quantity));
  const note = `${current?.name ?? 'no package'} -> ${target.name}`;
  const done = async () => ({ item: await itemOut(db, session, order, item.id), status: 'APPLIED' as const, amountDue: 0, currencyCode: order.currency });

  return db
    .transaction(async (tx) => {
      const [pending] = await tx.query<ChangeRow>(
        `select * from account_lens_changes where item_id = $1 and status = 'PAYMENT_PENDING' order by id desc limit 1 for update`,
        [item.id],
      );
      // A payment order cancelled unpaid (its payment window ran out) collects nothing any more: a new one is made.
      const [collector] = pending?.payment_order_id
        ? await tx.query<{ status: string }>('select status from orders where id = $1', [pending.payment_order_id])
        : [];
      const live = collector?.status !== 'CANCELLED';
      if (pending && live && pending.to_package === to.packageId && pending.payment_order_id !== null) {
        if (await paid(tx, pending.payment_order_id, pending.amount)) {
          await apply(tx, order, item, to, `${note} (difference paid, order ${pending.payment_order_id})`);
          await tx.query(`update account_lens_changes set status = 'APPLIED', applied_at = now() where id = $1`, [pending.id]);
          return 'applied' as const;
        }
        return { status: 'PAYMENT_PENDING' as const, amountDue: pending.amount, paymentOrderId: pending.payment_order_id };
      }
      if (pending) {
        await tx.query(`update account_lens_changes set status = 'CANCELLED' where id = $1`, [pending.id]);
        await tx.query(`update orders set status = 'CANCELLED', updated_at = now() where id = $1 and status = 'PENDING_PAYMENT'`, [pending.payment_order_id]);
      }
      const insert = (status: string, paymentOrderId: number | null) =>
        tx.query(
          `insert into account_lens_changes (order_id, item_id, from_package, to_package, from_power_type, to_power_type, amount, currency, payment_order_id, status, applied_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $10::text = 'APPLIED' then now() end)`,
          [order.id, item.id, item.package_id, to.packageId, item.power_type, to.powerType, amount, order.currency, paymentOrderId, status],
        );
      if (amount === 0) {
        await apply(tx, order, item, to, note);
        await insert('APPLIED', null);
        return 'applied' as const;
      }
      const [payment] = await tx.query<{ id: number }>(
        `insert into orders (customer_id, session_id, email, country, currency, status, sub_total, total_discount, total_tax, shipping, total, shipping_address, payment_method)
       values ($1, $2, $3, $4, $5, 'PENDING_PAYMENT', $6, 0, 0, 0, $6, $7, 'cc') returning id`,
        [
          order.customer_id,
          order.customer_id === null ? order.session_id : null,
          order.email,
          order.country,
          order.currency,
          amount,
          JSON.stringify(order.shipping_address),
        ],
      );
      await recordStatus(tx, payment!.id, 'PENDING_PAYMENT', null, `lens upgrade of order ${order.id}, item ${item.id}: ${note}`);
      await insert('PAYMENT_PENDING', payment!.id);
      return { status: 'PAYMENT_PENDING' as const, amountDue: amount, paymentOrderId: payment!.id };
    })
    .then(async (outcome) => (outcome === 'applied' ? done() : { item: await itemOut(db, session, order, item.id), currencyCode: order.currency, ...outcome }));
}

/** Orders that only collect a lens-change difference: not listed among the shopper's orders. */
export const NOT_A_PAYMENT_ORDER = `id not in (select payment_order_id from account_lens_changes where payment_order_id is not null)`;

export function itemRoutes(app: FastifyInstance, db: Database) {
  route(app, prescriptions.itemPrescription, async ({ params, query, request }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId, query);
    const [item] = await db.query<{ prescription: unknown }>('select prescription from order_items where id = $1 and order_id = $2', [params.itemId, order.id]);
    if (!item) throw notFound('Order item not found');
    return { result: (item.prescription ?? null) as never };
  });

  /**
   * The shopper's own order: applied at once. Proved only by the order's e-mail (a link from an
   * e-mail or SMS): held until the code sent to the order's phone is confirmed (PUT .../otp).
   */
  route(app, prescriptions.updateItemPrescription, async ({ params, query, body, request }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId, query);
    const item = (await itemsOf(db, order.id)).find((i) => i.id === params.itemId);
    if (!item) throw notFound('Order item not found');
    if (!CANCELLABLE_ITEM.has(item.status)) throw conflict('This item has already been shipped; its power cannot change.');
    const customer =
      session.customer_id !== null ? await db.query<{ first_name: string }>('select first_name from customers where id = $1', [session.customer_id]) : [];
    const prescription = { ...body, powerUpdatedBy: customer[0]?.first_name || 'customer' } as Prescription;
    if (ownsBySession(order, session)) {
      await db.query('update order_items set prescription = $2 where id = $1', [item.id, JSON.stringify(prescription)]);
      return { result: prescription };
    }
    const phone = order.shipping_address.phone;
    const rule = isCountryCode(order.country) ? MOBILE_RULES[order.country] : undefined;
    if (!phone || !rule) throw conflict('This order has no phone number to confirm the change with.');
    const code = oneTimeCode();
    const recipient = smsRecipient(rule.phoneCode, phone);
    await db.transaction(async (tx) => {
      await tx.query('update account_order_otps set consumed_at = now() where order_id = $1 and consumed_at is null', [order.id]);
      await tx.query(
        `insert into account_order_otps (order_id, item_id, prescription, recipient, code_hash, expires_at) values ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
        [order.id, item.id, JSON.stringify(prescription), recipient, sha256(`order${order.id}:${code}`), OTP_TTL_MINUTES],
      );
      await deliver(tx, {
        channel: 'sms',
        to: recipient,
        body: `${code} is your code to confirm the power update of order ${order.id}. It is valid for ${OTP_TTL_MINUTES} minutes.`,
        code,
      });
    });
    return { result: { ...prescription, otpRequired: true } };
  });

  /** Confirms a held power update with the code sent to the order's phone (single use, 5 minutes, 5 tries). */
  route(app, prescriptions.otp, async ({ params, query, request }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId, query.email ? { email: query.email } : {});
    const [otp] = await db.query<{ id: number; item_id: number; prescription: Prescription; code_hash: string; attempts: number; expired: boolean }>(
      `select id, item_id, prescription, code_hash, attempts, expires_at <= now() as expired from account_order_otps
        where order_id = $1 and consumed_at is null order by id desc limit 1`,
      [order.id],
    );
    if (!otp) throw badRequest(MESSAGES.noOtp, 'value');
    if (otp.attempts >= OTP_MAX_ATTEMPTS) throw new HttpError(429, MESSAGES.tooManyTries, 'value', 'OTP_LOCKED');
    if (otp.expired) throw badRequest(MESSAGES.expiredCode, 'value');
    const tries = await takeCodeTry(db, 'account_order_otps', otp.id, OTP_MAX_ATTEMPTS);
    if (tries === null) throw new HttpError(429, MESSAGES.tooManyTries, 'value', 'OTP_LOCKED');
    if (otp.code_hash !== sha256(`order${order.id}:${query.value}`)) {
      if (tries >= OTP_MAX_ATTEMPTS) throw new HttpError(429, MESSAGES.tooManyTries, 'value', 'OTP_LOCKED');
      throw badRequest(MESSAGES.wrongCode, 'value');
    }
    await db.transaction(async (tx) => {
      const used = await tx.query('update account_order_otps set consumed_at = now() where id = $1 and consumed_at is null returning id', [otp.id]);
      if (used.length === 0) throw badRequest(MESSAGES.noOtp, 'value');
      const [item] = await tx.query<{ status: string }>('select status from order_items where id = $1 for update', [otp.item_id]);
      if (!item || !CANCELLABLE_ITEM.has(item.status)) throw conflict('This item has already been shipped; its power cannot change.');
      await tx.query('update order_items set prescription = $2 where id = $1', [otp.item_id, JSON.stringify(otp.prescription)]);
    });
    return { result: { success: true } };
  });

  route(app, prescriptions.upgradeOptions, async ({ params, request }) => {
    const { order, item } = await lensItem(db, request, params.orderId, params.itemId);
    requireChangeable(item);
    const powerType = await powerTypeOf(db, item);
    const packages = await db.query<{ data: SeedLensPackage }>('select data from lens_packages where power_type = $1 order by id', [powerType.toLowerCase()]);
    const coatings = await db.query<{ data: SeedCoating }>('select data from coatings where package_id = any($1::int[]) order by id', [
      packages.map((p) => p.data.id),
    ]);
    const current = item.package_id ? await packageRow(db, item.package_id) : undefined;
    const base = priceOf(current, order.country);
    const frameType = await frameTypeOf(db, item);
    const offered = packages
      .map((p) => p.data)
      .filter((p) => fits(p, frameType) && p.id !== item.package_id && p.prices.some((x) => x.country === order.country) && priceOf(p, order.country) > base)
      .sort((a, b) => priceOf(a, order.country) - priceOf(b, order.country));
    const [pending] = await db.query<ChangeRow>(
      `select * from account_lens_changes where item_id = $1 and status = 'PAYMENT_PENDING' order by id desc limit 1`,
      [item.id],
    );
    return {
      result: {
        currentPackageId: item.package_id ?? undefined,
        powerType,
        currencyCode: order.currency,
        packages: offered.map((p) => ({
          ...present(
            p,
            coatings.map((c) => c.data),
            order.country,
            order.currency,
          ),
          priceDifference: round2((priceOf(p, order.country) - base) * item.quantity),
        })),
        pending: pending?.payment_order_id
          ? { toPackageId: pending.to_package, amountDue: pending.amount, paymentOrderId: pending.payment_order_id }
          : undefined,
      },
    };
  });

  route(app, prescriptions.upgradePackage, async ({ params, query, request }) => {
    const { session, order, item } = await lensItem(db, request, params.orderId, params.itemId);
    if ((item.package_id ?? -1) !== query.updateFrom) throw conflict(MESSAGES.wrongFrom, 'updateFrom');
    const target = await packageRow(db, query.updateTo);
    if (!target) throw badRequest(MESSAGES.noPackage, 'updateTo');
    return { result: await changeLens(db, session, order, item, { packageId: target.id, powerType: await keptPowerType(db, item, target.id) }) };
  });

  route(app, prescriptions.updatePackage, async ({ params, body, request }) => {
    const { session, order, item } = await lensItem(db, request, params.orderId, params.itemId);
    return { result: await changeLens(db, session, order, item, { packageId: body.packageId, powerType: await keptPowerType(db, item, body.packageId) }) };
  });

  /** A new power type needs a package of that type: the cheapest one (the page then offers upgrades). */
  route(app, prescriptions.updatePowerType, async ({ params, query, request }) => {
    const { session, order, item } = await lensItem(db, request, params.orderId, params.itemId);
    requireChangeable(item);
    if ((await powerTypeOf(db, item)) !== query.from) throw conflict(MESSAGES.wrongPowerType, 'from');
    if (query.from === query.to) throw conflict(MESSAGES.samePackage, 'to');
    const packages = await db.query<{ data: SeedLensPackage }>('select data from lens_packages where power_type = $1 order by id', [query.to.toLowerCase()]);
    const frameType = await frameTypeOf(db, item);
    const cheapest = packages
      .map((p) => p.data)
      .filter((p) => fits(p, frameType) && p.prices.some((x) => x.country === order.country))
      .sort((a, b) => priceOf(a, order.country) - priceOf(b, order.country))[0];
    if (!cheapest) throw badRequest(MESSAGES.noPackage, 'to');
    return { result: await changeLens(db, session, order, item, { packageId: cheapest.id, powerType: query.to }) };
  });
}
