// The /api/ proxy through the whole edge (createEdgeServer): a call reaches the API, the API
// down is said in JSON, and a call the API cut is tried again only when a repeat cannot write
// twice. The proxy's path checks, headers and limits are in proxy/*-server.test.ts.
import { createServer } from 'node:http';
import { createEdgeServer } from './server';
import { listen, startEdgeFixture, stop, stopEdgeFixture, type Echo, type EdgeFixture } from './testing/servers';

const API_UNREACHABLE = { message: 'The storefront API is not reachable.', code: 'API_UNREACHABLE' };

let fixture: EdgeFixture;

beforeAll(async () => {
  // No page is asked for here: the render worker is not needed.
  fixture = await startEdgeFixture((options) => createEdgeServer({ ...options, ssr: false }));
});

afterAll(() => stopEdgeFixture(fixture), 20_000);

describe('edge server: the /api/ proxy', () => {
  it('proxies /api/ to the API, and says so in JSON when the API is down', async () => {
    const answer = await fetch(`${fixture.base}/api/v3/utility/routing?url=%2Fx`, { method: 'POST', body: '{}' });
    expect((await answer.json()) as Echo).toMatchObject({ path: '/v3/utility/routing?url=%2Fx', method: 'POST', size: 2 });
    // Nothing listens on port 9 (discard): the connection is refused.
    const down = createEdgeServer({ root: fixture.root, apiUrl: 'http://127.0.0.1:9', ssr: false });
    const downBase = await listen(down);
    try {
      const failed = await fetch(`${downBase}/api/v1/health`);
      expect(failed.status).toBe(502);
      expect((await failed.json()) as unknown).toEqual(API_UNREACHABLE);
    } finally {
      await stop(down);
    }
  });

  it('tries a proxied call again only when a repeat cannot write twice: reads and keyed writes, never a bare write that reached the API', async () => {
    // An API that cuts the connection of every call's first try after reading it (a pod killed
    // mid-request behind a Service: no balancer retries there), then answers the second.
    const seen = new Map<string, number>();
    const flaky = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const id = `${req.method} ${req.url}`;
        const tries = (seen.get(id) ?? 0) + 1;
        seen.set(id, tries);
        if (tries === 1) return req.socket.destroy();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ tries }));
      });
    });
    const flakyEdge = createEdgeServer({ root: fixture.root, apiUrl: await listen(flaky), ssr: false });
    const flakyBase = await listen(flakyEdge);
    try {
      const read = await fetch(`${flakyBase}/api/v2/carts`);
      expect(read.status).toBe(200);
      expect((await read.json()) as unknown).toEqual({ tries: 2 });

      const keyed = await fetch(`${flakyBase}/api/v2/carts/items`, { method: 'POST', body: '{}', headers: { 'idempotency-key': 'key-0123456789abcdef' } });
      expect(keyed.status).toBe(200);
      expect((await keyed.json()) as unknown).toEqual({ tries: 2 });

      // A write without a key reached the API once: it may have been applied, so it is not sent again.
      const bare = await fetch(`${flakyBase}/api/v2/sessions/logout`, { method: 'POST', body: '{}' });
      expect(bare.status).toBe(502);
      expect((await bare.json()) as unknown).toEqual(API_UNREACHABLE);
      expect(seen.get('POST /v2/sessions/logout')).toBe(1);
    } finally {
      await stop(flakyEdge);
      await stop(flaky);
    }
  });
});
