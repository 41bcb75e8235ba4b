import { route } from '../route';
import type { appointmentEndpoints } from './appointments';
import type { htoEndpoints } from './hto';

type A = typeof appointmentEndpoints;
type H = typeof htoEndpoints;

/**
 * The appointment and home-visit calls for the browser: where each goes, typed by its answer,
 * without schema code (the server validates against `appointments.ts` and `hto.ts`).
 */
export const appointmentRoutes = {
  storeSlots: route<A['storeSlots']['response']>('appointments.storeSlots', 'POST', '/v2/appointments/slots'),
  book: route<A['book']['response']>('appointments.book', 'POST', '/v2/appointments'),
  reschedule: route<A['reschedule']['response']>('appointments.reschedule', 'POST', '/v2/appointments/reschedule'),
  get: route<A['get']['response']>('appointments.get', 'GET', '/v2/appointments/:appointmentId'),
  cancel: route<A['cancel']['response']>('appointments.cancel', 'POST', '/v2/appointments/cancel'),
  hecGet: route<A['hecGet']['response']>('appointments.hecGet', 'GET', '/v2/hec/appointments/:appointmentId'),
  hecSync: route<A['hecSync']['response']>('appointments.hecSync', 'GET', '/v2/hec/appointments/:appointmentId/sync'),
  hecCancel: route<A['hecCancel']['response']>('appointments.hecCancel', 'POST', '/v2/hec/appointments/cancel'),
  studioStores: route<A['studioStores']['response']>('appointments.studioStores', 'GET', '/v2/studio/stores'),
  studioSlot: route<A['studioSlot']['response']>('appointments.studioSlot', 'POST', '/v2/orders/:orderId/studio/slot'),
  testYourVision: route<A['testYourVision']['response']>('appointments.testYourVision', 'POST', '/v2/studio/test-your-vision'),
  storeApiNearby: route<A['storeApiNearby']['response']>('appointments.storeApiNearby', 'GET', '/v2/store-api/stores/nearby'),
  storeApiAppointment: route<A['storeApiAppointment']['response']>('appointments.storeApiAppointment', 'POST', '/v2/store-api/appointments'),
  storeApiPincodeProduct: route<A['storeApiPincodeProduct']['response']>('appointments.storeApiPincodeProduct', 'POST', '/v2/store-api/pincode/:pincode/product'),
  nearbyStores: route<A['nearbyStores']['response']>('appointments.nearbyStores', 'GET', '/v2/stores/nearby'),
};

export const htoRoutes = {
  page: route<H['page']['response']>('hto.page', 'GET', '/v2/hto/page'),
  validateLocation: route<H['validateLocation']['response']>('hto.validateLocation', 'GET', '/v2/hto/location/validate'),
  geocode: route<H['geocode']['response']>('hto.geocode', 'GET', '/v2/hto/geocode'),
  slots: route<H['slots']['response']>('hto.slots', 'GET', '/v2/hto/slots'),
  cancelReasons: route<H['cancelReasons']['response']>('hto.cancelReasons', 'GET', '/v2/hto/cancel-reasons'),
  cancel: route<H['cancel']['response']>('hto.cancel', 'POST', '/v2/hto/order/:orderId/cancel'),
  lastOrder: route<H['lastOrder']['response']>('hto.lastOrder', 'GET', '/v2/hto/lastorder'),
  createOrder: route<H['createOrder']['response']>('hto.createOrder', 'POST', '/v2/hto/order'),
  sos: route<H['sos']['response']>('hto.sos', 'GET', '/v2/hto/sos'),
};
