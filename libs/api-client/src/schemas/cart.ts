import { z } from 'zod';
import { amountSchema, currencyCodeSchema, idSchema, moneySchema, priceSchema, quantitySchema } from './common';
import { powerTypeSchema, prescriptionInputSchema, prescriptionSchema, prescriptionViewSchema } from './prescription';

/** shopping §3 classifications; `accessories` is how "other" is shown (Accessories). */
export const classificationSchema = z.enum(['eyeframe', 'sunglasses', 'contact_lens', 'contact_lens_solution', 'services', 'loyalty_services', 'accessories']);
export type Classification = z.infer<typeof classificationSchema>;

export const powerRequiredSchema = z.enum(['POWER_REQUIRED', 'POWER_NOT_REQUIRED']);
export type PowerRequired = z.infer<typeof powerRequiredSchema>;

export const frameTypeSchema = z.enum(['full-rim', 'half-rim', 'rimless']);
export type FrameType = z.infer<typeof frameTypeSchema>;

/** shopping §3: frame size ids. */
export const FRAME_SIZE_IDS = { medium: 11341, extraNarrow: 24072, narrow: 24070, wide: 24069, extraWide: 24071 } as const;
export const frameSizeIdSchema = z.union([z.literal(11341), z.literal(24072), z.literal(24070), z.literal(24069), z.literal(24071)]);
export type FrameSizeId = z.infer<typeof frameSizeIdSchema>;

export const cartItemOptionSchema = z.object({
  type: z.enum(['PACKAGE', 'COATING', 'SUBSCRIPTION', 'ADDON']),
  name: z.string(),
  oid: z.union([z.string(), z.number()]),
  catalogPrices: z.array(priceSchema),
});
export type CartItemOption = z.infer<typeof cartItemOptionSchema>;

export const cartItemSchema = z.object({
  id: idSchema,
  productId: idSchema,
  name: z.string(),
  thumbnail: z.string(),
  productUrl: z.string(),
  sku: z.string(),
  quantity: z.number().int().positive(),
  /** Missing means no stock data, shown as out of stock; 1 shows 'only one left'. */
  availableQuantity: quantitySchema.optional(),
  classification: classificationSchema,
  brandName: z.string(),
  price: amountSchema,
  amount: z.object({ total: moneySchema, currencyCode: currencyCodeSchema }),
  /** Index 0 market price, index 1 selling price, optional index 2. */
  catalogPrices: z.array(priceSchema).min(2).max(3),
  options: z.array(cartItemOptionSchema),
  prescription: prescriptionSchema.nullable().optional(),
  prescriptionView: prescriptionViewSchema.optional(),
  jit: z.boolean().optional(),
  isPlano: z.boolean().optional(),
  powerRequired: powerRequiredSchema.optional(),
  lensType: z.string().optional(),
  subcategory: z.string().optional(),
  frameSize: z.string().optional(),
  frameType: frameTypeSchema.optional(),
  productTypeValue: z.string().optional(),
  /** Loyalty membership length in days (membership end = today + this). */
  tierMembershipDuration: z.number().int().positive().optional(),
  /** shopping §4 power-submission classification, decided by the API from what was added. */
  powerSubmission: z.enum(['self-from-pdp', 'later-on-checkout-or-call', 'jit-usecase', 'power-not-required']).optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** shopping §3 discount types: gv, implicit, sc, or the own-brand discount named after the product line. */
export const discountSchema = z.object({
  type: z.string().min(1),
  code: z.string().optional(),
  amount: moneySchema,
});
export type Discount = z.infer<typeof discountSchema>;

export const cartTotalsSchema = z.object({
  subTotal: moneySchema,
  totalDiscount: moneySchema,
  totalTax: moneySchema,
  shipping: moneySchema,
  total: moneySchema,
  discounts: z.array(discountSchema),
  /** e.g. { id: 'goldDiscount', value }. */
  finalTotal: z.array(z.object({ id: z.string(), value: z.number() })).optional(),
});
export type CartTotals = z.infer<typeof cartTotalsSchema>;

export const cartSchema = z.object({
  id: idSchema,
  items: z.array(cartItemSchema),
  itemsQty: quantitySchema,
  itemsCount: quantitySchema,
  currencyCode: currencyCodeSchema,
  discountDescription: z.string().optional(),
  totals: cartTotalsSchema,
  gvAmt: moneySchema,
  scAmt: moneySchema,
  implicitAmt: moneySchema,
  netAmountCart: moneySchema,
  walletApplied: z.boolean(),
  applyWallet: z.boolean(),
  voucherMessage: z.string().optional(),
  storeCreditMessage: z.string().optional(),
  cardOffer: z.object({ applied: z.boolean(), offerId: z.string().optional(), message: z.string().optional() }).optional(),
  reorderId: idSchema.optional(),
  deliveryOption: z.string().optional(),
});
export type Cart = z.infer<typeof cartSchema>;

/** shopping §7 "POST cart API with item data": a frame with its lens choice, a contact lens, a membership. */
export const addToCartSchema = z
  .object({
    productId: idSchema,
    quantity: z.number().int().positive().max(10).default(1),
    packageId: idSchema.optional(),
    coatingId: idSchema.optional(),
    powerType: powerTypeSchema.optional(),
    frameSizeId: frameSizeIdSchema.optional(),
    subscriptionId: idSchema.optional(),
    isBothEye: z.boolean().optional(),
    prescription: prescriptionInputSchema.optional(),
    /** Supply power later: by call or email, or at checkout. */
    powerLater: z.boolean().optional(),
  })
  .strict();
export type AddToCart = z.infer<typeof addToCartSchema>;

/** shopping §7 "POST update-item + {itemid} with a payload for changes or a power prescription". */
export const updateCartItemSchema = z
  .object({
    packageId: idSchema.optional(),
    coatingId: idSchema.optional(),
    powerType: powerTypeSchema.optional(),
    prescription: prescriptionInputSchema.optional(),
    powerLater: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type UpdateCartItem = z.infer<typeof updateCartItemSchema>;

/** Loyalty membership settings (setting LOYALTY_CONFIG). */
export const loyaltyConfigSchema = z.object({
  goldPid: idSchema.default(128269),
  brandsAllowed: z.array(z.string()),
  classificationsAllowed: z.array(classificationSchema).default(['eyeframe']),
});
export type LoyaltyConfig = z.infer<typeof loyaltyConfigSchema>;

export const deliveryOptionSchema = z.object({
  id: z.string().min(1),
  label: z.string(),
  fee: moneySchema,
  currencyCode: currencyCodeSchema,
  estimatedDate: z.string().optional(),
  express: z.boolean(),
  selected: z.boolean().optional(),
});
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;
