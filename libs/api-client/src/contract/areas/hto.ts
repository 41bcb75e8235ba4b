import { z } from 'zod';
import {
  appointmentStatusSchema,
  cancelReasonSchema,
  geocodeSchema,
  htoAgentSchema,
  htoAppointmentSchema,
  htoOrderSchema,
  htoPageSchema,
  htoServiceabilitySchema,
  htoSlotSchema,
  phoneSchema,
  pincodeSchema,
} from '../../schemas';
import { endpoint, q, result } from '../define';
import { idParam, params } from '../helpers';

const SPEC = 'account §7 Appointments (HTO)';
const appointmentId = z.string().regex(/^[A-Za-z0-9-]{4,64}$/, 'Invalid appointment id');

export const htoEndpoints = {
  page: endpoint({
    name: 'hto.page',
    method: 'GET',
    path: '/v2/hto/page',
    query: z.object({ v: q.int({ min: 0 }).optional() }).strict(),
    response: result(htoPageSchema),
    summary: `Home eye test page JSON and its config (${SPEC})`,
  }),
  validateLocation: endpoint({
    name: 'hto.validateLocation',
    method: 'GET',
    path: '/v2/hto/location/validate',
    query: z.object({ location: z.string().regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/, 'location is lat,lng') }).strict(),
    response: result(htoServiceabilitySchema),
    summary: `Whether home visits reach a location (${SPEC})`,
  }),
  geocode: endpoint({
    name: 'hto.geocode',
    method: 'GET',
    path: '/v2/hto/geocode',
    query: z.object({ pinCode: pincodeSchema }).strict(),
    response: result(geocodeSchema),
    summary: `Locate a pincode against the known places; 404 'No Result Found..' when none (shopping §8) (${SPEC})`,
  }),
  slots: endpoint({
    name: 'hto.slots',
    method: 'GET',
    path: '/v2/hto/slots',
    query: z.object({ pinCode: pincodeSchema }).strict(),
    response: result(z.object({ days: z.array(htoSlotSchema) })),
    summary: `Home visit slots at a pincode (${SPEC})`,
  }),
  cancelReasons: endpoint({
    name: 'hto.cancelReasons',
    method: 'GET',
    path: '/v2/hto/cancel-reasons',
    response: result(z.object({ reasons: z.array(cancelReasonSchema) })),
    summary: `Reasons to cancel a home visit (${SPEC})`,
  }),
  cancel: endpoint({
    name: 'hto.cancel',
    method: 'POST',
    path: '/v2/hto/order/:orderId/cancel',
    params: params({ orderId: idParam() }),
    query: z.object({ reason: z.string().min(1).max(200) }).strict(),
    response: result(htoAppointmentSchema),
    summary: `Cancel a home visit; success clears appointmentInfo (${SPEC})`,
  }),
  lastOrder: endpoint({
    name: 'hto.lastOrder',
    method: 'GET',
    path: '/v2/hto/lastorder',
    query: z.object({ telephone: phoneSchema }).strict(),
    response: result(htoAppointmentSchema.nullable()),
    summary: `The last home visit booked by a phone, with its agent (${SPEC})`,
  }),
  createOrder: endpoint({
    name: 'hto.createOrder',
    method: 'POST',
    path: '/v2/hto/order',
    body: htoOrderSchema,
    response: result(htoAppointmentSchema),
    summary: `Book a home visit with utm and user info (${SPEC})`,
  }),
  sos: endpoint({
    name: 'hto.sos',
    method: 'GET',
    path: '/v2/hto/sos',
    query: z.object({ appointmentId }).strict(),
    response: result(z.object({ appointmentId, status: appointmentStatusSchema, agent: htoAgentSchema.optional() })),
    summary: `SOS check: proceeds only when status is OPEN, else /HTO/sos?error=true (${SPEC})`,
  }),
} as const;
