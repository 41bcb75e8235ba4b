import { type LensPackage, type PowerType, type PowerTypeAdditions } from '@eyewear/api-client';
import { eyePowerProblems, needsAddition, POWER_LATER, powerProblemText, SPECTACLE_POWER_RANGES, formatPower } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { badRequest, conflict, notFound } from '../../http/errors';
import { requireSession, type SessionRow } from '../../http/session';
import { type SeedCoating, type SeedLensPackage } from '../../seed/types';
import { type Tx } from '../area';
import { CANCELLABLE_ITEM } from './after-sales-rules';
import { itemsOf, ownedOrder, presentOrder, recordStatus, type ItemRow, type OrderRow } from './order-data';

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Lens changes are for frames and sunglasses that have not shipped. */
const LENS_ITEMS = new Set(['eyeframe', 'sunglasses']);
export const LENS_MESSAGES = {
  shipped: 'This item has already been shipped; its lenses cannot change.',
  noLenses: 'This item takes no lens package.',
  wrongFrom: 'This item no longer has that lens package. Please reload the page.',
  samePackage: 'This item already has that lens package.',
  noPackage: 'This lens package is not offered for this item.',
  wrongPowerType: 'This item no longer has that power type. Please reload the page.',
} as const;

/** A lens change's target: its package and power type, and for bifocal or progressive lenses each eye's ADD. */
export interface LensTarget {
  packageId: number;
  powerType: PowerType;
  additions?: PowerTypeAdditions | null;
}

const EYES = ['right', 'left'] as const;
/** Whether an eye of a prescription has a power to go with an ADD (a sphere typed, not "power later"). */
const hasPower = (eye: { sph?: string } | undefined) => Boolean(eye?.sph && eye.sph !== POWER_LATER);

/**
 * The ADD of each eye a change to `to` carries (issue 42: a change to progressive never asked
 * it): for a type that needs one, each eye with a power must have one, sent now or already in
 * the item's prescription, in the type's range; for any other type none may be sent. 400 at the
 * eye's field otherwise.
 */
export function additionsFor(item: ItemRow, to: PowerType, sent: PowerTypeAdditions | undefined): PowerTypeAdditions | null {
  const needs = needsAddition(to);
  const out: PowerTypeAdditions = {};
  for (const eye of EYES) {
    const given = sent?.[eye]?.ap;
    if (!needs) {
      if (given) throw badRequest(`${eye}.ap: ${powerProblemText({ reason: 'noAddition' })}`, `${eye}.ap`);
      continue;
    }
    const current = item.prescription?.[eye];
    const ap = given ?? current?.ap;
    if (!hasPower(current)) continue;
    if (!ap || ap === POWER_LATER) {
      const range = SPECTACLE_POWER_RANGES[to as 'BIFOCAL' | 'PROGRESSIVE'].ap!;
      throw badRequest(`${eye}.ap: Choose the ADD power of the ${eye} eye (${formatPower(range[0])} to ${formatPower(range[1])})`, `${eye}.ap`);
    }
    const problem = eyePowerProblems({ ap }, to).ap;
    if (problem) throw badRequest(`${eye}.ap: ${powerProblemText(problem)}`, `${eye}.ap`);
    out[eye] = { ap };
  }
  return needs && Object.keys(out).length > 0 ? out : null;
}
export interface ChangeRow {
  id: number;
  /** Each eye's ADD a change to bifocal or progressive carries (issue 42). */
  additions: PowerTypeAdditions | null;
  to_package: number;
  to_power_type: string;
  amount: number;
  currency: string;
  payment_order_id: number | null;
  status: string;
}

export async function packageRow(db: Pick<Database, 'query'>, id: number) {
  const [row] = await db.query<{ data: SeedLensPackage }>('select data from lens_packages where id = $1', [id]);
  return row?.data;
}

/** The frame type of the item's product: a package must fit it (as on the product page). */
export async function frameTypeOf(db: Pick<Database, 'query'>, item: ItemRow): Promise<string | null> {
  const [row] = await db.query<{ frame_type: string | null }>(`select data->>'frameType' as frame_type from products where id = $1`, [item.product_id]);
  return row?.frame_type ?? null;
}
export const fits = (pkg: SeedLensPackage, frameType: string | null) =>
  frameType === null || pkg.frameTypes.includes(frameType as SeedLensPackage['frameTypes'][number]);

