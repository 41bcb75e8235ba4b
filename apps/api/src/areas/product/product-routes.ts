import { type FastifyInstance } from 'fastify';
import { areaEndpoints, cacheKeys, type Product, type SpecificationGroup } from '@eyewear/api-client';
import { STOCK_VERSION, type Database } from '../../db/database';
import { productKeys, setCacheKeys } from '../../http/cache-keys';
import { route } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import { countryOf, currentSession } from '../../http/session';
import { GOLD_DISCOUNT_PERCENT, LOYALTY_CONFIG_DEFAULTS } from '../cart/config';
import { FRAME_SIZES, type SeedContactLensPowerRange } from '../../seed/types';
import { frameSizeLabel, imageUrl, isFrame, loadProduct, pricesOf, productType, type ProductRow } from './catalogue';
import { createReadCache } from '../../db/read-cache';

const productEndpoints = areaEndpoints.product;

/** shopping §3 "app offer price": what the mobile app charges, 5 % below the site, to the rupee or unit. */
export const APP_OFFER_DISCOUNT = 0.05;

function ctaText(row: ProductRow): string {
  if (row.stock === 0) return 'Notify Me';
  const p = row.data;
  if (p.classification === 'eyeframe' && p.powerRequired === 'POWER_REQUIRED') return 'Select Lenses';
  if (p.classification === 'contact_lens') return 'Select Powers';
  return 'Buy Now';
}

function specifications(row: ProductRow, collection: string | undefined): SpecificationGroup[] {
  const p = row.data;
  const groups: SpecificationGroup[] = [
    {
      name: 'General',
      items: [
        { name: 'Brand', value: row.brand_name },
        { name: 'Model', value: p.modelName },
        { name: 'Product ID', value: String(p.id) },
        { name: 'Gender', value: p.gender[0]!.toUpperCase() + p.gender.slice(1) },
      ],
    },
  ];
  if (p.frameColour) groups.push({ name: 'Colour', items: [{ name: 'Frame colour', value: p.frameColour }] });
  if (collection) groups.push({ name: 'Collection', items: [{ name: 'Collection', value: collection }] });
  if (p.frameSize) {
    groups.push({ name: 'Frame size', items: [{ name: 'Frame size', value: frameSizeLabel(p.frameSize) }] });
  }
  if (p.sizeMm) {
    const [lens, bridge, temple] = p.sizeMm.split('-');
    groups.push({
      name: 'Size in mm',
      items: [
        { name: 'Lens width', value: `${lens} mm` },
        { name: 'Bridge', value: `${bridge} mm` },
        { name: 'Temple', value: `${temple} mm` },
      ],
    });
  }
  const technical = [
    p.frameType && { name: 'Frame type', value: p.frameType },
    p.frameShape && { name: 'Frame shape', value: p.frameShape },
    p.material && { name: 'Material', value: p.material },
    p.usage && { name: 'Usage', value: p.usage },
    p.packSize && { name: 'Lenses per box', value: String(p.packSize) },
  ].filter((item): item is { name: string; value: string } => Boolean(item));
  if (technical.length > 0) groups.push({ name: 'Technical', items: technical });
  return groups;
}

/**
 * What the gold membership gives, as the cart prices it (cart/pricing.ts): GOLD_DISCOUNT_PERCENT
 * off the house brands' frames of the allowed classifications.
 */
async function loyaltyOf(db: Pick<Database, 'query'>): Promise<NonNullable<Product['loyalty']>> {
  const brands = await db.query<{ name: string }>('select name from brands where house order by name');
  return {
    discountPercent: GOLD_DISCOUNT_PERCENT,
    brandsAllowed: brands.map((b) => b.name),
    classificationsAllowed: LOYALTY_CONFIG_DEFAULTS.classificationsAllowed as NonNullable<Product['loyalty']>['classificationsAllowed'],
  };
}

