import { z } from 'zod';
import { CARD_TYPES } from '@eyewear/i18n/rules';
import { cartItemSchema, classificationSchema } from './cart';
import {
  countryCodeSchema,
  currencyCodeSchema,
  emailSchema,
  genderSchema,
  idSchema,
  isoDateTimeSchema,
  moneySchema,
  phoneSchema,
  pincodeSchema,
} from './common';
import { powerTypeSchema, prescriptionSchema } from './prescription';

/** shopping §3 Address, as a shopper submits it; defaults are the spec's. */
export const addressInputSchema = z
  .object({
    addressType: z.enum(['billing', 'shipping']).default('billing'),
    firstName: z.string().trim().min(1).max(60),
    lastName: z.string().trim().max(60).default(''),
    email: emailSchema,
    phone: phoneSchema,
    alternatePhone: phoneSchema.optional(),
    gender: genderSchema.optional(),
    addressline1: z.string().trim().min(1).max(200),
    addressline2: z.string().trim().max(200).optional(),
    landmark: z.string().trim().max(120).optional(),
    locality: z.string().trim().max(120).optional(),
    city: z.string().trim().min(1).max(80),
    // Empty where the country has none to ask (ADDRESS_RULES of @eyewear/i18n/rules: no states in
    // Singapore, no postcodes in the UAE); the API checks each against the address's country.
    state: z.string().trim().max(80),
    postcode: z.union([z.literal(''), pincodeSchema]),
    country: countryCodeSchema,
    floor: z.number().int().min(0).max(200).default(0),
    liftAvailable: z.boolean().default(false),
    comment: z.string().max(500).optional(),
  })
  .strict();
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressSchema = addressInputSchema.extend({
  addressId: idSchema,
  defaultAddress: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const giftMessageSchema = z
  .object({ from: z.string().trim().min(1).max(60), to: z.string().trim().min(1).max(60), message: z.string().trim().min(1).max(250) })
  .strict();
export type GiftMessage = z.infer<typeof giftMessageSchema>;

/** cc and dc are the default filter (shopping §9); primer and juspay are the card-provider and SDK flows. */
export const paymentMethodCodeSchema = z.enum(['cc', 'dc', 'nb', 'upi', 'cod', 'qr', 'wallet', 'emi', 'paylater', 'primer', 'juspay', 'sc', 'gv']);
export type PaymentMethodCode = z.infer<typeof paymentMethodCodeSchema>;

/** shopping §5: card type detected from the number pattern. */
export const cardTypeSchema = z.enum(CARD_TYPES);
export type CardType = z.infer<typeof cardTypeSchema>;

export const paymentMethodSchema = z.object({
  code: paymentMethodCodeSchema,
  label: z.string(),
  enabled: z.boolean(),
  description: z.string().optional(),
  banks: z.array(z.object({ code: z.string(), name: z.string() })).optional(),
  /** The card provider's method types when paymentMethod=primer. */
  primerPaymentMethods: z.array(z.string()).optional(),
  offerText: z.string().optional(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const orderItemStatusSchema = z.enum([
  'PROCESSING',
  'CONFIRMED',
  'PACKED',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
  'RETURN_REQUESTED',
  'RETURNED',
  'REFUNDED',
]);
export type OrderItemStatus = z.infer<typeof orderItemStatusSchema>;

export const orderItemSchema = z.object({
  id: idSchema,
  productId: idSchema,
  name: z.string(),
  quantity: z.number().int().positive(),
  classification: classificationSchema,
  thumbnail: z.string().optional(),
  price: z.object({ value: moneySchema, currencyCode: currencyCodeSchema }),
  prescription: prescriptionSchema.nullable().optional(),
  /** The lens package and power type of a frame item (account: package and power-type updates). */
  packageId: idSchema.optional(),
  powerType: powerTypeSchema.optional(),
  /** The lens package's name as the cart named it (issue 42: the success page shows it). */
  packageName: z.string().optional(),
  /**
   * shopping §4 power-submission classification, as the cart decided it when the order was placed:
   * only 'later-on-checkout-or-call' still waits for a prescription (issue 42).
   */
  powerSubmission: cartItemSchema.shape.powerSubmission,
  status: orderItemStatusSchema,
  statusHistory: z.array(z.object({ status: orderItemStatusSchema, date: isoDateTimeSchema })),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const paymentStatusValueSchema = z.enum(['PENDING', 'SUCCESS', 'FAILED', 'CANCELLED']);
export type PaymentStatusValue = z.infer<typeof paymentStatusValueSchema>;

export const orderSchema = z.object({
  id: idSchema,
  createdAt: isoDateTimeSchema,
  status: z.enum(['PENDING_PAYMENT', 'PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'CLOSED']),
  amount: z.object({
    total: moneySchema,
    totalTax: moneySchema,
    shipping: moneySchema,
    currencyCode: currencyCodeSchema,
    /** implicit (cart offer), gv, sc, wallet, offer (card/payment offer), gold, brand (own-brand; code = brand). */
    discounts: z.array(
      z.object({
        type: z.enum(['implicit', 'gv', 'sc', 'wallet', 'offer', 'gold', 'brand', 'firstFrame', 'exchange']),
        code: z.string().optional(),
        amount: moneySchema,
      }),
    ),
  }),
  payments: z.object({
    paymentList: z.array(z.object({ method: paymentMethodCodeSchema, amount: moneySchema, status: paymentStatusValueSchema })),
  }),
  items: z.array(orderItemSchema),
  shippingAddress: addressInputSchema.extend({ addressId: idSchema.optional() }),
  deliveryOption: z.string().optional(),
  /** Fraud-check provider's verdict. */
  riskFlag: z.boolean().optional(),
  merchantId: z.string().optional(),
  groupId: z.string().optional(),
  returnId: idSchema.optional(),
  /** Cash on delivery orders wait for the shopper's confirmation. */
  codConfirmed: z.boolean().optional(),
  /** Promised delivery date (YYYY-MM-DD). */
  estimatedDelivery: z.string().optional(),
  /** Gold membership end date (YYYY-MM-DD) when the order bought the membership. */
  membershipEndsOn: z.string().optional(),
  subTotal: moneySchema.optional(),
  totalDiscount: moneySchema.optional(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * An order as tracking from an e-mail or SMS link shows it (account §7 GET order ?email /
 * ?sha1Email): its status and items, the total, and of the address only the city. Knowing an
 * e-mail is weak proof, so this shape has no phone, no street, no name, no payments and no
 * prescription; strict, so the server cannot add them by mistake.
 */
export const trackedOrderSchema = z
  .object({
    id: idSchema,
    createdAt: isoDateTimeSchema,
    status: orderSchema.shape.status,
    total: moneySchema,
    currencyCode: currencyCodeSchema,
    items: z.array(orderItemSchema.omit({ prescription: true }).strict()),
    shippingCity: z.string(),
    deliveryOption: z.string().optional(),
    estimatedDelivery: z.string().optional(),
  })
  .strict();
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;

export const paymentStatusSchema = z.object({
  orderId: idSchema,
  paymentId: z.string().optional(),
  paymentRefId: z.string().optional(),
  status: paymentStatusValueSchema,
  message: z.string().optional(),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const cardInputSchema = z
  .object({
    number: z.string().regex(/^\d{12,19}$/, 'Please enter a valid card number'),
    nameOnCard: z.string().trim().min(1).max(80),
    expiryMonth: z.number().int().min(1).max(12),
    expiryYear: z.number().int().min(2000).max(2100),
    cvv: z.string().regex(/^\d{3,4}$/, 'Please enter a valid CVV'),
    saveCard: z.boolean().default(false),
  })
  .strict();
export type CardInput = z.input<typeof cardInputSchema>;

export const VPA_PATTERN = /^[\w.-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;
export const vpaSchema = z.string().regex(VPA_PATTERN, 'Please enter a valid UPI id');

/** Place order / pay (shopping §7 "POST order payment"); money is computed by the API, never sent. */
export const orderPaymentSchema = z
  .object({
    paymentMethod: paymentMethodCodeSchema,
    /** Retrying payment of an existing order. */
    orderId: idSchema.optional(),
    card: cardInputSchema.optional(),
    savedCardToken: z.string().min(1).optional(),
    cvv: z
      .string()
      .regex(/^\d{3,4}$/, 'Please enter a valid CVV')
      .optional(),
    vpa: vpaSchema.optional(),
    bankCode: z.string().min(1).optional(),
    giftMessage: giftMessageSchema.optional(),
    captcha: z.string().min(1).optional(),
    leadSource: z.boolean().optional(),
    /**
     * The total the Pay button showed: the cart's `netAmountCart`, or the order's amount on a
     * retry (`orderId`). When it is not the amount the API would charge, nothing is charged or
     * written and the answer is 409 `CART_CHANGED` with the new `total`, `currencyCode` (and the
     * cart's `itemsQty`). Optional for one release (expand, then contract), so a cart-checkout
     * build of the previous version, which does not send it, still pays during a rollout; the
     * current client always sends it.
     */
    expectedTotal: moneySchema.optional(),
  })
  .strict()
  .refine((v) => v.paymentMethod !== 'upi' || v.vpa !== undefined || v.orderId !== undefined, {
    message: 'UPI needs a VPA',
    path: ['vpa'],
  });
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderPaymentResultSchema = z.object({
  order: z.object({ id: idSchema, amount: z.object({ total: moneySchema, currencyCode: currencyCodeSchema }) }),
  payment: z.object({
    paymentId: z.string(),
    status: paymentStatusValueSchema,
    /** What the payment screen does next. */
    action: z.enum(['NONE', 'REDIRECT', 'UPI_COLLECT', 'QR', 'SDK']),
    redirectUrl: z.string().optional(),
  }),
});
export type OrderPaymentResult = z.infer<typeof orderPaymentResultSchema>;

export const offerSchema = z.object({
  offerId: z.string().min(1),
  title: z.string(),
  description: z.string().optional(),
  paymentMethod: paymentMethodCodeSchema.optional(),
  bank: z.string().optional(),
  discount: moneySchema.optional(),
  discountPercent: z.number().min(0).max(100).optional(),
  minCartValue: moneySchema.optional(),
  /** The most the offer takes off, in the cart's currency (issue 42: "5% off with UPI" says its cap). */
  maxDiscount: moneySchema.optional(),
});
export type Offer = z.infer<typeof offerSchema>;

/** The captcha providers whose widget the browser shows (docs/adr/042); `builtin` is the local image. */
export const captchaProviderSchema = z.enum(['turnstile', 'hcaptcha', 'recaptcha']);
export type CaptchaProvider = z.infer<typeof captchaProviderSchema>;
/**
 * A captcha to show: in local mode the built-in image (answered as `id:characters`), in production
 * the provider's widget with our site key there (answered with the token the widget gives).
 */
export const captchaSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('builtin'), id: z.string().min(1), image: z.string().min(1) }),
  z.object({ provider: captchaProviderSchema, siteKey: z.string().min(1) }),
]);
export type Captcha = z.infer<typeof captchaSchema>;
