import { z } from 'zod';
import {
  classificationSchema,
  pincodeSchema,
  refundEstimateSchema,
  refundMethodSchema,
  refundRequestSchema,
  refundSchema,
  returnConfigSchema,
  returnEligibilitySchema,
  returnLabelStatusSchema,
  returnModeSchema,
  returnReasonSchema,
  returnRequestSchema,
  returnSchema,
} from '../../schemas';
import { endpoint, q, result } from '../define';
import { idParam, params } from '../helpers';

const SPEC = 'account §7 Orders, returns, refunds';
const orderId = params({ orderId: idParam() });
const itemId = params({ itemId: idParam() });

export const returnEndpoints = {
  eligibility: endpoint({
    name: 'returns.eligibility',
    method: 'GET',
    path: '/v2/orders/:orderId/return/eligibility',
    params: orderId,
    query: z.object({ fetchRefundExchangeDetails: q.bool().optional() }).strict(),
    response: result(z.array(returnEligibilitySchema)),
    summary: `Per item: exchangeable, refundable, returnable (${SPEC})`,
  }),
  reasons: endpoint({
    name: 'returns.reasons',
    method: 'GET',
    path: '/v2/returns/reasons',
    query: z.object({ classification: classificationSchema }).strict(),
    response: result(z.object({ reasons: z.array(returnReasonSchema) })),
    summary: `Return reasons of a classification, read as result.reasons (${SPEC})`,
  }),
  modes: endpoint({
    name: 'returns.modes',
    method: 'GET',
    path: '/v2/returns/modes',
    query: z.object({ pincode: pincodeSchema }).strict(),
    /** stores: where a store return can be made near the pincode (empty when none). */
    response: result(z.object({ modes: z.array(returnModeSchema), stores: z.array(z.object({ code: z.string(), name: z.string(), address: z.string(), city: z.string() })) })),
    summary: `Return modes (pickup, store return, self-ship) at a pincode, with the stores for a store return (${SPEC})`,
  }),
  serviceability: endpoint({
    name: 'returns.serviceability',
    method: 'GET',
    path: '/v2/returns/serviceability',
    query: z.object({ pincode: pincodeSchema }).strict(),
    response: result(z.object({ pincode: pincodeSchema, serviceable: z.boolean() })),
    summary: `Whether a pickup address is serviceable (${SPEC})`,
  }),
  labelStatus: endpoint({
    name: 'returns.labelStatus',
    method: 'GET',
    path: '/v2/returns/label-status/:groupId',
    params: params({ groupId: z.string().regex(/^[\w-]{1,64}$/, 'Invalid group id') }),
    response: result(returnLabelStatusSchema),
    summary: `Status of a return's shipping label (${SPEC})`,
  }),
  details: endpoint({
    name: 'returns.details',
    method: 'GET',
    path: '/v2/returns/details/:itemId',
    params: itemId,
    response: result(returnSchema),
    summary: `Return details of an item (/sales/order/return-details/{id}) (${SPEC})`,
  }),
  create: endpoint({
    name: 'returns.create',
    method: 'POST',
    path: '/v2/orders/:orderId/return',
    params: orderId,
    body: returnRequestSchema,
    response: result(returnSchema),
    summary: `Create a return or exchange (${SPEC})`,
  }),
  cancel: endpoint({
    name: 'returns.cancel',
    method: 'POST',
    path: '/v2/orders/:orderId/return/:returnId/cancel',
    params: params({ orderId: idParam(), returnId: idParam() }),
    response: result(returnSchema),
    summary: `Cancel a return (${SPEC})`,
  }),
  config: endpoint({
    name: 'returns.config',
    method: 'GET',
    path: '/v2/returns/config',
    response: result(returnConfigSchema),
    summary: `Return-order config: window, allowed statuses per payment method (${SPEC})`,
  }),
  refundMethods: endpoint({
    name: 'returns.refundMethods',
    method: 'GET',
    path: '/v2/refunds/methods/:itemId',
    params: itemId,
    response: result(z.object({ methods: z.array(refundMethodSchema) })),
    summary: `How an item can be refunded (${SPEC})`,
  }),
  refundEstimate: endpoint({
    name: 'returns.refundEstimate',
    method: 'GET',
    path: '/v2/refunds/estimate/:itemId',
    params: itemId,
    response: result(refundEstimateSchema),
    summary: `The refund an item would get (${SPEC})`,
  }),
  createRefund: endpoint({
    name: 'returns.createRefund',
    method: 'POST',
    path: '/v2/orders/:orderId/refund/return',
    params: orderId,
    body: refundRequestSchema,
    response: result(refundSchema),
    summary: `Request the refund of a returned item by a method (${SPEC})`,
  }),
  refundDetails: endpoint({
    name: 'returns.refundDetails',
    method: 'GET',
    path: '/v2/orders/:orderId/refund/details',
    params: orderId,
    response: result(z.object({ refunds: z.array(refundSchema) })),
    summary: `Refunds of an order (${SPEC})`,
  }),
} as const;