export async function productOf(db: Pick<Database, 'query'>, row: ProductRow): Promise<Product> {
  const p = row.data;
  const [category] = await db.query<{ name: string }>(
    `select c.name from product_categories pc join categories c on c.id = pc.category_id
      where pc.product_id = $1 order by c.kind desc, c.id limit 1`,
    [p.id],
  );
  const [reviews] = await db.query<{ rating: number | null; count: number }>(
    'select round(avg(rating)::numeric, 1) as rating, count(*)::int as count from reviews where product_id = $1',
    [p.id],
  );
  let jit = false;
  if (p.classification === 'contact_lens') {
    const [powers] = await db.query<{ data: SeedContactLensPowerRange }>('select data from contact_lens_powers where product_id = $1', [p.id]);
    // Toric lenses (with a cylinder) are made to order: the just-in-time case.
    jit = (powers?.data.cyl.length ?? 0) > 0;
  }
  const frame = isFrame(p);
  return {
    id: p.id,
    sku: p.sku,
    type: productType(p.sku),
    classification: p.classification,
    modelName: p.modelName,
    brandName: row.brand_name,
    url: p.url,
    prices: pricesOf(row),
    ...(p.frameColour ? { frameColour: p.frameColour, frameColor: p.frameColour } : {}),
    ...(p.frameType ? { frameType: p.frameType } : {}),
    ...(p.frameShape ? { frameShape: p.frameShape } : {}),
    ...(p.frameSize ? { frameSizeId: FRAME_SIZES[p.frameSize] } : {}),
    gender: p.gender,
    isPlano: p.isPlano,
    powerRequired: p.powerRequired,
    ...(p.classification === 'contact_lens' ? { prescriptionType: 'CONTACT_LENS' } : {}),
    specifications: specifications(row, category?.name),
    ...(p.frameSize || p.sizeMm
      ? { frameDetails: { ...(p.frameSize ? { Size: frameSizeLabel(p.frameSize) } : {}), ...(p.sizeMm ? { MEASURE: p.sizeMm } : {}) } }
      : {}),
    imageUrlsDetail: (frame ? (['front', 'side', 'worn'] as const) : (['front'] as const)).map((view) => ({
      url: imageUrl(p.id, view),
      view,
      alt: `${row.brand_name} ${p.modelName}${p.frameColour ? ` ${p.frameColour}` : ''}, ${view} view`,
    })),
    reviews: { rating: Number(reviews?.rating ?? 0), count: reviews?.count ?? 0 },
    qty: row.stock,
    jit,
    ...(p.packSize ? { packSize: p.packSize } : {}),
    ...(p.usage ? { usage: p.usage } : {}),
    ...(p.membershipDays ? { tierMembershipDuration: p.membershipDays } : {}),
    ...(p.classification === 'loyalty_services' ? { loyalty: await loyaltyOf(db) } : {}),
    appOfferPrice: Math.floor(row.selling_price * (1 - APP_OFFER_DISCOUNT)),
    ctaText: ctaText(row),
    threeSixtyView: frame,
  };
}

/** What a product's page data reads: the same for every shopper until one of these is written (ADR 018). */
// Stock moves (orders, cancellations, returns) count apart from the products' other writes.
const PRODUCT_TABLES = ['products', STOCK_VERSION, 'product_prices', 'brands', 'product_categories', 'categories', 'reviews', 'contact_lens_powers'];

export function productRoutes(app: FastifyInstance, rootDb: Database) {
  const cachedRead = createReadCache(rootDb, { tables: PRODUCT_TABLES });
  // The page's data names its cache keys (http/cache-keys.ts): the product and its stock (the page shows both).
  route(app, productEndpoints.get, async ({ params, request, reply, db }) => {
    const country = countryOf(request);
    const product = await cachedRead(`product ${params.id} ${country}`, PRODUCT_TABLES, async () => productOf(db, await loadProduct(db, params.id, country)));
    setCacheKeys(reply, productKeys([product.id]));
    return { result: product };
  });

  route(app, productEndpoints.buyOptionsGroup, async ({ params, request, reply, db }) => {
    const row = await loadProduct(db, params.id, countryOf(request));
    const ids = [row.data.id, ...row.data.variantIds].sort((a, b) => a - b);
    const variants = await db.query<{ id: number; url: string; data: { frameColour?: string; modelName: string } }>(
      'select id, url, data from products where id = any($1::int[]) order by id',
      [ids],
    );
    setCacheKeys(reply, ids.map(cacheKeys.product));
    return {
      result: {
        groupId: `model-${ids[0]}`,
        options: variants.map((v) => ({
          productId: v.id,
          label: v.data.frameColour ?? v.data.modelName,
          ...(v.data.frameColour ? { colour: v.data.frameColour } : {}),
          url: v.url,
          selected: v.id === row.data.id,
        })),
      },
    };
  });

  route(app, productEndpoints.threeSixtyStatus, async ({ body, db }) => {
    const [row] = await db.query<{ classification: string }>('select classification from products where sku = $1', [body.sku_id]);
    if (!row) throw notFound('Product not found');
    return { result: { sku_id: body.sku_id, enabled: row.classification === 'eyeframe' || row.classification === 'sunglasses' } };
  });

  route(app, productEndpoints.threeSixtyAssets, async ({ params, request, db }) => {
    const row = await loadProduct(db, params.id, countryOf(request));
    if (!isFrame(row.data)) throw notFound('This product has no 360-degree view');
    return { result: { productId: row.data.id, frames: (['front', 'side', 'worn'] as const).map((view) => imageUrl(row.data.id, view)) } };
  });

  route(app, productEndpoints.oosSubscription, async ({ params, body, request, reply, db }) => {
    const row = await loadProduct(db, params.id, countryOf(request));
    if (row.stock > 0) throw badRequest('This product is in stock.');
    const session = await currentSession(db, request, reply);
    await db.query(
      `insert into product_oos_subscriptions (product_id, email, phone, session_id) values ($1, $2, $3, $4)
       on conflict (product_id, coalesce(email, ''), coalesce(phone, '')) do nothing`,
      [row.data.id, body.email ?? null, body.phone ?? null, session?.id ?? null],
    );
    return { result: { success: true, message: "We will let you know when it's back in stock." } };
  });
}
