import { type Endpoint } from '../define';
import { cartEndpoints } from './cart';
import { cartRoutes, checkoutRoutes, moneyRoutes, savedCardRoutes } from './cart-routes';
import { checkoutEndpoints } from './checkout';
import { moneyEndpoints } from './money';
import { savedCardEndpoints } from './saved-cards';

const pairs = (routes: Record<string, { name: string; method: string; path: string; headers: object }>, endpoints: Record<string, Endpoint>) =>
  Object.keys(endpoints).map((key) => ({ key, route: routes[key], endpoint: endpoints[key]! }));

describe('cart, checkout, saved-card and money browser routes', () => {
  it.each([
    ['cart', pairs(cartRoutes, cartEndpoints), cartRoutes, cartEndpoints],
    ['checkout', pairs(checkoutRoutes, checkoutEndpoints), checkoutRoutes, checkoutEndpoints],
    ['savedCards', pairs(savedCardRoutes, savedCardEndpoints), savedCardRoutes, savedCardEndpoints],
    ['money', pairs(moneyRoutes, moneyEndpoints), moneyRoutes, moneyEndpoints],
  ] as const)('%s: one route per endpoint, with its name, method, path and headers', (_area, list, routes, endpoints) => {
    for (const { key, route, endpoint } of list) {
      expect({ key, route: route && { name: route.name, method: route.method, path: route.path, headers: route.headers } }).toEqual({
        key,
        route: { name: endpoint.name, method: endpoint.method, path: endpoint.path, headers: endpoint.headers },
      });
    }
    expect(Object.keys(routes).sort()).toEqual(Object.keys(endpoints).sort());
  });
});
