import { z } from 'zod';
import { classificationSchema, frameSizeIdSchema, frameTypeSchema, powerRequiredSchema } from './cart';
import { currencyCodeSchema, emailSchema, idSchema, moneySchema, phoneSchema, pincodeSchema, priceSchema, quantitySchema } from './common';
import { powerTypeSchema, prescriptionViewSchema } from './prescription';

/** shopping §3: the sku prefix gives the type (eye, sun, contact, watch, service). */
export const productTypeSchema = z.enum(['eyeglass', 'sunglass', 'contact_lens', 'accessories', 'membership']);
export type ProductType = z.infer<typeof productTypeSchema>;

export const specificationGroupSchema = z.object({
  /** general, colour, collection, frame size, size in mm, technical. */
  name: z.string().min(1),
  items: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type SpecificationGroup = z.infer<typeof specificationGroupSchema>;

export const productImageSchema = z.object({
  url: z.string().min(1),
  thumbnail: z.string().optional(),
  /** front, side, angle, model... */
  view: z.string().optional(),
  alt: z.string().optional(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const productSchema = z.object({
  id: idSchema,
  sku: z.string().min(1),
  type: productTypeSchema,
  classification: classificationSchema,
  modelName: z.string(),
  brandName: z.string(),
  url: z.string().min(1),
  prices: z.array(priceSchema).min(1),
  // Both spellings occur in the retailer's data.
  frameColour: z.string().optional(),
  frameColor: z.string().optional(),
  frameType: frameTypeSchema.optional(),
  frameShape: z.string().optional(),
  frameSizeId: frameSizeIdSchema.optional(),
  gender: z.enum(['men', 'women', 'kids', 'unisex']).optional(),
  isPlano: z.boolean(),
  powerRequired: powerRequiredSchema,
  prescriptionType: z.string().optional(),
  prescriptionView: prescriptionViewSchema.optional(),
  specifications: z.array(specificationGroupSchema),
  frameDetails: z.object({ Size: z.string().optional(), MEASURE: z.string().optional() }).optional(),
  imageUrlsDetail: z.array(productImageSchema),
  reviews: z.object({ rating: z.number().min(0).max(5), count: quantitySchema }).optional(),
  qty: quantitySchema,
  /** Just-in-time (made to order) product. */
  jit: z.boolean().optional(),
  /** Contact lenses: pack size and replacement schedule. */
  packSize: z.number().int().positive().optional(),
  usage: z.enum(['daily', 'fortnightly', 'monthly', 'yearly']).optional(),
  /** Memberships: length in days. */
  tierMembershipDuration: z.number().int().positive().optional(),
  /**
   * The gold membership (the LOYALTY_CONFIG product, shopping §3): what a member saves, on which
   * brands and classifications (the names of LOYALTY_CONFIG), as the cart prices it.
   */
  loyalty: z
    .object({
      discountPercent: z.number().min(0).max(100),
      brandsAllowed: z.array(z.string()),
      classificationsAllowed: z.array(classificationSchema),
    })
    .optional(),
  appOfferPrice: moneySchema.optional(),
  ctaText: z.string().optional(),
  threeSixtyView: z.boolean().optional(),
});
export type Product = z.infer<typeof productSchema>;

export const coatingSchema = z.object({
  id: idSchema,
  packageId: idSchema,
  name: z.string(),
  description: z.string().optional(),
  prices: z.array(priceSchema),
});
export type Coating = z.infer<typeof coatingSchema>;

export const lensPackageSchema = z.object({
  id: idSchema,
  powerType: powerTypeSchema,
  name: z.string(),
  description: z.string(),
  /** Refractive index, e.g. 1.56. */
  index: z.number().min(1.4).max(1.8),
  features: z.array(z.string()),
  prices: z.array(priceSchema).min(1),
  expressAvailable: z.boolean(),
  frameTypes: z.array(frameTypeSchema),
  coatings: z.array(coatingSchema),
});
export type LensPackage = z.infer<typeof lensPackageSchema>;

/** shopping §3 "package or coating group (by packageId and coatingId)". */
export const packageGroupSchema = z.object({
  packageId: idSchema,
  coatingId: idSchema.optional(),
  package: lensPackageSchema,
  coating: coatingSchema.optional(),
  total: moneySchema,
  currencyCode: currencyCodeSchema,
});
export type PackageGroup = z.infer<typeof packageGroupSchema>;

export const subscriptionSchema = z.object({
  id: idSchema,
  /** e.g. '3 months', '6 months'. */
  name: z.string(),
  months: z.number().int().positive(),
  boxes: z.number().int().positive(),
  discountPercent: z.number().min(0).max(100),
  price: moneySchema,
  currencyCode: currencyCodeSchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionDiscountSchema = z.object({
  productId: idSchema,
  subscriptionType: z.string(),
  discountPercent: z.number().min(0).max(100),
  discountAmount: moneySchema,
  currencyCode: currencyCodeSchema,
});
export type SubscriptionDiscount = z.infer<typeof subscriptionDiscountSchema>;

/** A product in a short list (solutions, buy options, shortlist). */
export const productSummarySchema = z.object({
  id: idSchema,
  brandName: z.string(),
  modelName: z.string().optional(),
  productUrl: z.string(),
  productImageUrl: z.string(),
  prices: z.array(priceSchema),
  classification: classificationSchema.optional(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** Colour and size variants of one model (buyoptions/group). */
export const buyOptionsGroupSchema = z.object({
  groupId: z.string(),
  options: z.array(z.object({ productId: idSchema, label: z.string(), colour: z.string().optional(), url: z.string(), selected: z.boolean() })),
});
export type BuyOptionsGroup = z.infer<typeof buyOptionsGroupSchema>;

export const shippingEstimateSchema = z.object({
  pincode: pincodeSchema,
  serviceable: z.boolean(),
  isExpress: z.boolean(),
  estimatedDate: z.string().optional(),
  /** Express delivery options stored by the product page. */
  expressOptions: z.array(z.object({ id: z.string(), label: z.string(), cutOffTime: z.string().optional(), fee: moneySchema })),
  message: z.string().optional(),
});
export type ShippingEstimate = z.infer<typeof shippingEstimateSchema>;

export const shippingLocationSchema = z.object({
  pincode: pincodeSchema,
  serviceable: z.boolean(),
  city: z.string().optional(),
  state: z.string().optional(),
});
export type ShippingLocation = z.infer<typeof shippingLocationSchema>;

export const oosSubscriptionSchema = z
  .object({
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
  })
  .strict()
  .refine((v) => v.email !== undefined || v.phone !== undefined, { message: 'Email or phone is required', path: ['email'] });
export type OosSubscription = z.infer<typeof oosSubscriptionSchema>;

export const threeSixtyStatusSchema = z.object({ sku_id: z.string().min(1), enabled: z.boolean() });
export type ThreeSixtyStatus = z.infer<typeof threeSixtyStatusSchema>;

export const threeSixtyAssetsSchema = z.object({
  productId: idSchema,
  frames: z.array(z.string().min(1)),
});
export type ThreeSixtyAssets = z.infer<typeof threeSixtyAssetsSchema>;
