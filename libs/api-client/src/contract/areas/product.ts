import { z } from 'zod';
import {
  audienceTypeSchema,
  buyOptionsGroupSchema,
  countryCodeSchema,
  eyePowerSchema,
  frameTypeSchema,
  idSchema,
  lensPackageSchema,
  oosSubscriptionSchema,
  packageGroupSchema,
  pincodeSchema,
  powerOptionsSchema,
  powerTypeQuerySchema,
  powerTypeSchema,
  powerValidationSchema,
  productSchema,
  productSummarySchema,
  shippingEstimateSchema,
  shippingLocationSchema,
  subscriptionDiscountSchema,
  subscriptionSchema,
  threeSixtyAssetsSchema,
} from '../../schemas';
import { endpoint, q, result } from '../define';
import { ackResponse, idParam, params } from '../helpers';
import { catalogueRoutes } from './catalogue-routes';
import { productHeaders, productRoutes } from './product-routes';

const CATALOGUE = 'shopping §7 Catalogue and content';
const PDP = 'shopping §7 Product page';

const productId = params({ id: idParam() });

/** Body of a power check: both eyes, for the power type chosen. */
export const validatePowersSchema = z
  .object({ powerType: powerTypeSchema, left: eyePowerSchema, right: eyePowerSchema, isBothEye: z.boolean().optional() })
  .strict();

export const productEndpoints = {
  get: endpoint({
    ...productRoutes.get,
    params: productId,
    response: result(productSchema),
    summary: `Product data; also used per shortlisted id (${CATALOGUE})`,
  }),
  barcode: endpoint({
    ...catalogueRoutes.barcode,
    query: z.object({ barCodeId: z.string().regex(/^[A-Za-z0-9-]{4,40}$/, 'Invalid barcode') }).strict(),
    response: result(z.object({ productId: idSchema })),
    summary: `The product id behind a barcode (${CATALOGUE})`,
  }),
  buyOptionsGroup: endpoint({
    ...productRoutes.buyOptionsGroup,
    params: productId,
    response: result(buyOptionsGroupSchema),
    summary: `Colour and size variants of the product's model (${CATALOGUE})`,
  }),
  shippingEstimate: endpoint({
    ...productRoutes.shippingEstimate,
    params: productId,
    query: z.object({ pinCode: pincodeSchema, country: countryCodeSchema.optional(), isExpress: q.bool().optional() }).strict(),
    response: result(shippingEstimateSchema),
    summary: `Delivery estimate and express options for a pincode (${PDP})`,
  }),
  lensShippingLocation: endpoint({
    ...productRoutes.lensShippingLocation,
    params: params({ pincode: pincodeSchema }),
    response: result(shippingLocationSchema),
    summary: `Whether lens-only orders ship to a pincode (${PDP})`,
  }),
  powers: endpoint({
    ...productRoutes.powers,
    params: productId,
    query: z.object({ power_type: powerTypeQuerySchema.optional() }).strict(),
    response: result(powerOptionsSchema),
    summary: `Power options of a product; contact lenses omit power_type (${PDP}; account §7 Prescriptions)`,
  }),
  validatePowers: endpoint({
    ...productRoutes.validatePowers,
    params: productId,
    body: validatePowersSchema,
    response: result(powerValidationSchema),
    summary: `Contact-lens power check, read as result[0].isSuccess (${PDP})`,
  }),
  packages: endpoint({
    ...productRoutes.packages,
    params: productId,
    query: z
      .object({
        power_type: powerTypeQuerySchema,
        frame_type: frameTypeSchema.optional(),
        is_express: q.bool().optional(),
        // The shopper's audience type (the location lookup's cookie; shopping §4 Marketing, §7).
        audienceType: audienceTypeSchema.optional(),
        allPackages: q.bool().optional(),
      })
      .strict(),
    response: result(z.object({ packages: z.array(lensPackageSchema) })),
    summary: `Lens packages with their coatings for a power and frame type (${PDP})`,
  }),
  packageGroup: endpoint({
    ...productRoutes.packageGroup,
    params: productId,
    query: z.object({ packageId: q.int({ min: 1 }), coatingId: q.int({ min: 1 }).optional() }).strict(),
    response: result(packageGroupSchema),
    summary: `The package and coating group chosen, with its total (${PDP})`,
  }),
  subscriptions: endpoint({
    ...productRoutes.subscriptions,
    params: productId,
    query: z.object({ isBothEye: q.bool().optional() }).strict(),
    response: result(z.object({ subscriptions: z.array(subscriptionSchema) })),
    summary: `Contact-lens subscriptions of a product (${PDP})`,
  }),
  subscriptionDiscount: endpoint({
    ...productRoutes.subscriptionDiscount,
    query: z.object({ productId: q.int({ min: 1 }), subscriptionType: z.string().min(1).max(40) }).strict(),
    response: result(subscriptionDiscountSchema),
    summary: `Discount of a subscription type for a product (${PDP})`,
  }),
  solutions: endpoint({
    ...productRoutes.solutions,
    query: z.object({ productId: q.int({ min: 1 }) }).strict(),
    response: result(z.object({ solutions: z.array(productSummarySchema) })),
    summary: `Contact-lens solutions offered with a product (${PDP})`,
  }),
  oosSubscription: endpoint({
    ...productRoutes.oosSubscription,
    params: productId,
    body: oosSubscriptionSchema,
    response: ackResponse,
    summary: `Notify me when an out-of-stock product is back (${PDP})`,
  }),
  threeSixtyStatus: endpoint({
    ...productRoutes.threeSixtyStatus,
    body: z.object({ sku_id: z.string().min(1).max(60) }).strict(),
    response: result(z.object({ sku_id: z.string(), enabled: z.boolean() })),
    summary: `Whether a sku has a 360-degree view (${PDP})`,
  }),
  threeSixtyAssets: endpoint({
    name: 'product.threeSixtyAssets',
    method: 'GET',
    path: '/v2/products/product/:id/three-sixty',
    params: productId,
    response: result(threeSixtyAssetsSchema),
    headers: productHeaders,
    summary: `Frames of the 360-view asset service (shopping §7 Marketing and utility)`,
  }),
} as const;
