import { z } from 'zod';
import {
  appointmentSchema,
  bookAppointmentSchema,
  hecAppointmentSchema,
  idSchema,
  pincodeSchema,
  rescheduleAppointmentSchema,
  slotRequestSchema,
  storeSlotsSchema,
  storeListSchema,
  storeSchema,
  studioSlotSchema,
} from '../../schemas';
import { endpoint, q, result } from '../define';
import { idParam, params } from '../helpers';

const SPEC = 'account §7 Appointments';

const appointment = result(appointmentSchema);
const hec = result(hecAppointmentSchema);
const appointmentId = z.string().regex(/^[A-Za-z0-9-]{4,64}$/, 'Invalid appointment id');
const orderItemQuery = z.object({ orderId: q.int({ min: 1 }).optional(), itemId: q.int({ min: 1 }).optional() }).strict();
const stores = result(z.object({ stores: z.array(storeSchema) }));

export const appointmentEndpoints = {
  storeSlots: endpoint({
    name: 'appointments.storeSlots',
    method: 'POST',
    path: '/v2/appointments/slots',
    body: slotRequestSchema,
    response: result(storeSlotsSchema),
    summary: `Slots of a store on a date (duration 30, classification 1, skipCurrentDate 0; windows 9-12, 12-15, 15-18, 18-21; tomorrow after 21:00 in the store's zone) (${SPEC})`,
  }),
  book: endpoint({
    name: 'appointments.book',
    method: 'POST',
    path: '/v2/appointments',
    query: orderItemQuery,
    body: bookAppointmentSchema,
    response: appointment,
    summary: `Book a store appointment, optionally for an order item (${SPEC})`,
  }),
  reschedule: endpoint({
    name: 'appointments.reschedule',
    method: 'POST',
    path: '/v2/appointments/reschedule',
    query: z.object({ orderId: q.int({ min: 1 }).optional() }).strict(),
    body: rescheduleAppointmentSchema,
    response: appointment,
    summary: `Move a booked appointment (bookedStatus reschedule) (${SPEC})`,
  }),
  get: endpoint({
    name: 'appointments.get',
    method: 'GET',
    path: '/v2/appointments/:appointmentId',
    params: params({ appointmentId }),
    query: z.object({ source: z.enum(['STORE', 'HEC', 'HTO', 'STUDIO', 'TYV']).optional() }).strict(),
    response: appointment,
    summary: `Appointment details (${SPEC})`,
  }),
  cancel: endpoint({
    name: 'appointments.cancel',
    method: 'POST',
    path: '/v2/appointments/cancel',
    query: orderItemQuery,
    body: z.object({ appointmentId, reason: z.string().max(200).optional() }).strict(),
    response: appointment,
    summary: `Cancel a store appointment (${SPEC})`,
  }),
  hecGet: endpoint({
    name: 'appointments.hecGet',
    method: 'GET',
    path: '/v2/hec/appointments/:appointmentId',
    params: params({ appointmentId }),
    response: hec,
    summary: `Home eye check-up appointment (${SPEC})`,
  }),
  hecSync: endpoint({
    name: 'appointments.hecSync',
    method: 'GET',
    path: '/v2/hec/appointments/:appointmentId/sync',
    params: params({ appointmentId }),
    query: z.object({ source: z.literal('HEC') }).strict(),
    response: hec,
    summary: `Sync a home eye check-up appointment's latest state (${SPEC})`,
  }),
  hecCancel: endpoint({
    name: 'appointments.hecCancel',
    method: 'POST',
    path: '/v2/hec/appointments/cancel',
    query: z.object({ orderId: q.int({ min: 1 }), reasonCancellation: z.string().min(1).max(200) }).strict(),
    response: hec,
    summary: `Cancel a home eye check-up with a reason (${SPEC})`,
  }),
  studioStores: endpoint({
    name: 'appointments.studioStores',
    method: 'GET',
    path: '/v2/studio/stores',
    response: stores,
    summary: `Studio stores, read as result.stores (${SPEC})`,
  }),
  studioSlot: endpoint({
    name: 'appointments.studioSlot',
    method: 'POST',
    path: '/v2/orders/:orderId/studio/slot',
    params: params({ orderId: idParam() }),
    body: studioSlotSchema,
    response: appointment,
    summary: `Book or reschedule the studio slot of an order, then refresh the order (${SPEC})`,
  }),
  testYourVision: endpoint({
    name: 'appointments.testYourVision',
    method: 'POST',
    path: '/v2/studio/test-your-vision',
    body: bookAppointmentSchema,
    response: appointment,
    summary: `Book a test-your-vision appointment (desktop client header) (${SPEC})`,
  }),
  storeApiNearby: endpoint({
    name: 'appointments.storeApiNearby',
    method: 'GET',
    path: '/v2/store-api/stores/nearby',
    query: z.object({ area: z.string().trim().min(1).max(100), pid: q.int({ min: 1 }).optional() }).strict(),
    response: stores,
    summary: `Store API: stores near an area, optionally stocking a product (${SPEC})`,
  }),
  storeApiAppointment: endpoint({
    name: 'appointments.storeApiAppointment',
    method: 'POST',
    path: '/v2/store-api/appointments',
    body: bookAppointmentSchema,
    response: appointment,
    summary: `Store API: book a store appointment (${SPEC})`,
  }),
  storeApiPincodeProduct: endpoint({
    name: 'appointments.storeApiPincodeProduct',
    method: 'POST',
    path: '/v2/store-api/pincode/:pincode/product',
    params: params({ pincode: pincodeSchema }),
    body: z.object({ productId: idSchema }).strict(),
    response: result(z.object({ available: z.boolean(), stores: z.array(storeSchema) })),
    summary: `Store API: stores at a pincode that have a product (${SPEC})`,
  }),
  nearbyStores: endpoint({
    name: 'appointments.nearbyStores',
    method: 'GET',
    path: '/v2/stores/nearby',
    query: z
      .object({
        address: z.string().trim().min(1).max(200),
        radius: q.int({ min: 1, max: 200 }).default(20),
        pageSize: q.int({ min: 1, max: 50 }).default(10),
        pageNumber: q.int({ min: 0 }).default(0),
      })
      .strict(),
    response: result(storeListSchema),
    summary: `Stores near an address (radius 20, page size 10, page 0) (account §7 Orders, returns, refunds)`,
  }),
} as const;
