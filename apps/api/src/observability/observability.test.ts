// The API's metrics and traces on a real database (PGlite): requests by route pattern and by the
// build the edge vouched for, the read caches' hits, a traced request's route and query spans
// sent to an OTLP receiver this test runs, and /metrics on its own listener alone.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createTracer } from '@eyewear/api-client/tracing';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { createReadCache } from '../db/read-cache';
import { apiMetrics } from './metrics';
import { createMetricsServer } from '@eyewear/api-client/metrics';

interface Span {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: number } }[];
}

let db: Database;
let app: FastifyInstance;
let receiver: Server;
let metricsServer: Server;
let metricsUrl: string;
let receiverUrl: string;
const spans: Span[] = [];

const listen = (server: Server) =>
  new Promise<string>((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

const tracer = { current: createTracer({ service: 'api', env: {} }) };

beforeAll(async () => {
  db = await openDatabase({});
  await migrate(db);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const sent = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: Span[] }[] }[] };
      for (const resource of sent.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      res.end('{}');
    });
  });
  receiverUrl = await listen(receiver);
  tracer.current = createTracer({ service: 'api', env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl } });
  app = await buildApp({ db, tracer: tracer.current });
  metricsServer = createMetricsServer(apiMetrics().registry);
  metricsUrl = await listen(metricsServer);
}, 60_000);

const close = (server: Server) =>
  new Promise<void>((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });

afterAll(async () => {
  // Closing the app sends its spans; closing the tracer stops its batch timer, so nothing is
  // sent (or logged) after this file's tests, and only then does the receiver go.
  await app.close();
  await tracer.current.close();
  await db.close();
  await Promise.all([close(receiver), close(metricsServer)]);
});

const scrape = async () => (await fetch(`${metricsUrl}/metrics`)).text();
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('API metrics and traces', () => {
  it('counts requests by route pattern, never the URL, and by the build the edge vouched for', async () => {
    const edge = { 'x-forwarded-for': '203.0.113.7' };
    expect((await app.inject({ url: '/v3/utility/routing?url=%2Fa-page', headers: { ...edge, 'x-eyewear-verified-build': 'catalog@2.0.0' } })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ url: '/v2/utility/country/zz', headers: { ...edge, 'x-eyewear-verified-build': 'catalog@2.0.0' } })).statusCode).toBe(400);
    expect((await app.inject({ url: '/no/such/route/123' })).statusCode).toBe(404);
    const text = await scrape();
    expect(valueOf(text, 'api_http_requests_total{route="/v3/utility/routing",method="GET",status_class="2xx"}')).toBe(1);
    expect(valueOf(text, 'api_http_requests_total{route="/v2/utility/country/:code",method="GET",status_class="4xx"}')).toBe(1);
    expect(valueOf(text, 'api_http_requests_total{route="unmatched",method="GET",status_class="4xx"}')).toBe(1);
    expect(text).not.toContain('/no/such/route');
    expect(valueOf(text, 'api_requests_total{build_app="catalog",build_version="2.0.0",status_class="2xx"}')).toBe(1);
    expect(valueOf(text, 'api_requests_total{build_app="catalog",build_version="2.0.0",status_class="4xx"}')).toBe(1);
    expect(valueOf(text, 'api_http_request_duration_seconds_count{route="/v3/utility/routing",method="GET"}')).toBe(1);
  });

  it('counts a build only from a request that came through a trusted proxy (the edge)', async () => {
    const direct = await buildApp({ db, trustProxy: ['10.0.0.1'], tracer: createTracer({ service: 'api', env: {} }) });
    try {
      await direct.inject({ url: '/v3/utility/routing?url=%2F', headers: { 'x-forwarded-for': '1.2.3.4', 'x-eyewear-verified-build': 'shell@6.6.6' } });
    } finally {
      await direct.close();
    }
    expect(await scrape()).not.toContain('build_version="6.6.6"');
  });

  it('counts the read caches’ hits and misses by cache', async () => {
    const read = createReadCache(db, { tables: ['routes'] });
    await read('routing one', ['routes'], async () => 1);
    await read('routing one', ['routes'], async () => 1);
    const text = await scrape();
    expect(valueOf(text, 'api_read_cache_requests_total{cache="routing",result="miss"}')).toBe(1);
    expect(valueOf(text, 'api_read_cache_requests_total{cache="routing",result="hit"}')).toBe(1);
  });

  it("continues the caller's trace: a span for the route and one for each query, sent by OTLP", async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const answer = await app.inject({ url: '/v3/utility/routing?url=%2Feyeglasses', headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } });
    expect(answer.statusCode).toBe(200);
    await tracer.current.flush();
    const ours = spans.filter((span) => span.traceId === traceId);
    const route = ours.find((span) => span.name === 'GET /v3/utility/routing');
    expect(route).toMatchObject({ parentSpanId: 'b7ad6b7169203331', kind: 2 });
    const query = ours.find((span) => span.name === 'db select');
    expect(query).toMatchObject({ parentSpanId: route?.spanId, kind: 3 });
    expect(query?.attributes.find((attribute) => attribute.key === 'db.query.text')?.value.stringValue).toContain('from routes');
  });

  it('sends the spans of requests answered since the last batch when the app closes', async () => {
    const own = createTracer({ service: 'api', env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl }, flushEveryMs: 60_000 });
    const closing = await buildApp({ db, tracer: own });
    const traceId = '1af7651916cd43dd8448eb211c80319d';
    try {
      expect((await closing.inject({ url: '/health', headers: { traceparent: `00-${traceId}-b7ad6b7169203332-01` } })).statusCode).toBe(200);
    } finally {
      await closing.close();
    }
    expect(spans.filter((span) => span.traceId === traceId).map((span) => span.name)).toEqual(['GET /health']);
    await own.close();
    expect(own.start('after close')).toBeNull();
  });

  it('serves nothing but /metrics on the metrics listener', async () => {
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });
});
