// The proxy's limits, timeouts and the edge's readiness through the whole edge (createEdgeServer).
import { createServer } from 'node:http';
import Fastify from 'fastify';
import { createEdgeServer } from '../server';
import { listen, startEdgeFixture, stop, stopEdgeFixture, type Echo, type EdgeFixture } from '../testing/servers';

let fixture: EdgeFixture;

beforeAll(async () => {
  fixture = await startEdgeFixture((options) => createEdgeServer(options));
});
afterAll(() => stopEdgeFixture(fixture), 20_000);

describe('edge server: limits, timeouts and readiness', () => {
  it('answers 413 with JSON for a body over the limit, declared or chunked', async () => {
    const { base } = fixture;
    const big = 'x'.repeat(300 * 1024);
    const declared = await fetch(`${base}/api/v2/telemetry/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: 'BODY_TOO_LARGE' });
    const chunked = await fetch(`${base}/api/v2/telemetry/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 10; i += 1) controller.enqueue(new TextEncoder().encode('y'.repeat(40 * 1024)));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    // An upload may be larger than a JSON body.
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(1024 * 1024)]), 'photo.jpg');
    const upload = await fetch(`${base}/api/v2/uploads`, { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    expect(((await upload.json()) as Echo).size).toBeGreaterThan(1024 * 1024);
  });

  it("passes the API's own 413 through (the API closes the connection mid-body) instead of a 502", async () => {
    const strict = Fastify({ bodyLimit: 1024 });
    strict.post('/v2/x', async () => ({ ok: true }));
    const strictUrl = await strict.listen({ port: 0, host: '127.0.0.1' });
    // An edge that allows more than the API: the API refuses while the body is still coming.
    const edgeOverStrict = createEdgeServer({ root: fixture.root, apiUrl: strictUrl, bodyLimit: 16 * 1024 * 1024 });
    const strictBase = await listen(edgeOverStrict);
    try {
      for (let i = 0; i < 5; i += 1) {
        const answer = await fetch(`${strictBase}/api/v2/x`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ pad: 'z'.repeat(8 * 1024 * 1024) }),
        });
        expect(answer.status).toBe(413);
        expect(await answer.json()).toMatchObject({ code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
      }
    } finally {
      await stop(edgeOverStrict);
      await strict.close();
    }
  });

  it('answers 504 with JSON when the API does not answer in time', async () => {
    const stalled = createServer(() => {
      // never answers
    });
    const stalledUrl = await listen(stalled);
    const slowEdge = createEdgeServer({ root: fixture.root, apiUrl: stalledUrl, responseTimeoutMs: 300 });
    const slowBase = await listen(slowEdge);
    try {
      const started = Date.now();
      const answer = await fetch(`${slowBase}/api/v2/anything`);
      expect(answer.status).toBe(504);
      expect(await answer.json()).toEqual({ message: 'The storefront API did not answer in time.', code: 'API_TIMEOUT' });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await stop(slowEdge);
      await stop(stalled);
    }
  });

  it('reports liveness at /livez and the API readiness at /healthz', async () => {
    const health = createServer((req, res) => {
      res.writeHead(req.url === '/health' ? 200 : 404, { 'content-type': 'application/json' });
      res.end('{}');
    });
    const healthUrl = await listen(health);
    const up = createEdgeServer({ root: fixture.root, apiUrl: healthUrl });
    const upBase = await listen(up);
    try {
      const ready = await fetch(`${upBase}/healthz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ edge: 'ok', api: 'ok' });
      await stop(health);
      const down = await fetch(`${upBase}/healthz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ edge: 'ok', api: 'unreachable' });
      const live = await fetch(`${upBase}/livez`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ edge: 'ok' });
      // The shell still loads with the API gone.
      expect((await fetch(`${upBase}/product/1`)).status).toBe(200);
    } finally {
      await stop(up);
      if (health.listening) await stop(health);
    }
  });
});
