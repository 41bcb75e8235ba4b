import { z } from 'zod';
import {
  cancelOrderResultSchema,
  cancelOrderSchema,
  cancelPreviewSchema,
  cancelReasonSchema,
  emailSchema,
  idSchema,
  neftDetailsSchema,
  orderDetailSchema,
  orderListSchema,
  orderSchema,
  paymentStatusSchema,
  pfuPdRulesSchema,
  qrPaymentSchema,
  refundMethodCodeSchema,
  refundMethodSchema,
  trackedOrderSchema,
} from '../../schemas';
import { endpoint, q, result } from '../define';
import { ackResponse, idParam, params } from '../helpers';
import { orderRoutes } from './account-routes';

const SPEC = 'account §7 Orders, returns, refunds';
const orderId = params({ orderId: idParam() });

export const orderEndpoints = {
  list: endpoint({
    ...orderRoutes.list,
    query: z.object({ page: q.int({ min: 0 }).optional(), 'page-size': q.int({ min: 1, max: 50 }).optional() }).strict(),
    response: result(orderListSchema),
    summary: `The customer's orders, paged; 401 starts a guest session (${SPEC})`,
  }),
  latest: endpoint({
    ...orderRoutes.latest,
    response: result(orderSchema.pick({ id: true, createdAt: true, status: true }).nullable()),
    summary: `The latest order, read as result.createdAt (account §7 Auth/account)`,
  }),
  get: endpoint({
    ...orderRoutes.get,
    params: orderId,
    // The order, with its money from the ledger and its parcel (issue 42; both optional).
    response: result(orderDetailSchema),
    summary: `One order of the customer's or of this guest session's; lens-upgrade pages add the service auth header. Tracking by e-mail is orders.track (${SPEC})`,
  }),
  track: endpoint({
    ...orderRoutes.track,
    params: orderId,
    // The spec's GET order ?email / ?sha1Email (SMS links, where the e-mail must not travel in
    // clear), on its own path because the answer is a narrower shape: status and items only.
    query: z
      .object({
        email: emailSchema.optional(),
        sha1Email: z
          .string()
          .regex(/^[a-f0-9]{40}$/)
          .optional(),
      })
      .strict()
      .refine((v) => (v.email === undefined) !== (v.sha1Email === undefined), { message: 'Give the e-mail the order was placed with', path: ['email'] }),
    response: result(trackedOrderSchema),
    summary: `Track an order from an e-mail or SMS link: status and items, of the address only the city, never the phone (${SPEC})`,
  }),
  cancelReasons: endpoint({
    ...orderRoutes.cancelReasons,
    params: orderId,
    response: result(z.object({ reasons: z.array(cancelReasonSchema), refundMethods: z.array(refundMethodSchema) })),
    summary: `Why an order can be cancelled, and how it would be refunded (${SPEC})`,
  }),
  cancelPreview: endpoint({
    ...orderRoutes.cancelPreview,
    params: orderId,
    query: z
      .object({
        /** Comma-separated item ids; absent: the whole order. */
        itemIds: z
          .string()
          .regex(/^\d{1,12}(,\d{1,12}){0,49}$/, 'Please choose the items to cancel')
          .transform((v) => v.split(',').map(Number))
          .optional(),
        refundMethod: refundMethodCodeSchema.optional(),
      })
      .strict(),
    response: result(cancelPreviewSchema),
    summary: `What cancelling these items would refund, and where each part goes, before confirming (issue 42; ${SPEC})`,
  }),
  cancel: endpoint({
    ...orderRoutes.cancel,
    params: orderId,
    body: cancelOrderSchema,
    response: result(cancelOrderResultSchema),
    summary: `Cancel an order or some of its items (${SPEC})`,
  }),
  confirmCod: endpoint({
    ...orderRoutes.confirmCod,
    params: orderId,
    response: result(z.object({ orderId: idSchema, codConfirmed: z.boolean() })),
    summary: `Confirm a cash-on-delivery order (${SPEC})`,
  }),
  editNeft: endpoint({
    ...orderRoutes.editNeft,
    params: orderId,
    body: neftDetailsSchema,
    response: ackResponse,
    summary: `Edit the bank-transfer (NEFT) details a refund is paid to (${SPEC})`,
  }),
  pfuPdRules: endpoint({
    ...orderRoutes.pfuPdRules,
    response: result(pfuPdRulesSchema),
    summary: `Power follow-up pupillary-distance rules (${SPEC})`,
  }),
  qrStatus: endpoint({
    ...orderRoutes.qrStatus,
    params: orderId,
    response: result(paymentStatusSchema),
    summary: `QR payment status, polled by /checkout/payment/qr/{id} (${SPEC})`,
  }),
  qrGenerate: endpoint({
    ...orderRoutes.qrGenerate,
    params: orderId,
    response: result(qrPaymentSchema),
    summary: `Generate the payment QR code of an order (${SPEC})`,
  }),
} as const;
