import { type Endpoint } from '../define';
import { accountEndpoints } from './account';
import { accountRoutes, addressRoutes, faceProfileRoutes, orderRoutes, prescriptionRoutes, returnRoutes, subscriptionRoutes } from './account-routes';
import { addressEndpoints } from './addresses';
import { faceProfileEndpoints } from './face-profiles';
import { marketingEndpoints } from './marketing';
import { orderEndpoints } from './orders';
import { prescriptionEndpoints } from './prescriptions';
import { returnEndpoints } from './returns';

type Routes = Record<string, { name: string; method: string; path: string; headers: object }>;
const groups: [string, Routes, Record<string, Endpoint>][] = [
  ['account', accountRoutes, accountEndpoints],
  ['addresses', addressRoutes, addressEndpoints],
  ['orders', orderRoutes, orderEndpoints],
  ['returns', returnRoutes, returnEndpoints],
  ['prescriptions', prescriptionRoutes, prescriptionEndpoints],
  ['faceProfiles', faceProfileRoutes, faceProfileEndpoints],
];

describe('account browser routes', () => {
  it.each(groups)('%s: one route per endpoint, with its name, method, path and headers', (_area, routes, endpoints) => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [key, endpoint] of Object.entries(endpoints)) {
      const r = routes[key]!;
      expect({ key, name: r.name, method: r.method, path: r.path, headers: r.headers }).toEqual({
        key,
        name: endpoint.name,
        method: endpoint.method,
        path: endpoint.path,
        headers: endpoint.headers,
      });
    }
  });
});

describe('marketing subscription browser routes', () => {
  it.each(Object.entries(subscriptionRoutes))('%s matches its endpoint', (key, r) => {
    const endpoint = marketingEndpoints[key as keyof typeof subscriptionRoutes];
    expect({ name: r.name, method: r.method, path: r.path, headers: r.headers }).toEqual({ name: endpoint.name, method: endpoint.method, path: endpoint.path, headers: endpoint.headers });
  });
});
