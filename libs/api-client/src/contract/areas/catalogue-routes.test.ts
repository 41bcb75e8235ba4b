import { catalogueEndpoints } from './catalogue';
import { contentEndpoints } from './content';
import { marketingEndpoints } from './marketing';
import { productEndpoints } from './product';
import { catalogueRoutes } from './catalogue-routes';

const endpoints = { ...catalogueEndpoints, ...contentEndpoints, leadGen: marketingEndpoints.leadGen, barcode: productEndpoints.barcode };

describe('catalogue browser routes', () => {
  it.each(Object.entries(catalogueRoutes))('%s goes where its endpoint is declared, with its header rules', (key, route) => {
    const endpoint = endpoints[key as keyof typeof endpoints];
    expect({ name: route.name, method: route.method, path: route.path, headers: route.headers }).toEqual({
      name: endpoint.name,
      method: endpoint.method,
      path: endpoint.path,
      headers: endpoint.headers,
    });
  });
});
