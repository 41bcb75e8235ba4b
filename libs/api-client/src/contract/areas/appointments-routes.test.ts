import { type Endpoint } from '../define';
import { appointmentEndpoints } from './appointments';
import { appointmentRoutes, htoRoutes } from './appointments-routes';
import { htoEndpoints } from './hto';

const pairs = (routes: Record<string, { name: string; method: string; path: string }>, endpoints: Record<string, Endpoint>) =>
  Object.keys(endpoints).map((key) => ({ key, route: routes[key], endpoint: endpoints[key]! }));

describe('appointment and HTO browser routes', () => {
  it.each([
    ['appointments', pairs(appointmentRoutes, appointmentEndpoints)],
    ['hto', pairs(htoRoutes, htoEndpoints)],
  ])('%s: one route per endpoint, with its name, method and path', (_area, list) => {
    for (const { key, route, endpoint } of list) {
      expect({ key, route: route && { name: route.name, method: route.method, path: route.path } }).toEqual({
        key,
        route: { name: endpoint.name, method: endpoint.method, path: endpoint.path },
      });
    }
  });

  it('declares no route without an endpoint', () => {
    expect(Object.keys(appointmentRoutes).sort()).toEqual(Object.keys(appointmentEndpoints).sort());
    expect(Object.keys(htoRoutes).sort()).toEqual(Object.keys(htoEndpoints).sort());
  });
});
