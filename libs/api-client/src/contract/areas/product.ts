import { z } from 'zod';
import {
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

const CATALOGUE = 'shopping §7 Catalogue and content';
const PDP = 'shopping §7 Product page';

/** §7: product calls send the customer-type (REPEAT/NEW) and exchange headers. */
const productHeaders = { customerType: true, exchange: true } as const;
const productId = params({ id: idParam() });

/** Body of a power check: both eyes, for the power type chosen. */
export const validatePowersSchema = z
  .object({ powerType: powerTypeSchema, left: eyePowerSchema, right: eyePowerSchema, isBothEye: z.boolean().optional() })
  .strict();

export const productEndpoints = {
  get: endpoint({
    name: 'product.get',
    method: 'GET',
    path: '/v2/products/product/:id',
    params: productId,
    response: result(productSchema),
    headers: productHeaders,
    summary: `Product data; also used per shortlisted id (${CATALOGUE})`,
  }),
  barcode: endpoint({
    name: 'product.barcode',
    method: 'GET',
    path: '/v2/products/product/barcode',
    query: z.object({ barCodeId: z.string().regex(/^[A-Za-z0-9-]{4,40}$/, 'Invalid barcode') }).strict(),
    response: result(z.object({ productId: idSchema })),
    headers: productHeaders,
    summary: `The product id behind a barcode (${CATALOGUE})`,
  }),
  buyOptionsGroup: endpoint({
    name: 'product.buyOptionsGroup',
    method: 'GET',
    path: '/v2/products/product/:id/buyoptions/group',
    params: productId,
    response: result(buyOptionsGroupSchema),
    headers: productHeaders,
    summary: `Colour and size variants of the product's model (${CATALOGUE})`,
  }),
  shippingEstimate: endpoint({
    name: 'product.shippingEstimate',
    method: 'GET',
    path: '/v2/products/product/:id/shipping/estimate',
    params: productId,
    query: z.object({ pinCode: pincodeSchema, country: countryCodeSchema.optional(), isExpress: q.bool().optional() }).strict(),
    response: result(shippingEstimateSchema),
    headers: productHeaders,
    summary: `Delivery estimate and express options for a pincode (${PDP})`,
  }),
  lensShippingLocation: endpoint({
    name: 'product.lensShippingLocation',
    method: 'GET',
    path: '/v2/products/shipping/location/:pincode',
    params: params({ pincode: pincodeSchema }),
    response: result(shippingLocationSchema),
    summary: `Whether lens-only orders ship to a pincode (${PDP})`,
  }),
  powers: endpoint({
    name: 'product.powers',
    method: 'GET',
    path: '/v2/products/product/:id/powers',
    params: productId,
    query: z.object({ power_type: powerTypeQuerySchema.optional() }).strict(),
    response: result(powerOptionsSchema),
    headers: productHeaders,
    summary: `Power options of a product; contact lenses omit power_type (${PDP}; account §7 Prescriptions)`,
  }),
  validatePowers: endpoint({
    name: 'product.validatePowers',
    method: 'POST',
    path: '/v2/products/product/:id/powers/validate',
    params: productId,
    body: validatePowersSchema,
    response: result(powerValidationSchema),
    headers: productHeaders,
    summary: `Contact-lens power check, read as result[0].isSuccess (${PDP})`,
  }),
  packages: endpoint({
    name: 'product.packages',
    method: 'GET',
    path: '/v2/products/product/:id/packages',
    params: productId,
    query: z
      .object({
        power_type: powerTypeQuerySchema,
        frame_type: frameTypeSchema.optional(),
        is_express: q.bool().optional(),
        audienceType: z.string().max(40).optional(),
        allPackages: q.bool().optional(),
      })
      .strict(),
    response: result(z.object({ packages: z.array(lensPackageSchema) })),
    headers: productHeaders,
    summary: `Lens packages with their coatings for a power and frame type (${PDP})`,
  }),
  packageGroup: endpoint({
    name: 'product.packageGroup',
    method: 'GET',
    path: '/v2/products/product/:id/packages/group',
    params: productId,
    query: z.object({ packageId: q.int({ min: 1 }), coatingId: q.int({ min: 1 }).optional() }).strict(),
    response: result(packageGroupSchema),
    headers: productHeaders,
    summary: `The package and coating group chosen, with its total (${PDP})`,
  }),
  subscriptions: endpoint({
    name: 'product.subscriptions',
    method: 'GET',
    path: '/v2/products/product/:id/subscriptions',
    params: productId,
    query: z.object({ isBothEye: q.bool().optional() }).strict(),
    response: result(z.object({ subscriptions: z.array(subscriptionSchema) })),
    headers: productHeaders,
    summary: `Contact-lens subscriptions of a product (${PDP})`,
  }),
  subscriptionDiscount: endpoint({
    name: 'product.subscriptionDiscount',
    method: 'GET',
    path: '/v2/products/subscriptions/discount',
    query: z.object({ productId: q.int({ min: 1 }), subscriptionType: z.string().min(1).max(40) }).strict(),
    response: result(subscriptionDiscountSchema),
    headers: productHeaders,
    summary: `Discount of a subscription type for a product (${PDP})`,
  }),
  solutions: endpoint({
    name: 'product.solutions',
    method: 'GET',
    path: '/v2/products/solutions',
    query: z.object({ productId: q.int({ min: 1 }) }).strict(),
    response: result(z.object({ solutions: z.array(productSummarySchema) })),
    headers: productHeaders,
    summary: `Contact-lens solutions offered with a product (${PDP})`,
  }),
  oosSubscription: endpoint({
    name: 'product.oosSubscription',
    method: 'POST',
    path: '/v2/products/product/:id/oos-subscription',
    params: productId,
    body: oosSubscriptionSchema,
    response: ackResponse,
    headers: productHeaders,
    summary: `Notify me when an out-of-stock product is back (${PDP})`,
  }),
  threeSixtyStatus: endpoint({
    name: 'product.threeSixtyStatus',
    method: 'POST',
    path: '/v2/products/three-sixty/status',
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
