// The edge's metrics through the whole edge (createEdgeServer): RED per route pattern, a build's
// files per build, the build that called the API passed on only when the session was given it,
// traceparent sent to the API, and /metrics on its own listener alone.
import { createServer, type Server } from 'node:http';
import { buildHeaderValue } from '@eyewear/api-client';
import { children2, createMetricsServer } from '@eyewear/api-client/metrics';
import { createOutcomes } from '../render/outcomes';
import { createEdgeServer } from '../server';
import { listen, startEdgeFixture, stop, stopEdgeFixture, type Echo, type EdgeFixture } from '../testing/servers';
import { edgeMetrics } from './metrics';
import { edgeRouteOf } from './routes';

let fixture: EdgeFixture;
let metricsServer: Server;
let metricsUrl: string;

beforeAll(async () => {
  fixture = await startEdgeFixture((options) => createEdgeServer({ ...options, ssr: false }));
  metricsServer = createMetricsServer(edgeMetrics().registry);
  metricsUrl = await listen(metricsServer);
});

afterAll(async () => {
  await stop(metricsServer);
  await stopEdgeFixture(fixture);
}, 20_000);

const scrape = async () => (await fetch(`${metricsUrl}/metrics`)).text();

/** The value of one series of the scrape (undefined: no such series). */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('edge metrics', () => {
  it('labels requests by route pattern, never by URL', () => {
    expect(edgeRouteOf('/remotes/catalog/2.0.0/remoteEntry.js')).toBe('/remotes/catalog/:version/*');
    expect(edgeRouteOf('/remotes/evil/1/x.js')).toBe('/remotes/*');
    expect(edgeRouteOf('/api/v2/products/128001?x=1')).toBe('/api/*');
    expect(edgeRouteOf('/eyeglasses/round?page=2')).toBe('page');
    expect(edgeRouteOf('/eyeglasses.html')).toBe('page');
    expect(edgeRouteOf('/main.abcdef12.js')).toBe('shell file');
    expect(edgeRouteOf('/us/sitemap.xml')).toBe('sitemap');
    expect(edgeRouteOf('http://evil/')).toBe('invalid');
  });

  it('makes a label set’s child once', () => {
    let made = 0;
    const child = children2((a, b) => ({ a, b, made: ++made }));
    expect(child('x', 'y')).toBe(child('x', 'y'));
    expect(child('x', 'z')).not.toBe(child('x', 'y'));
    expect(made).toBe(2);
  });

  it("counts requests per route and a build's files per build, served or missing", async () => {
    expect((await fetch(`${fixture.base}/remotes/catalog/2.0.0/mf-manifest.json`)).status).toBe(200);
    expect((await fetch(`${fixture.base}/remotes/catalog/2.0.0/missing.js`)).status).toBe(404);
    expect((await fetch(`${fixture.base}/livez`)).status).toBe(200);
    const text = await scrape();
    expect(valueOf(text, 'edge_build_file_requests_total{app="catalog",version="2.0.0",status="200"}')).toBe(1);
    expect(valueOf(text, 'edge_build_file_requests_total{app="catalog",version="2.0.0",status="404"}')).toBe(1);
    expect(valueOf(text, 'edge_http_requests_total{route="/remotes/catalog/:version/*",method="GET",status_class="2xx"}')).toBe(1);
    expect(valueOf(text, 'edge_http_requests_total{route="/remotes/catalog/:version/*",method="GET",status_class="4xx"}')).toBe(1);
    expect(valueOf(text, 'edge_http_request_duration_seconds_count{route="/livez",method="GET"}')).toBe(1);
    // The default process metrics are there too.
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('serves nothing but /metrics on the metrics listener, and no metrics on the public port', async () => {
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    const publicAnswer = await fetch(`${fixture.base}/metrics`);
    expect(await publicAnswer.text()).not.toContain('edge_http_requests_total');
  });

  it("passes the calling build on to the API only when the session was given it, never the client's own claim", async () => {
    const call = async (headers: Record<string, string>) => ((await (await fetch(`${fixture.base}/api/v2/carts`, { headers })).json()) as Echo).headers;
    expect((await call({ 'x-eyewear-build': 'catalog@2.0.0' }))['x-eyewear-verified-build']).toBe('catalog@2.0.0');
    // A version nobody was given, a malformed name, a forged verified header: nothing reaches the API.
    const unknown = await call({ 'x-eyewear-build': 'catalog@9.9.9', 'x-eyewear-verified-build': 'catalog@9.9.9' });
    expect(unknown['x-eyewear-verified-build']).toBeUndefined();
    expect(unknown['x-eyewear-build']).toBeUndefined();
    expect((await call({ 'x-eyewear-build': 'catalog 2.0.0' }))['x-eyewear-verified-build']).toBeUndefined();
    // The shell's own calls: its live build is vouched for, a build no longer live is not.
    expect((await call({ 'x-eyewear-build': 'shell@1.0.0' }))['x-eyewear-verified-build']).toBe('shell@1.0.0');
    expect((await call({ 'x-eyewear-build': 'shell@0.9.0' }))['x-eyewear-verified-build']).toBeUndefined();
  });

  it('vouches for the header as the browser’s client writes it (buildHeaderValue), and takes it on a write with no preflight', async () => {
    const named = buildHeaderValue({ app: 'catalog', version: () => '2.0.0' });
    const answer = await fetch(`${fixture.base}/api/v2/carts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-eyewear-build': String(named) },
      body: '{}',
    });
    expect(((await answer.json()) as Echo).headers['x-eyewear-verified-build']).toBe('catalog@2.0.0');
  });

  it("lets the caller's traceparent through when it does not trace, and sends its own span as the API call's parent when it does", async () => {
    const incoming = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const passed = ((await (await fetch(`${fixture.base}/api/v2/carts`, { headers: { traceparent: incoming } })).json()) as Echo).headers;
    expect(passed['traceparent']).toBe(incoming);

    const spans: { name: string; traceId: string; spanId: string; parentSpanId?: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const sent = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: typeof spans }[] }[] };
        for (const resource of sent.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
        res.end('{}');
      });
    });
    const receiverUrl = await listen(receiver);
    process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] = receiverUrl;
    const traced = createEdgeServer({ root: fixture.root, apiUrl: fixture.apiUrl, ssr: false });
    delete process.env['OTEL_EXPORTER_OTLP_ENDPOINT'];
    const tracedBase = await listen(traced);
    try {
      const echo = ((await (await fetch(`${tracedBase}/api/v2/carts`, { headers: { traceparent: incoming } })).json()) as Echo).headers;
      const sent = String(echo['traceparent']);
      expect(sent).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
      expect(sent).not.toBe(incoming);
      // A first request without one starts a trace of its own.
      const fresh = ((await (await fetch(`${tracedBase}/api/v2/carts`)).json()) as Echo).headers;
      expect(String(fresh['traceparent'])).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      await traced.flushTraces();
    } finally {
      await stop(traced);
      // Closing the edge closed its tracer; its last sends arrive before the receiver goes.
      await traced.flushTraces();
      await stop(receiver);
    }
    const edgeSpan = spans.find((span) => span.traceId === '4bf92f3577b34da6a3ce929d0e0e4736');
    expect(edgeSpan).toMatchObject({ name: 'GET /api/*', parentSpanId: '00f067aa0ba902b7' });
  });

  it("counts a render's outcome and time for the shell build and the page remote's build", async () => {
    const outcomes = createOutcomes({ log: () => undefined, metrics: edgeMetrics() });
    const chosen = { catalog: { version: '2.0.0' }, product: { version: '3.0.0' } };
    const result = { failedAreas: [], serverRemotes: ['catalog', 'product'], timing: { ms: 120, cpuMs: 80 } };
    outcomes.rendered('/', '1.0.0', chosen, result as never, 'catalog');
    outcomes.rendered('/p', '1.0.0', chosen, { ...result, failedAreas: [{ remote: 'product', reason: 'late' }] } as never, 'product');
    outcomes.refused('/x', '1.0.0', 'the shell build has no server build');
    const text = await scrape();
    expect(valueOf(text, 'edge_ssr_renders_total{app="shell",version="1.0.0",outcome="ok"}')).toBe(2);
    expect(valueOf(text, 'edge_ssr_renders_total{app="shell",version="1.0.0",outcome="error"}')).toBe(1);
    expect(valueOf(text, 'edge_ssr_renders_total{app="catalog",version="2.0.0",outcome="ok"}')).toBe(1);
    expect(valueOf(text, 'edge_ssr_renders_total{app="product",version="3.0.0",outcome="partial"}')).toBe(1);
    expect(valueOf(text, 'edge_ssr_render_duration_seconds_sum{app="catalog",version="2.0.0"}')).toBeCloseTo(0.12);
  });

  it('takes page views and web vitals from the beacon code per build', async () => {
    const metrics = edgeMetrics();
    metrics.pageViewReported('catalog', '2.0.0', 'loaded');
    metrics.vital('catalog', '2.0.0', 'lcp', 1800);
    metrics.vital('catalog', '2.0.0', 'inp', 120);
    metrics.vital('catalog', '2.0.0', 'inp', Number.NaN);
    const text = await scrape();
    expect(valueOf(text, 'edge_beacon_page_views_total{app="catalog",version="2.0.0",outcome="loaded"}')).toBe(1);
    expect(valueOf(text, 'edge_web_vitals_lcp_seconds_bucket{le="2",app="catalog",version="2.0.0"}')).toBe(1);
    expect(valueOf(text, 'edge_web_vitals_inp_seconds_count{app="catalog",version="2.0.0"}')).toBe(1);
  });
});
