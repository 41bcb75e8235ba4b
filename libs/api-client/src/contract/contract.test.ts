import { contract } from './index';
import { coreRoutes } from './core-routes';
import { type Endpoint } from './define';

const all = Object.values(contract).flatMap((area) => Object.values(area) as Endpoint[]);

describe('the whole contract', () => {
  it('declares each call once: names and method+path pairs are unique across areas', () => {
    const names = all.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    const routes = all.map((e) => `${e.method} ${e.path}`);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });

  it('covers both specs: the core calls plus the area calls', () => {
    expect(Object.keys(contract.core)).toEqual(expect.arrayContaining(['createSession', 'validateSession', 'logout', 'me', 'routing', 'countryData', 'telemetry', 'productImage']));
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
});

describe('core routes', () => {
  it('are the core endpoints without their schemas', () => {
    for (const [key, endpoint] of Object.entries(contract.core) as [keyof typeof coreRoutes, Endpoint][]) {
      expect(coreRoutes[key]).toEqual({ name: endpoint.name, method: endpoint.method, path: endpoint.path, headers: endpoint.headers });
    }
  });
});
