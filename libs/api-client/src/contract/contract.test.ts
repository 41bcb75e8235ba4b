import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { contract } from './index';
import { coreRoutes } from './core-routes';
import { type Endpoint, type Route } from './define';
import * as accountRoutes from './areas/account-routes';
import * as appointmentsRoutes from './areas/appointments-routes';
import * as cartRoutes from './areas/cart-routes';
import * as catalogueRoutes from './areas/catalogue-routes';
import * as productRoutes from './areas/product-routes';
import * as shellRoutes from './areas/shell-routes';

const all = Object.values(contract).flatMap((area) => Object.values(area) as Endpoint[]);
const endpointNamed = new Map(all.map((e) => [e.name, e]));

/** Every route the browser can call: each group of each `*-routes.ts` file, as `group.key`. */
const routeModules: Record<string, Record<string, unknown>> = {
  coreRoutes: { coreRoutes },
  accountRoutes,
  appointmentsRoutes,
  cartRoutes,
  catalogueRoutes,
  productRoutes,
  shellRoutes,
};
const routes = Object.values(routeModules).flatMap((module) =>
  Object.entries(module)
    .filter(([, group]) => typeof group === 'object' && group !== null && Object.values(group).every((r) => typeof (r as Route).path === 'string'))
    .flatMap(([group, members]) => Object.entries(members as Record<string, Route>).map(([key, route]) => ({ at: `${group}.${key}`, route }))),
);

/** The contract's own source files (declarations, not tests). */
function sources(dir = __dirname): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
const source = sources().map((path) => {
  const text = readFileSync(path, 'utf8');
  // The code without its comments (which may quote a path as an example).
  return { file: relative(__dirname, path), text, code: text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '') };
});
/** How often a string literal occurs in the contract's code. */
const literalCount = (value: string) =>
  source.reduce((n, { code }) => n + [...code.matchAll(/(['"`])((?:(?!\1)[^\\\n])*)\1/g)].filter((m) => m[2] === value).length, 0);

describe('the whole contract', () => {
  it('declares each call once: names and method+path pairs are unique across areas', () => {
    const names = all.map((e) => e.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    const routes = all.map((e) => `${e.method} ${e.path}`);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });

  it('writes every path and every name once in its source (a route, or a server-only endpoint)', () => {
    const paths = source.flatMap(({ file, code }) => [...code.matchAll(/(['"`])(\/(?:me|v\d+\/[^'"`\s]*))\1/g)].map((m) => ({ file, path: m[2]! })));
    const seen = new Map<string, string[]>();
    for (const { file, path } of paths) seen.set(path, [...(seen.get(path) ?? []), file]);
    expect([...seen].filter(([, files]) => files.length > 1)).toEqual([]);
    expect(all.filter((e) => !seen.has(e.path)).map((e) => e.name)).toEqual([]);
    expect(all.map((e) => ({ name: e.name, times: literalCount(e.name) })).filter(({ times }) => times !== 1)).toEqual([]);
  });

  it('keeps the routes free of schema code: route files load only other routes, and types', () => {
    const routeFiles = source.filter(({ file }) => /(^|\/)(route|[\w-]+-routes)\.ts$/.test(file));
    expect(routeFiles.map(({ file }) => file).sort()).toEqual(
      ['route.ts', 'core-routes.ts', ...['account', 'appointments', 'cart', 'catalogue', 'product', 'shell'].map((f) => `areas/${f}-routes.ts`)].sort(),
    );
    for (const { file, text } of routeFiles) {
      const loaded = [...text.matchAll(/^import (?!type )[^;]*? from '([^']+)';/gm)].map((m) => m[1]);
      expect({ file, loaded: loaded.filter((from) => !/^(\.\.?\/)+route$|^\.\/[\w-]+-routes$/.test(from!)) }).toEqual({ file, loaded: [] });
    }
  });

  it('covers both specs: the core calls plus the area calls', () => {
    expect(Object.keys(contract.core)).toEqual(
      expect.arrayContaining(['createSession', 'validateSession', 'logout', 'me', 'routing', 'countryData', 'telemetry', 'productImage']),
    );
    expect(all.length).toBeGreaterThanOrEqual(200);
  });

  it('takes telemetry in but gives no failure counts out: the summary is on the admin listener only', () => {
    expect(contract.core.telemetry).toMatchObject({ method: 'POST', path: '/v2/telemetry/events' });
    expect(all.filter((e) => e.path.startsWith('/v2/telemetry')).map((e) => `${e.method} ${e.path}`)).toEqual(['POST /v2/telemetry/events']);
    expect(all.map((e) => e.path)).not.toContain('/v2/telemetry/summary');
  });

  it('validates the routing lookup query and refuses a relative URL naming the field', () => {
    expect(contract.core.routing.query.safeParse({ url: '/eyeglasses/round.html' }).success).toBe(true);
    const bad = contract.core.routing.query.safeParse({ url: 'eyeglasses' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['url']);
  });

  it('asks an Idempotency-Key of paying (the server requires it) and of every cart write the browser makes (optional on the server)', () => {
    expect(
      all
        .filter((e) => e.headers.idempotencyKey)
        .map((e) => `${e.name} ${e.method} ${e.path}`)
        .sort(),
    ).toEqual(
      [
        'cart.add POST /v2/carts/items',
        'cart.updateItem POST /v2/carts/items/:itemId',
        'cart.increase PUT /v2/carts/items/:itemId/quantity',
        'cart.decrease DELETE /v2/carts/items/:itemId/quantity',
        'cart.remove DELETE /v2/carts/items/:itemId',
        'cart.clear DELETE /v2/carts',
        'cart.reorder POST /v2/carts/reorder',
        'cart.reorderById POST /v2/carts/reorder/:orderId',
        'cart.applyGiftVoucher POST /v2/carts/gift-vouchers',
        'cart.removeGiftVoucher DELETE /v2/carts/gift-vouchers/:code',
        'cart.applyStoreCredit POST /v2/carts/store-credits',
        'cart.removeStoreCredit DELETE /v2/carts/store-credits',
        'cart.applyOffer POST /v2/carts/offers',
        'cart.removeOffer DELETE /v2/carts/offers/:offerId',
        'cart.shippingAddress POST /v2/carts/shippingAddress',
        'cart.updateDeliveryOption POST /v2/carts/expressdelivery/updateDeliveryOption',
        'checkout.applyPaymentOffer POST /v2/carts/paymentOffer',
        'checkout.pay POST /v2/orders/payment',
      ].sort(),
    );
  });
});

describe('browser routes', () => {
  it('are found in every routes file', () => {
    expect(routes.length).toBeGreaterThanOrEqual(190);
  });

  it.each(routes.map(({ at, route }) => [at, route] as const))('%s is the endpoint of its name, which spreads it', (_at, route) => {
    const endpoint = endpointNamed.get(route.name);
    expect(endpoint && { name: endpoint.name, method: endpoint.method, path: endpoint.path, headers: endpoint.headers }).toEqual({ ...route });
    // The same header rules object: the endpoint spread this route rather than repeating it.
    expect(endpoint?.headers).toBe(route.headers);
  });

  it('declare each route once: every group that offers a call offers the same route object', () => {
    const byName = new Map<string, Route>();
    const copies: string[] = [];
    for (const { at, route } of routes) {
      const first = byName.get(route.name);
      if (first && first !== route) copies.push(`${at} (${route.name})`);
      if (!first) byName.set(route.name, route);
    }
    expect(copies).toEqual([]);
  });
});
