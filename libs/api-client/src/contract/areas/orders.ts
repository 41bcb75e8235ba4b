import { z } from 'zod';
import {
  cancelOrderResultSchema,
  cancelOrderSchema,
  cancelReasonSchema,
  emailSchema,
  idSchema,
  neftDetailsSchema,
  orderListSchema,
  orderSchema,
  paymentStatusSchema,
  pfuPdRulesSchema,
  qrPaymentSchema,
  refundMethodSchema,
  trackedOrderSchema,
} from '../../schemas';
import { endpoint, q, result } from '../define';
import { ackResponse, idParam, params } from '../helpers';

const SPEC = 'account §7 Orders, returns, refunds';
const orderId = params({ orderId: idParam() });

export const orderEndpoints = {
  list: endpoint({
    name: 'orders.list',
    method: 'GET',
    path: '/v2/orders',
    query: z.object({ page: q.int({ min: 0 }).optional(), 'page-size': q.int({ min: 1, max: 50 }).optional() }).strict(),
    response: result(orderListSchema),
    summary: `The customer's orders, paged; 401 starts a guest session (${SPEC})`,
  }),
  latest: endpoint({
    name: 'orders.latest',
    method: 'GET',
    path: '/v2/orders/latest',
    response: result(orderSchema.pick({ id: true, createdAt: true, status: true }).nullable()),
    summary: `The latest order, read as result.createdAt (account §7 Auth/account)`,
  }),
  get: endpoint({
    name: 'orders.get',
    method: 'GET',
    path: '/v2/orders/:orderId',
    params: orderId,
    response: result(orderSchema),
    headers: { exchange: true },
    summary: `One order of the customer's or of this guest session's; lens-upgrade pages add the service auth header. Tracking by e-mail is orders.track (${SPEC})`,
  }),
  track: endpoint({
    name: 'orders.track',
    method: 'GET',
    path: '/v2/orders/:orderId/tracking',
    params: orderId,
    // The spec's GET order ?email / ?sha1Email (SMS links, where the e-mail must not travel in
    // clear), on its own path because the answer is a narrower shape: status and items only.
    query: z
      .object({ email: emailSchema.optional(), sha1Email: z.string().regex(/^[a-f0-9]{40}$/).optional() })
      .strict()
      .refine((v) => (v.email === undefined) !== (v.sha1Email === undefined), { message: 'Give the e-mail the order was placed with', path: ['email'] }),
    response: result(trackedOrderSchema),
    summary: `Track an order from an e-mail or SMS link: status and items, of the address only the city, never the phone (${SPEC})`,
  }),
  cancelReasons: endpoint({
    name: 'orders.cancelReasons',
    method: 'GET',
    path: '/v2/orders/:orderId/cancel/reasons',
    params: orderId,
    response: result(z.object({ reasons: z.array(cancelReasonSchema), refundMethods: z.array(refundMethodSchema) })),
    summary: `Why an order can be cancelled, and how it would be refunded (${SPEC})`,
  }),
  cancel: endpoint({
    name: 'orders.cancel',
    method: 'POST',
    path: '/v2/orders/:orderId/cancel',
    params: orderId,
    body: cancelOrderSchema,
    response: result(cancelOrderResultSchema),
    summary: `Cancel an order or some of its items (${SPEC})`,
  }),
  confirmCod: endpoint({
    name: 'orders.confirmCod',
    method: 'PUT',
    path: '/v2/orders/:orderId/confirm',
    params: orderId,
    response: result(z.object({ orderId: idSchema, codConfirmed: z.boolean() })),
    summary: `Confirm a cash-on-delivery order (${SPEC})`,
  }),
  editNeft: endpoint({
    name: 'orders.editNeft',
    method: 'POST',
    path: '/v2/orders/:orderId/neft',
    params: orderId,
    body: neftDetailsSchema,
    response: ackResponse,
    summary: `Edit the bank-transfer (NEFT) details a refund is paid to (${SPEC})`,
  }),
  pfuPdRules: endpoint({
    name: 'orders.pfuPdRules',
    method: 'GET',
    path: '/v2/config/pfu-pd-rules',
    response: result(pfuPdRulesSchema),
    summary: `Power follow-up pupillary-distance rules (${SPEC})`,
  }),
  qrStatus: endpoint({
    name: 'orders.qrStatus',
    method: 'GET',
    path: '/v2/qr-payments/:orderId/qr/status',
    params: orderId,
    response: result(paymentStatusSchema),
    summary: `QR payment status, polled by /checkout/payment/qr/{id} (${SPEC})`,
  }),
  qrGenerate: endpoint({
    name: 'orders.qrGenerate',
    method: 'POST',
    path: '/v2/qr-payments/:orderId/qr/generate',
    params: orderId,
    response: result(qrPaymentSchema),
    summary: `Generate the payment QR code of an order (${SPEC})`,
  }),
} as const;
