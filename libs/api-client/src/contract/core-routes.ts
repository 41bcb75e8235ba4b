import { route } from './route';

/**
 * The core calls' routes, declared once: `core.ts` spreads them and adds the schemas for the
 * server and the tests; the browser imports only these (and so ships no zod), their answers
 * typed through the endpoint of the same name (`RouteResult`).
 */
export const coreRoutes = {
  createSession: route('sessions.create', 'POST', '/v2/sessions'),
  validateSession: route('sessions.validate', 'GET', '/v2/sessions/validate'),
  logout: route('sessions.logout', 'POST', '/v2/sessions/logout'),
  me: route('me.get', 'GET', '/me'),
  routing: route('utility.routing', 'GET', '/v3/utility/routing'),
  countryData: route('utility.countryData', 'GET', '/v2/utility/country/:code'),
  telemetry: route('telemetry.report', 'POST', '/v2/telemetry/events'),
  productImage: route('images.product', 'GET', '/v2/images/product/:id/:view'),
};
