import { type FastifyInstance } from 'fastify';
import { areaEndpoints, cacheKeys, type Coating, type LensPackage, type PowerType } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { productKeys, setCacheKeys } from '../../http/cache-keys';
import { route } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import { countryOf, type Country } from '../../http/session';
import { type SeedCoating, type SeedContactLensPowerRange, type SeedLensPackage } from '../../seed/types';
import { imageUrl, loadProduct, pricesOf, SELLING_PRICE, type ProductRow } from './catalogue';
import { contactLensRange, frameLensRange, validatePowers } from './powers';
import { subscriptionDiscount, subscriptionsOf, SUBSCRIPTION_PLANS } from './subscriptions';

const productEndpoints = areaEndpoints.product;

/** Packages offered before the shopper asks for all of them (the all-packages option). */
export const RECOMMENDED_PACKAGES = 3;

/** Which lens power types a product takes: frames by kind, contact lenses their own. */
export function powerTypesOf(row: ProductRow): PowerType[] {
  switch (row.data.classification) {
    case 'eyeframe':
      return ['SINGLE_VISION', 'BIFOCAL', 'PROGRESSIVE', 'ZERO_POWER'];
    case 'sunglasses':
      return ['SUNGLASSES'];
    case 'contact_lens':
      return ['CONTACT_LENS'];
    default:
      return [];
  }
}

function requirePowerType(row: ProductRow, powerType: PowerType) {
  const allowed = powerTypesOf(row);
  if (allowed.length === 0) throw badRequest('This product takes no lenses or powers.', 'power_type');
  if (!allowed.includes(powerType)) throw badRequest(`${powerType} is not offered for this product.`, 'power_type');
}

function priceIn<T extends { prices: { country: Country; currency: string; price: number }[] }>(item: T, country: Country) {
  const price = item.prices.find((p) => p.country === country);
  if (!price) throw notFound('Not sold in this country');
  return { name: SELLING_PRICE, price: price.price, currencyCode: price.currency as LensPackage['prices'][number]['currencyCode'] };
}

function coatingOf(c: SeedCoating, country: Country): Coating {
  return { id: c.id, packageId: c.packageId, name: c.name, prices: [priceIn(c, country)] };
}

function packageOf(p: SeedLensPackage, coatings: SeedCoating[], country: Country): LensPackage {
  return {
    id: p.id,
    powerType: p.powerType.toUpperCase() as PowerType,
    name: p.name,
    description: p.description,
    index: p.index,
    features: p.features,
    prices: [priceIn(p, country)],
    expressAvailable: p.expressAvailable,
    frameTypes: p.frameTypes,
    coatings: coatings.filter((c) => c.packageId === p.id).map((c) => coatingOf(c, country)),
  };
}

async function packagesFor(db: Database, powerType: PowerType) {
  const packages = await db.query<{ data: SeedLensPackage }>('select data from lens_packages where power_type = $1 order by id', [powerType.toLowerCase()]);
  const coatings = await db.query<{ data: SeedCoating }>('select data from coatings where package_id = any($1::int[]) order by id', [
    packages.map((p) => p.data.id),
  ]);
  return { packages: packages.map((p) => p.data), coatings: coatings.map((c) => c.data) };
}

async function contactRangeOf(db: Database, row: ProductRow) {
  const [powers] = await db.query<{ data: SeedContactLensPowerRange }>('select data from contact_lens_powers where product_id = $1', [row.data.id]);
  if (!powers) throw notFound('No powers for this product');
  return powers.data;
}

async function rangeOf(db: Database, row: ProductRow, powerType: PowerType) {
  requirePowerType(row, powerType);
  return powerType === 'CONTACT_LENS' ? contactLensRange(await contactRangeOf(db, row)) : frameLensRange(powerType);
}

