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
import { htoRoutes } from './appointments-routes';

const SPEC = 'account §7 Appointments (HTO)';
const appointmentId = z.string().regex(/^[A-Za-z0-9-]{4,64}$/, 'Invalid appointment id');

export const htoEndpoints = {
  page: endpoint({
    ...htoRoutes.page,
    query: z.object({ v: q.int({ min: 0 }).optional() }).strict(),
    response: result(htoPageSchema),
    summary: `Home eye test page JSON and its config (${SPEC})`,
  }),
  validateLocation: endpoint({
    ...htoRoutes.validateLocation,
    query: z.object({ location: z.string().regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/, 'location is lat,lng') }).strict(),
    response: result(htoServiceabilitySchema),
    summary: `Whether home visits reach a location (${SPEC})`,
  }),
  geocode: endpoint({
    ...htoRoutes.geocode,
    query: z.object({ pinCode: pincodeSchema }).strict(),
    response: result(geocodeSchema),
    summary: `Locate a pincode against the known places; 404 'No Result Found..' when none (shopping §8) (${SPEC})`,
  }),
  slots: endpoint({
    ...htoRoutes.slots,
    query: z.object({ pinCode: pincodeSchema }).strict(),
    response: result(z.object({ days: z.array(htoSlotSchema) })),
    summary: `Home visit slots at a pincode (${SPEC})`,
  }),
  cancelReasons: endpoint({
    ...htoRoutes.cancelReasons,
    response: result(z.object({ reasons: z.array(cancelReasonSchema) })),
    summary: `Reasons to cancel a home visit (${SPEC})`,
  }),
  cancel: endpoint({
    ...htoRoutes.cancel,
    params: params({ orderId: idParam() }),
    query: z.object({ reason: z.string().min(1).max(200) }).strict(),
    response: result(htoAppointmentSchema),
    summary: `Cancel a home visit; success clears appointmentInfo (${SPEC})`,
  }),
  lastOrder: endpoint({
    ...htoRoutes.lastOrder,
    query: z.object({ telephone: phoneSchema }).strict(),
    response: result(htoAppointmentSchema.nullable()),
    summary: `The last home visit booked by a phone, with its agent (${SPEC})`,
  }),
  createOrder: endpoint({
    ...htoRoutes.createOrder,
    body: htoOrderSchema,
    response: result(htoAppointmentSchema),
    summary: `Book a home visit with utm and user info (${SPEC})`,
  }),
  sos: endpoint({
    ...htoRoutes.sos,
    query: z.object({ appointmentId }).strict(),
    response: result(z.object({ appointmentId, status: appointmentStatusSchema, agent: htoAgentSchema.optional() })),
    summary: `SOS check: proceeds only when status is OPEN, else /HTO/sos?error=true (${SPEC})`,
  }),
} as const;
