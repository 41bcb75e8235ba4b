import { route } from './route';
import type { coreResponses } from './core';

type R = typeof coreResponses;

/**
 * The core calls' routes, declared once: `core.ts` adds the schemas for the server and the
 * tests; the browser imports only these, typed by their answers (and so ships no zod).
 */
export const coreRoutes = {
  createSession: route<R['session']>('sessions.create', 'POST', '/v2/sessions'),
  validateSession: route<R['session']>('sessions.validate', 'GET', '/v2/sessions/validate'),
  logout: route<R['session']>('sessions.logout', 'POST', '/v2/sessions/logout'),
  me: route<R['me']>('me.get', 'GET', '/me'),
  routing: route<R['routing']>('utility.routing', 'GET', '/v3/utility/routing'),
  countryData: route<R['countryData']>('utility.countryData', 'GET', '/v2/utility/country/:code'),
  telemetry: route<R['telemetry']>('telemetry.report', 'POST', '/v2/telemetry/events'),
  productImage: route<R['productImage']>('images.product', 'GET', '/v2/images/product/:id/:view'),
};
