import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { badRequest, conflict } from '../../http/errors';
import { route } from '../../http/endpoint';
import { type SeedCoating, type SeedLensPackage } from '../../seed/types';
import {
  additionsFor,
  changeLens,
  fits,
  frameTypeOf,
  keptPowerType,
  lensItem,
  LENS_MESSAGES,
  packageRow,
  powerTypeOf,
  present,
  priceOf,
  requireChangeable,
  round2,
  type ChangeRow,
} from './lens-changes';

const prescriptions = areaEndpoints.prescriptions;

/** An order item's lens package: the upgrades offered, a package change, a power-type change (ADR 017). */
export function lensChangeRoutes(app: FastifyInstance, _db: Database) {
  route(app, prescriptions.upgradeOptions, async ({ params, request, db }) => {
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

  route(app, prescriptions.upgradePackage, async ({ params, query, request, db }) => {
    const { session, order, item } = await lensItem(db, request, params.orderId, params.itemId);
    if ((item.package_id ?? -1) !== query.updateFrom) throw conflict(LENS_MESSAGES.wrongFrom, 'updateFrom');
    const target = await packageRow(db, query.updateTo);
    if (!target) throw badRequest(LENS_MESSAGES.noPackage, 'updateTo');
    return { result: await changeLens(db, session, order, item, { packageId: target.id, powerType: await keptPowerType(db, item, target.id) }) };
  });

  route(app, prescriptions.updatePackage, async ({ params, body, request, db }) => {
    const { session, order, item } = await lensItem(db, request, params.orderId, params.itemId);
    return { result: await changeLens(db, session, order, item, { packageId: body.packageId, powerType: await keptPowerType(db, item, body.packageId) }) };
  });

  /** A new power type needs a package of that type: the cheapest one (the page then offers upgrades). */
  route(app, prescriptions.updatePowerType, async ({ params, query, body, request, db }) => {
    const { session, order, item } = await lensItem(db, request, params.orderId, params.itemId);
    requireChangeable(item);
    if ((await powerTypeOf(db, item)) !== query.from) throw conflict(LENS_MESSAGES.wrongPowerType, 'from');
    if (query.from === query.to) throw conflict(LENS_MESSAGES.samePackage, 'to');
    // Bifocal and progressive lenses need each eye's ADD (issue 42): asked before anything changes.
    const additions = additionsFor(item, query.to, body);
    const packages = await db.query<{ data: SeedLensPackage }>('select data from lens_packages where power_type = $1 order by id', [query.to.toLowerCase()]);
    const frameType = await frameTypeOf(db, item);
    const cheapest = packages
      .map((p) => p.data)
      .filter((p) => fits(p, frameType) && p.prices.some((x) => x.country === order.country))
      .sort((a, b) => priceOf(a, order.country) - priceOf(b, order.country))[0];
    if (!cheapest) throw badRequest(LENS_MESSAGES.noPackage, 'to');
    return { result: await changeLens(db, session, order, item, { packageId: cheapest.id, powerType: query.to, additions }) };
  });
}
