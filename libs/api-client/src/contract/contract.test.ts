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
      // frame-size: the one route two remotes' own route files share (issue 43: the shopper's measured
      // size), apart so the catalogue's routes take it without the product's.
      [
        'route.ts',
        'core-routes.ts',
        ...['account', 'appointments', 'cart', 'catalogue', 'frame-size', 'product', 'shell'].map((f) => `areas/${f}-routes.ts`),
      ].sort(),
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

  it('asks an Idempotency-Key of every write a browser or balancer may repeat (issue 38), but of none that cannot be answered twice alike', () => {
    // Writes without a key, each for a reason: they start, end or prove a session (a replay
    // could not set its cookies again), carry files (multipart: the body is not hashed), are
    // reads sent as POST (nothing changes), or are fire-and-forget reports.
    const unkeyed = {
      'sessions.create': 'issues the session cookie',
      'sessions.logout': 'ends the session',
      'telemetry.report': 'a report; a repeat is counted once per window anyway',
      'account.register': 'signs in (cookies)',
      'account.authenticate': 'signs in (cookies)',
      'account.mobileAuthenticate': 'signs in (cookies)',
      'account.verifyOtp': 'signs in to the merged account (cookies)',
      'account.socialLinkCode': 'bound to the session waiting for proof',
      'account.socialLinkConfirm': 'signs in (cookies)',
      'account.presalesDualLogin': 'signs staff in (cookies)',
      'product.validatePowers': 'a check',
      'product.threeSixtyStatus': 'a read',
      'faceProfiles.frameSize': 'a computation',
      'prescriptions.uploadImage': 'multipart upload',
      'prescriptions.upload': 'multipart upload',
      'returns.uploadPhoto': 'multipart upload',
      'faceProfiles.uploadImage': 'multipart upload',
      'faceProfiles.storeImage': 'multipart upload',
      'faceProfiles.encryptSession': 'a computation',
      'cart.shippingCheck': 'a check',
      'cart.validateCart': 'a check',
      'checkout.validateVpa': 'a check',
      'appointments.storeSlots': 'a read',
      'appointments.testYourVision': 'a read',
      'appointments.storeApiPincodeProduct': 'a read',
      'marketing.utm': 'a report',
    } as Record<string, string>;
    const writes = all.filter((e) => e.method !== 'GET');
    const missing = writes.filter((e) => !e.headers.idempotencyKey && !(e.name in unkeyed)).map((e) => `${e.name} ${e.method} ${e.path}`);
    expect(missing).toEqual([]);
    const keyedAnyway = writes.filter((e) => e.headers.idempotencyKey && e.name in unkeyed).map((e) => e.name);
    expect(keyedAnyway).toEqual([]);
    // Every exemption names a write that exists.
    expect(Object.keys(unkeyed).filter((name) => !writes.some((e) => e.name === name))).toEqual([]);
    // The cart's writes and paying, as before.
    for (const name of [
      'cart.add',
      'cart.increase',
      'cart.applyGiftVoucher',
      'cart.shippingAddress',
      'checkout.pay',
      'addresses.create',
      'returns.create',
      'reviews.create',
      'appointments.book',
    ])
      expect(writes.find((e) => e.name === name)?.headers.idempotencyKey).toBe(true);
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
