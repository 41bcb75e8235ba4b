import { z } from 'zod';
import {
  captchaSchema,
  cartSchema,
  idSchema,
  isoDateTimeSchema,
  offerSchema,
  orderPaymentResultSchema,
  orderSchema,
  orderPaymentSchema,
  paymentMethodCodeSchema,
  paymentMethodSchema,
  paymentStatusSchema,
  savedCardSchema,
  vpaSchema,
} from '../../schemas';
import { endpoint, q, result } from '../define';
import { idParam, params } from '../helpers';
import { checkoutRoutes } from './cart-routes';

const SPEC = 'shopping §7 Checkout and payment';

const orderIdQuery = z.object({ orderId: q.int({ min: 1 }) }).strict();
const orderIdParams = params({ orderId: idParam() });
/** Comma-joined method codes, e.g. the default "cc,dc". */
const methodList = z
  .string()
  .transform((v) => v.split(','))
  .pipe(z.array(paymentMethodCodeSchema).min(1));

const paymentMethodsQuery = z
  .object({
    orderId: q.int({ min: 1 }).optional(),
    paymentMethod: methodList.optional(),
    primerPaymentMethods: z
      .string()
      .regex(/^[A-Z_]+(,[A-Z_]+)*$/)
      .optional(),
    isSalesman: q.bool().optional(),
  })
  .strict();
/** The methods, and which path version served them (default, v4 or v5). */
const paymentMethodsResponse = result(z.object({ methods: z.array(paymentMethodSchema), version: z.enum(['default', 'v4', 'v5']) }));

export const checkoutEndpoints = {
  paymentMethods: endpoint({
    ...checkoutRoutes.paymentMethods,
    query: paymentMethodsQuery,
    response: paymentMethodsResponse,
    summary: `Payment methods (India only), the default path version (${SPEC})`,
  }),
  paymentMethodsV4: endpoint({
    ...checkoutRoutes.paymentMethodsV4,
    query: paymentMethodsQuery,
    response: paymentMethodsResponse,
    summary: `Payment methods, path version v4 (setting PAYMENT_METHOD_NEW_VERSION) (${SPEC})`,
  }),
  paymentMethodsV5: endpoint({
    ...checkoutRoutes.paymentMethodsV5,
    query: paymentMethodsQuery,
    response: paymentMethodsResponse,
    summary: `Payment methods, path version v5 (mobile client with MSITE_NEW_PAYMENT_DESIGN) (${SPEC})`,
  }),
  clientToken: endpoint({
    ...checkoutRoutes.clientToken,
    query: z.object({ orderId: q.int({ min: 1 }).optional() }).strict(),
    response: result(z.object({ clientToken: z.string().min(1), expiresAt: isoDateTimeSchema })),
    summary: `Card-provider client token for the hosted card form (${SPEC})`,
  }),
  providerSavedCards: endpoint({
    ...checkoutRoutes.providerSavedCards,
    response: result(z.object({ cards: z.array(savedCardSchema) })),
    summary: `Cards saved with the card provider (${SPEC})`,
  }),
  providerPaymentStatus: endpoint({
    ...checkoutRoutes.providerPaymentStatus,
    params: params({ paymentRefId: z.string().regex(/^[\w-]{6,64}$/, 'Invalid payment reference') }),
    query: z
      .object({
        paymentId: z
          .string()
          .regex(/^[\w-]{6,64}$/)
          .optional(),
      })
      .strict(),
    response: result(paymentStatusSchema),
    summary: `Card-provider payment status, polled (${SPEC})`,
  }),
  pay: endpoint({
    ...checkoutRoutes.pay,
    body: orderPaymentSchema,
    response: result(orderPaymentResultSchema),
    summary: `Place the order and start its payment (no cache; Idempotency-Key) (${SPEC})`,
  }),
  validateVpa: endpoint({
    ...checkoutRoutes.validateVpa,
    body: z.object({ vpa: vpaSchema }).strict(),
    response: result(z.object({ valid: z.boolean(), name: z.string().optional() })),
    summary: `Check a UPI address before a collect request (${SPEC})`,
  }),
  upiStatus: endpoint({
    ...checkoutRoutes.upiStatus,
    params: orderIdParams,
    response: result(paymentStatusSchema),
    summary: `UPI payment status, polled (${SPEC})`,
  }),
  juspayStatus: endpoint({
    ...checkoutRoutes.juspayStatus,
    params: orderIdParams,
    response: result(paymentStatusSchema),
    summary: `Payment-SDK provider status of an order (${SPEC})`,
  }),
  sdkInitiate: endpoint({
    ...checkoutRoutes.sdkInitiate,
    query: orderIdQuery,
    response: result(z.object({ requestId: z.string().min(1), payload: z.record(z.string(), z.unknown()) })),
    summary: `Initiation payload for the payment SDK (${SPEC})`,
  }),
  captcha: endpoint({
    ...checkoutRoutes.captcha,
    query: z.object({ v: q.int({ min: 0 }).optional() }).strict(),
    response: result(captchaSchema),
    summary: `A captcha to show: the built-in image (local mode) or the provider and site key of its widget (docs/adr/042); fetched without the session header (${SPEC})`,
  }),
  cardOffers: endpoint({
    ...checkoutRoutes.cardOffers,
    // The BIN (first 6-8 digits) is enough to find a bank's offers; a full number is refused.
    query: z.object({ cardNumber: z.string().regex(/^\d{6,8}$/, 'Send the first 6 to 8 digits') }).strict(),
    response: result(z.object({ offers: z.array(offerSchema) })),
    summary: `Offers for a card, by its first digits (${SPEC})`,
  }),
  paymentOffers: endpoint({
    ...checkoutRoutes.paymentOffers,
    response: result(z.object({ offers: z.array(offerSchema) })),
    summary: `Enabled payment offers (bank and wallet) (${SPEC})`,
  }),
  applyPaymentOffer: endpoint({
    ...checkoutRoutes.applyPaymentOffer,
    body: z
      .object({
        offerId: z.string().min(1).max(60),
        paymentMethod: paymentMethodCodeSchema.optional(),
        cardBin: z
          .string()
          .regex(/^\d{6,8}$/)
          .optional(),
        orderId: idSchema.optional(),
      })
      .strict(),
    response: result(cartSchema),
    summary: `Apply a payment offer to the cart (${SPEC})`,
  }),
  order: endpoint({
    ...checkoutRoutes.order,
    params: orderIdParams,
    response: result(orderSchema),
    summary: `The order just placed, for the success page and order summary; guests see their own session's orders (shopping §2 success)`,
  }),
} as const;
