import { route } from '../route';

/**
 * The appointment and home-visit calls for the browser: where each goes, without schema code;
 * declared here once, spread by their endpoints in `appointments.ts` and `hto.ts` (which the
 * server validates against).
 */
export const appointmentRoutes = {
  storeSlots: route('appointments.storeSlots', 'POST', '/v2/appointments/slots'),
  book: route('appointments.book', 'POST', '/v2/appointments', { idempotencyKey: true }),
  reschedule: route('appointments.reschedule', 'POST', '/v2/appointments/reschedule', { idempotencyKey: true }),
  get: route('appointments.get', 'GET', '/v2/appointments/:appointmentId'),
  cancel: route('appointments.cancel', 'POST', '/v2/appointments/cancel', { idempotencyKey: true }),
  hecGet: route('appointments.hecGet', 'GET', '/v2/hec/appointments/:appointmentId'),
  hecSync: route('appointments.hecSync', 'GET', '/v2/hec/appointments/:appointmentId/sync'),
  hecCancel: route('appointments.hecCancel', 'POST', '/v2/hec/appointments/cancel', { idempotencyKey: true }),
  studioStores: route('appointments.studioStores', 'GET', '/v2/studio/stores'),
  studioSlot: route('appointments.studioSlot', 'POST', '/v2/orders/:orderId/studio/slot', { idempotencyKey: true }),
  testYourVision: route('appointments.testYourVision', 'POST', '/v2/studio/test-your-vision'),
  storeApiNearby: route('appointments.storeApiNearby', 'GET', '/v2/store-api/stores/nearby'),
  storeApiAppointment: route('appointments.storeApiAppointment', 'POST', '/v2/store-api/appointments', { idempotencyKey: true }),
  storeApiPincodeProduct: route('appointments.storeApiPincodeProduct', 'POST', '/v2/store-api/pincode/:pincode/product'),
  nearbyStores: route('appointments.nearbyStores', 'GET', '/v2/stores/nearby'),
  stores: route('appointments.stores', 'GET', '/v2/stores'),
};

export const htoRoutes = {
  page: route('hto.page', 'GET', '/v2/hto/page'),
  validateLocation: route('hto.validateLocation', 'GET', '/v2/hto/location/validate'),
  geocode: route('hto.geocode', 'GET', '/v2/hto/geocode'),
  slots: route('hto.slots', 'GET', '/v2/hto/slots'),
  cancelReasons: route('hto.cancelReasons', 'GET', '/v2/hto/cancel-reasons'),
  cancel: route('hto.cancel', 'POST', '/v2/hto/order/:orderId/cancel', { idempotencyKey: true }),
  lastOrder: route('hto.lastOrder', 'GET', '/v2/hto/lastorder'),
  createOrder: route('hto.createOrder', 'POST', '/v2/hto/order', { idempotencyKey: true }),
  sos: route('hto.sos', 'GET', '/v2/hto/sos'),
};