export const priceOf = (pkg: SeedLensPackage | undefined, country: string) => pkg?.prices.find((p) => p.country === country)?.price ?? 0;

export function present(pkg: SeedLensPackage, coatings: SeedCoating[], country: string, currency: string): LensPackage {
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
export async function powerTypeOf(db: Pick<Database, 'query'>, item: ItemRow): Promise<PowerType> {
  if (item.power_type) return item.power_type.toUpperCase() as PowerType;
  const pkg = item.package_id ? await packageRow(db, item.package_id) : undefined;
  if (pkg) return pkg.powerType.toUpperCase() as PowerType;
  return item.classification === 'sunglasses' ? 'SUNGLASSES' : 'SINGLE_VISION';
}

/** The power type a package change keeps: the item's, or the one of a pending (paid-for) power-type change to that package. */
export async function keptPowerType(db: Pick<Database, 'query'>, item: ItemRow, packageId: number): Promise<PowerType> {
  const [pending] = await db.query<ChangeRow>(`select * from account_lens_changes where item_id = $1 and status = 'PAYMENT_PENDING' order by id desc limit 1`, [
    item.id,
  ]);
  return pending && pending.to_package === packageId ? (pending.to_power_type as PowerType) : powerTypeOf(db, item);
}

/** The session's order and its item named in the path (404 when the item is not in it). */
export async function lensItem(db: Database, request: Parameters<typeof requireSession>[1], orderId: number, itemId: number) {
  const session = await requireSession(db, request);
  const order = await ownedOrder(db, session, orderId);
  const item = (await itemsOf(db, order.id)).find((i) => i.id === itemId);
  if (!item) throw notFound('Order item not found');
  return { session, order, item };
}

export function requireChangeable(item: ItemRow) {
  if (!LENS_ITEMS.has(item.classification)) throw conflict(LENS_MESSAGES.noLenses);
  if (!CANCELLABLE_ITEM.has(item.status)) throw conflict(LENS_MESSAGES.shipped);
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

/**
 * The item's prescription under its new power type: each eye's ADD where the type has one (the
 * change's, else the one it had), none where it has not.
 */
function prescriptionUnder(prescription: ItemRow['prescription'], to: LensTarget): ItemRow['prescription'] {
  if (!prescription) return null;
  const withAdd = needsAddition(to.powerType);
  const eye = (side: (typeof EYES)[number]) => {
    const { ap, ...rest } = prescription[side] ?? {};
    const kept = withAdd ? (to.additions?.[side]?.ap ?? ap) : undefined;
    return kept ? { ...rest, ap: kept } : rest;
  };
  return { ...prescription, powerType: to.powerType, right: eye('right'), left: eye('left') };
}

async function apply(tx: Tx, order: OrderRow, item: ItemRow, to: LensTarget, note: string) {
  const prescription = prescriptionUnder(item.prescription, to);
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
export async function changeLens(db: Database, session: SessionRow, order: OrderRow, item: ItemRow, to: LensTarget) {
  requireChangeable(item);
  const target = await packageRow(db, to.packageId);
  if (
    !target ||
    target.powerType.toUpperCase() !== to.powerType ||
    (item.classification === 'sunglasses') !== (to.powerType === 'SUNGLASSES') ||
    !fits(target, await frameTypeOf(db, item))
  ) {
    throw badRequest(LENS_MESSAGES.noPackage, 'packageId');
  }
  if (item.package_id === to.packageId) throw conflict(LENS_MESSAGES.samePackage, 'packageId');
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
          // The ADD asked with the change (issue 42) applies with it.
          await apply(tx, order, item, { ...to, additions: to.additions ?? pending.additions }, `${note} (difference paid, order ${pending.payment_order_id})`);
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
          `insert into account_lens_changes (order_id, item_id, from_package, to_package, from_power_type, to_power_type, amount, currency, payment_order_id, status, applied_at, additions)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $10::text = 'APPLIED' then now() end, $11)`,
          [
            order.id,
            item.id,
            item.package_id,
            to.packageId,
            item.power_type,
            to.powerType,
            amount,
            order.currency,
            paymentOrderId,
            status,
            to.additions ? JSON.stringify(to.additions) : null,
          ],
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
