import { cartEndpoints } from './cart';
import { catalogueEndpoints } from './catalogue';
import { contentEndpoints } from './content';
import { marketingEndpoints } from './marketing';
import { reviewEndpoints } from './reviews';
import { shellRoutes } from './shell-routes';

const endpoints = { cart: cartEndpoints.get, ...catalogueEndpoints, ...contentEndpoints, ...marketingEndpoints, ...reviewEndpoints };

describe('shell browser routes', () => {
  it.each(Object.entries(shellRoutes))('%s goes where its endpoint is declared', (key, route) => {
    const endpoint = endpoints[key as keyof typeof endpoints];
    expect({ name: route.name, method: route.method, path: route.path }).toEqual({ name: endpoint.name, method: endpoint.method, path: endpoint.path });
  });
});
