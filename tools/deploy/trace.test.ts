// One request through the real edge and the real API (their builds, dist/apps/edge and
// dist/apps/api, as processes, the API on PGlite): the API gets the caller's trace id through the
// edge, and both send their spans (the edge's request, the API's route and its query) to the OTLP
// receiver this test runs; the calling build the edge vouched for is counted by the API; and each
// process's /metrics is on its metrics port alone (docs/adr/055).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO = resolve(__dirname, '../..');
const EDGE = join(REPO, 'dist/apps/edge/main.js');
const API = join(REPO, 'dist/apps/api/main.js');

interface Span {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  kind: number;
  service: string;
}

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

/** Until `check` gives a value: each try when the last answered (the processes start, the spans arrive), within `tries`. */
async function until<T>(what: string, check: () => Promise<T | undefined>, tries = 600): Promise<T> {
  for (let i = 0; i < tries; i += 1) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`no ${what}`);
}

const TRACE_ID = '5b8efff798038103d269b633813fc60c';
const CALLER_SPAN = 'eee19b7ec3c1b174';

let dir: string;
let receiver: Server;
const spans: Span[] = [];
const processes: ChildProcess[] = [];
const ports = { api: 0, admin: 0, apiMetrics: 0, edge: 0, edgeMetrics: 0 };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trace-test-'));
  // A deploy root with a shell and the catalog's stable build 2.0.0.
  mkdirSync(join(dir, 'root/shell/1.0.0'), { recursive: true });
  writeFileSync(join(dir, 'root/shell.json'), JSON.stringify({ version: '1.0.0' }));
  writeFileSync(join(dir, 'root/shell/1.0.0/index.html'), '<html><body></body></html>');
  writeFileSync(
    join(dir, 'root/remotes.json'),
    JSON.stringify({ schemaVersion: 1, remotes: { catalog: { stable: { version: '2.0.0', entry: '/remotes/catalog/2.0.0/mf-manifest.json' } } } }),
  );
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const sent = JSON.parse(body) as {
        resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: Span[] }[] }[];
      };
      for (const resource of sent.resourceSpans) {
        const service = resource.resource.attributes.find((attribute) => attribute.key === 'service.name')?.value.stringValue ?? '';
        for (const scope of resource.scopeSpans) spans.push(...scope.spans.map((span) => ({ ...span, service })));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const otlp = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  for (const name of Object.keys(ports) as (keyof typeof ports)[]) ports[name] = await freePort();
  const common = { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: otlp, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  processes.push(
    spawn(process.execPath, [API], {
      cwd: REPO,
      env: {
        ...common,
        PORT: String(ports.api),
        ADMIN_PORT: String(ports.admin),
        DATA_DIR: join(dir, 'data'),
        UPLOADS_DIR: join(dir, 'uploads'),
        API_METRICS_PORT: String(ports.apiMetrics),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
    spawn(process.execPath, [EDGE, '--root', join(dir, 'root'), '--port', String(ports.edge), '--api', `http://127.0.0.1:${ports.api}`], {
      cwd: REPO,
      env: { ...common, EDGE_METRICS_PORT: String(ports.edgeMetrics), EDGE_WARM: '0' },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  await until('ready API', async () => ((await fetch(`http://127.0.0.1:${ports.api}/ready`)).ok ? true : undefined));
  await until('ready edge', async () => ((await fetch(`http://127.0.0.1:${ports.edge}/readyz`)).ok ? true : undefined));
}, 180_000);

afterAll(async () => {
  for (const child of processes) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  receiver?.close();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('a request through the edge to the API and its database', () => {
  it('is one trace: the edge continues the caller’s, the API continues the edge’s, a query is a span of the API’s route', async () => {
    const answer = await fetch(`http://127.0.0.1:${ports.edge}/api/v3/utility/routing?url=%2Feyeglasses`, {
      headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01`, 'x-eyewear-build': 'catalog@2.0.0' },
    });
    expect(answer.status).toBe(200);
    const edgeSpan = await until('edge span', async () => spans.find((span) => span.service === 'edge' && span.traceId === TRACE_ID));
    const route = await until('API route span', async () => spans.find((span) => span.service === 'api' && span.name === 'GET /v3/utility/routing'));
    const query = await until('query span', async () => spans.find((span) => span.service === 'api' && span.name === 'db select' && span.traceId === TRACE_ID));
    expect(edgeSpan).toMatchObject({ name: 'GET /api/*', parentSpanId: CALLER_SPAN, kind: 2 });
    expect(route).toMatchObject({ traceId: TRACE_ID, parentSpanId: edgeSpan.spanId, kind: 2 });
    expect(query).toMatchObject({ parentSpanId: route.spanId, kind: 3 });
  });

  it('counts the call for the build the edge vouched for, on metrics ports a stranger does not reach', async () => {
    const apiMetrics = await (await fetch(`http://127.0.0.1:${ports.apiMetrics}/metrics`)).text();
    expect(apiMetrics).toMatch(/^api_requests_total\{build_app="catalog",build_version="2\.0\.0",status_class="2xx"\} 1$/m);
    expect(apiMetrics).toMatch(/^api_http_requests_total\{route="\/v3\/utility\/routing",method="GET",status_class="2xx"\} 1$/m);
    const edgeMetrics = await (await fetch(`http://127.0.0.1:${ports.edgeMetrics}/metrics`)).text();
    expect(edgeMetrics).toMatch(/^edge_http_requests_total\{route="\/api\/\*",method="GET",status_class="2xx"\} 1$/m);
    // The public ports: the API has no such route, the edge answers a page (never the metrics).
    expect((await fetch(`http://127.0.0.1:${ports.api}/metrics`)).status).toBe(404);
    expect(await (await fetch(`http://127.0.0.1:${ports.edge}/metrics`)).text()).not.toContain('edge_http_requests_total');
  });
});
