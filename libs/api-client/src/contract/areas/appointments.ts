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
import { appointmentRoutes } from './appointments-routes';

const SPEC = 'account §7 Appointments';

const appointment = result(appointmentSchema);
const hec = result(hecAppointmentSchema);
const appointmentId = z.string().regex(/^[A-Za-z0-9-]{4,64}$/, 'Invalid appointment id');
const orderItemQuery = z.object({ orderId: q.int({ min: 1 }).optional(), itemId: q.int({ min: 1 }).optional() }).strict();
const stores = result(z.object({ stores: z.array(storeSchema) }));

export const appointmentEndpoints = {
  storeSlots: endpoint({
    ...appointmentRoutes.storeSlots,
    body: slotRequestSchema,
    response: result(storeSlotsSchema),
    summary: `Slots of a store on a date (duration 30, classification 1, skipCurrentDate 0; windows 9-12, 12-15, 15-18, 18-21; tomorrow after 21:00 in the store's zone) (${SPEC})`,
  }),
  book: endpoint({
    ...appointmentRoutes.book,
    query: orderItemQuery,
    body: bookAppointmentSchema,
    response: appointment,
    summary: `Book a store appointment, optionally for an order item (${SPEC})`,
  }),
  reschedule: endpoint({
    ...appointmentRoutes.reschedule,
    query: z.object({ orderId: q.int({ min: 1 }).optional() }).strict(),
    body: rescheduleAppointmentSchema,
    response: appointment,
    summary: `Move a booked appointment (bookedStatus reschedule) (${SPEC})`,
  }),
  get: endpoint({
    ...appointmentRoutes.get,
    params: params({ appointmentId }),
    query: z.object({ source: z.enum(['STORE', 'HEC', 'HTO', 'STUDIO', 'TYV']).optional() }).strict(),
    response: appointment,
    summary: `Appointment details (${SPEC})`,
  }),
  cancel: endpoint({
    ...appointmentRoutes.cancel,
    query: orderItemQuery,
    body: z.object({ appointmentId, reason: z.string().max(200).optional() }).strict(),
    response: appointment,
    summary: `Cancel a store appointment (${SPEC})`,
  }),
  hecGet: endpoint({
    ...appointmentRoutes.hecGet,
    params: params({ appointmentId }),
    response: hec,
    summary: `Home eye check-up appointment (${SPEC})`,
  }),
  hecSync: endpoint({
    ...appointmentRoutes.hecSync,
    params: params({ appointmentId }),
    query: z.object({ source: z.literal('HEC') }).strict(),
    response: hec,
    summary: `Sync a home eye check-up appointment's latest state (${SPEC})`,
  }),
  hecCancel: endpoint({
    ...appointmentRoutes.hecCancel,
    query: z.object({ orderId: q.int({ min: 1 }), reasonCancellation: z.string().min(1).max(200) }).strict(),
    response: hec,
    summary: `Cancel a home eye check-up with a reason (${SPEC})`,
  }),
  studioStores: endpoint({
    ...appointmentRoutes.studioStores,
    response: stores,
    summary: `Studio stores, read as result.stores (${SPEC})`,
  }),
  studioSlot: endpoint({
    ...appointmentRoutes.studioSlot,
    params: params({ orderId: idParam() }),
    body: studioSlotSchema,
    response: appointment,
    summary: `Book or reschedule the studio slot of an order, then refresh the order (${SPEC})`,
  }),
  testYourVision: endpoint({
    ...appointmentRoutes.testYourVision,
    body: bookAppointmentSchema,
    response: appointment,
    summary: `Book a test-your-vision appointment (desktop client header) (${SPEC})`,
  }),
  storeApiNearby: endpoint({
    ...appointmentRoutes.storeApiNearby,
    query: z.object({ area: z.string().trim().min(1).max(100), pid: q.int({ min: 1 }).optional() }).strict(),
    response: stores,
    summary: `Store API: stores near an area, optionally stocking a product (${SPEC})`,
  }),
  storeApiAppointment: endpoint({
    ...appointmentRoutes.storeApiAppointment,
    body: bookAppointmentSchema,
    response: appointment,
    summary: `Store API: book a store appointment (${SPEC})`,
  }),
  storeApiPincodeProduct: endpoint({
    ...appointmentRoutes.storeApiPincodeProduct,
    params: params({ pincode: pincodeSchema }),
    body: z.object({ productId: idSchema }).strict(),
    response: result(z.object({ available: z.boolean(), stores: z.array(storeSchema) })),
    summary: `Store API: stores at a pincode that have a product (${SPEC})`,
  }),
  nearbyStores: endpoint({
    ...appointmentRoutes.nearbyStores,
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
  stores: endpoint({
    ...appointmentRoutes.stores,
    response: stores,
    summary: `Every store of the shopper's country, by city then area: the store locator page (issue 42; the specs name no call for it, the stores are account §3 Appointments' stores list)`,
  }),
} as const;
