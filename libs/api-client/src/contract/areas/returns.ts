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
import { idParam, multipart, params, uploadedFileSchema } from '../helpers';
import { returnRoutes } from './account-routes';

const SPEC = 'account §7 Orders, returns, refunds';
const orderId = params({ orderId: idParam() });
const itemId = params({ itemId: idParam() });
/** A return photo: an image, no larger than any upload (the size the config answers as photoMaxBytes). */
const PHOTO_MAX_BYTES = uploadedFileSchema.shape.size.maxValue ?? 0;
const photoFile = uploadedFileSchema.extend({
  mimetype: z.enum(['image/jpeg', 'image/png', 'image/webp', 'image/heic'], { message: 'Please upload a photo (JPEG, PNG, WEBP or HEIC)' }),
  size: z
    .number()
    .int()
    .positive()
    .max(PHOTO_MAX_BYTES, `The photo is larger than ${PHOTO_MAX_BYTES / (1024 * 1024)} MB`),
});

export const returnEndpoints = {
  eligibility: endpoint({
    ...returnRoutes.eligibility,
    params: orderId,
    query: z.object({ fetchRefundExchangeDetails: q.bool().optional() }).strict(),
    response: result(z.array(returnEligibilitySchema)),
    summary: `Per item: exchangeable, refundable, returnable (${SPEC})`,
  }),
  reasons: endpoint({
    ...returnRoutes.reasons,
    query: z.object({ classification: classificationSchema }).strict(),
    response: result(z.object({ reasons: z.array(returnReasonSchema) })),
    summary: `Return reasons of a classification, read as result.reasons (${SPEC})`,
  }),
  modes: endpoint({
    ...returnRoutes.modes,
    query: z.object({ pincode: pincodeSchema }).strict(),
    /** stores: where a store return can be made near the pincode (empty when none). */
    response: result(
      z.object({ modes: z.array(returnModeSchema), stores: z.array(z.object({ code: z.string(), name: z.string(), address: z.string(), city: z.string() })) }),
    ),
    summary: `Return modes (pickup, store return, self-ship) at a pincode, with the stores for a store return (${SPEC})`,
  }),
  serviceability: endpoint({
    ...returnRoutes.serviceability,
    query: z.object({ pincode: pincodeSchema }).strict(),
    response: result(z.object({ pincode: pincodeSchema, serviceable: z.boolean() })),
    summary: `Whether a pickup address is serviceable (${SPEC})`,
  }),
  labelStatus: endpoint({
    ...returnRoutes.labelStatus,
    params: params({ groupId: z.string().regex(/^[\w-]{1,64}$/, 'Invalid group id') }),
    response: result(returnLabelStatusSchema),
    summary: `Status of a return's shipping label (${SPEC})`,
  }),
  details: endpoint({
    ...returnRoutes.details,
    params: itemId,
    response: result(returnSchema),
    summary: `Return details of an item (/sales/order/return-details/{id}) (${SPEC})`,
  }),
  create: endpoint({
    ...returnRoutes.create,
    params: orderId,
    body: returnRequestSchema,
    response: result(returnSchema),
    summary: `Create a return or exchange (${SPEC})`,
  }),
  cancel: endpoint({
    ...returnRoutes.cancel,
    params: params({ orderId: idParam(), returnId: idParam() }),
    response: result(returnSchema),
    summary: `Cancel a return (${SPEC})`,
  }),
  config: endpoint({
    ...returnRoutes.config,
    response: result(returnConfigSchema),
    summary: `Return-order config: window, allowed statuses per payment method, photo size, the return address of the country (${SPEC})`,
  }),
  uploadPhoto: endpoint({
    ...returnRoutes.uploadPhoto,
    body: multipart({ file: photoFile }),
    response: result(z.object({ fileName: z.string().min(1), contentType: z.string().min(1) })),
    summary: `A photo of an item to return, for the reasons that need one (needsImage); its fileName goes in the return request (${SPEC}: create a return)`,
  }),
  refundMethods: endpoint({
    ...returnRoutes.refundMethods,
    params: itemId,
    response: result(z.object({ methods: z.array(refundMethodSchema) })),
    summary: `How an item can be refunded (${SPEC})`,
  }),
  refundEstimate: endpoint({
    ...returnRoutes.refundEstimate,
    params: itemId,
    response: result(refundEstimateSchema),
    summary: `The refund an item would get (${SPEC})`,
  }),
  createRefund: endpoint({
    ...returnRoutes.createRefund,
    params: orderId,
    body: refundRequestSchema,
    response: result(refundSchema),
    summary: `Request the refund of a returned item by a method (${SPEC})`,
  }),
  refundDetails: endpoint({
    ...returnRoutes.refundDetails,
    params: orderId,
    response: result(z.object({ refunds: z.array(refundSchema) })),
    summary: `Refunds of an order (${SPEC})`,
  }),
} as const;