/** Lens choices of a product: each answer names its cache keys (the product's `p<id>`, `catalogue` for lens packages and coatings). */
export function lensRoutes(app: FastifyInstance, _db: Database) {
  route(app, productEndpoints.packages, async ({ params, query, request, reply, db }) => {
    const country = countryOf(request);
    const row = await loadProduct(db, params.id, country);
    setCacheKeys(reply, [cacheKeys.product(row.data.id), cacheKeys.catalogue]);
    if (query.power_type === 'CONTACT_LENS') throw badRequest('Contact lenses have no lens packages.', 'power_type');
    requirePowerType(row, query.power_type);
    const frameType = query.frame_type ?? row.data.frameType;
    const { packages, coatings } = await packagesFor(db, query.power_type);
    const fitting = packages
      .filter((p) => !frameType || p.frameTypes.includes(frameType))
      .filter((p) => !query.is_express || p.expressAvailable)
      .map((p) => packageOf(p, coatings, country))
      .sort((a, b) => a.prices[0]!.price - b.prices[0]!.price || a.id - b.id);
    return { result: { packages: query.allPackages ? fitting : fitting.slice(0, RECOMMENDED_PACKAGES) } };
  });

  route(app, productEndpoints.packageGroup, async ({ params, query, request, reply, db }) => {
    const country = countryOf(request);
    const row = await loadProduct(db, params.id, country);
    setCacheKeys(reply, [cacheKeys.product(row.data.id), cacheKeys.catalogue]);
    const [pkg] = await db.query<{ data: SeedLensPackage }>('select data from lens_packages where id = $1', [query.packageId]);
    if (!pkg) throw notFound('Lens package not found');
    requirePowerType(row, pkg.data.powerType.toUpperCase() as PowerType);
    if (row.data.frameType && !pkg.data.frameTypes.includes(row.data.frameType)) {
      throw badRequest(`${pkg.data.name} lenses do not fit a ${row.data.frameType} frame.`, 'packageId');
    }
    const coatings = (await db.query<{ data: SeedCoating }>('select data from coatings where package_id = $1 order by id', [pkg.data.id])).map((c) => c.data);
    const coating = query.coatingId === undefined ? undefined : coatings.find((c) => c.id === query.coatingId);
    if (query.coatingId !== undefined && !coating) throw badRequest('This coating is not offered with this package.', 'coatingId');
    const lens = packageOf(pkg.data, coatings, country);
    const total = row.selling_price + lens.prices[0]!.price + (coating ? priceIn(coating, country).price : 0);
    return {
      result: {
        packageId: lens.id,
        ...(coating ? { coatingId: coating.id, coating: coatingOf(coating, country) } : {}),
        package: lens,
        total,
        currencyCode: row.currency,
      },
    };
  });

  route(app, productEndpoints.powers, async ({ params, query, request, reply, db }) => {
    const row = await loadProduct(db, params.id, countryOf(request));
    setCacheKeys(reply, [cacheKeys.product(row.data.id)]);
    // Contact lenses omit power_type (account §7); frames must say which lens.
    const powerType = query.power_type ?? (row.data.classification === 'contact_lens' ? 'CONTACT_LENS' : undefined);
    if (!powerType) throw badRequest('power_type is required for this product.', 'power_type');
    return { result: { productId: row.data.id, ...(await rangeOf(db, row, powerType)) } };
  });

  route(app, productEndpoints.validatePowers, async ({ params, body, request, db }) => {
    const row = await loadProduct(db, params.id, countryOf(request));
    const range = await rangeOf(db, row, body.powerType);
    return { result: validatePowers(range, body) };
  });

  route(app, productEndpoints.subscriptions, async ({ params, query, request, reply, db }) => {
    const row = await loadProduct(db, params.id, countryOf(request));
    setCacheKeys(reply, [cacheKeys.product(row.data.id)]);
    if (row.data.classification !== 'contact_lens') throw badRequest('Subscriptions are for contact lenses only.', 'id');
    return { result: { subscriptions: subscriptionsOf(row, query.isBothEye ?? true) } };
  });

  route(app, productEndpoints.subscriptionDiscount, async ({ query, request, db }) => {
    const row = await loadProduct(db, query.productId, countryOf(request));
    if (row.data.classification !== 'contact_lens') throw badRequest('Subscriptions are for contact lenses only.', 'productId');
    const plan = SUBSCRIPTION_PLANS.find((p) => p.type === query.subscriptionType);
    if (!plan) throw badRequest(`Unknown subscription type; one of ${SUBSCRIPTION_PLANS.map((p) => p.type).join(', ')}`, 'subscriptionType');
    return { result: subscriptionDiscount(row, plan) };
  });

  route(app, productEndpoints.solutions, async ({ query, request, reply, db }) => {
    const country = countryOf(request);
    const row = await loadProduct(db, query.productId, country);
    if (row.data.classification !== 'contact_lens') throw badRequest('Solutions are offered with contact lenses only.', 'productId');
    // Same brand first, then the cheapest; four at most.
    const solutions = await db.query<ProductRow & { url: string }>(
      `select p.id, p.sku, p.stock, p.url, p.data, b.name as brand_name, b.house,
              pp.currency, pp.market_price, pp.selling_price, pp.first_buy_price
         from products p join brands b on b.id = p.brand_id
         join product_prices pp on pp.product_id = p.id and pp.country = $2
        where p.classification = 'contact_lens_solution' and p.stock > 0
        order by (p.brand_id = $1) desc, pp.selling_price, p.id limit 4`,
      [row.data.brandId, country],
    );
    // Only solutions in stock are offered: their stock is shown, by being there.
    setCacheKeys(reply, [cacheKeys.product(row.data.id), ...productKeys(solutions.map((s) => s.id))]);
    return {
      result: {
        solutions: solutions.map((s) => ({
          id: s.id,
          brandName: s.brand_name,
          modelName: s.data.modelName,
          productUrl: s.url,
          productImageUrl: imageUrl(s.id, 'front'),
          prices: pricesOf(s),
          classification: 'contact_lens_solution' as const,
        })),
      },
    };
  });
}
