// The edge server's process: `node dist/apps/edge/main.js --root .deploy --port 4200
// [--remote catalog=http://127.0.0.1:4201/mf-manifest.json] [--public-origin https://shop.example]`.
// The Playwright suite and `npm run dev` start it this way; `npm start` starts it in-process. In
// a container (deploy/docker/edge.Dockerfile) every option comes from the environment
// (deploy/README.md).
//
// Health: /livez (the process is up), /healthz (the API answers; 503 here while draining) and
// /readyz (here: send this process shoppers: it is not draining, and its deploy root, or the
// origin of ORIGIN_URL, has a shell and a remotes manifest). /readyz deliberately does not ask
// the API: a storefront whose API is down still serves the shell and says so (docs/adr/022),
// which it cannot do if every edge leaves the load balancer.
import './react-env';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { diskFiles, type DeployFiles } from './files/deploy-files';
import { createOriginFiles } from './files/origin-files';
import { createMetricsServer } from '@eyewear/api-client/metrics';
import { createEdgeServer } from './server';

const env = process.env;
const { values } = parseArgs({
  options: {
    root: { type: 'string', default: '.deploy' },
    port: { type: 'string', default: env['PORT'] || '4200' },
    host: { type: 'string', default: env['HOST'] || '127.0.0.1' },
    api: { type: 'string', default: env['API_URL'] || 'http://127.0.0.1:3000' },
    remote: { type: 'string', multiple: true, default: [] },
    // The origin shoppers use when a TLS terminator sits in front (https://shop.example).
    'public-origin': { type: 'string', default: env['PUBLIC_ORIGIN'] || '' },
  },
});
const root = resolve(values.root);
const overrides = Object.fromEntries(values.remote.map((pair) => pair.split('=') as [string, string]));
const server = createEdgeServer({ root, apiUrl: values.api, overrides, publicOrigin: values['public-origin'] || undefined });

let draining = false;
let deployFound = false;
// Where the deployed files are: the deploy root, or the origin of ORIGIN_URL (as the server reads them).
const deployFiles: DeployFiles = env['ORIGIN_URL']
  ? createOriginFiles({ origin: env['ORIGIN_URL'], root, ttlMs: Number(env['ORIGIN_TTL_MS']) || 5000 })
  : diskFiles;
/** Why this edge has nothing to serve yet (null: it has). Once found, a later bad write does not unready it. */
async function deployRootProblem(): Promise<string | null> {
  if (deployFound) return null;
  for (const name of ['shell.json', 'remotes.json']) {
    try {
      JSON.parse(await deployFiles.readFile(join(root, name), 'utf8'));
    } catch {
      return `no readable ${name} in the ${env['ORIGIN_URL'] ? 'origin' : 'deploy root'}`;
    }
  }
  deployFound = true;
  return null;
}
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};
// The readiness routes answer here, before the edge's own handler.
const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
server.removeAllListeners('request');
server.on('request', (req: IncomingMessage, res: ServerResponse) => {
  // While draining, every answer closes its connection: the client's next request goes to another edge.
  if (draining) res.setHeader('connection', 'close');
  const path = (req.url || '').split('?')[0];
  if (path === '/readyz' && (req.method === 'GET' || req.method === 'HEAD')) {
    if (draining) return json(res, 503, { edge: 'draining' });
    return void deployRootProblem().then((problem) => json(res, problem ? 503 : 200, problem ? { edge: 'unready', problem } : { edge: 'ready' }));
  }
  if (path === '/healthz' && draining) return json(res, 503, { edge: 'draining' });
  for (const handler of handlers) handler.call(server, req, res);
});

server.listen(Number(values.port), values.host, () => {
  console.log(`edge server: http://${values.host}:${values.port}/ (deploy root ${root})`);
});
// The metrics (docs/adr/055): on a port of their own, never the public one. Off unless
// EDGE_METRICS_PORT is set; bound to EDGE_METRICS_HOST (127.0.0.1; 0.0.0.0 in a pod, where
// Prometheus scrapes the pod's address).
const metricsPort = (env['EDGE_METRICS_PORT'] || '').trim();
const metricsServer = metricsPort ? createMetricsServer(server.metrics.registry) : null;
if (metricsServer) {
  const metricsHost = env['EDGE_METRICS_HOST'] || '127.0.0.1';
  metricsServer.listen(Number(metricsPort), metricsHost, () => console.log(`edge metrics: http://${metricsHost}:${metricsPort}/metrics`));
  metricsServer.unref();
}
// Stop taking connections, fail readiness on the connections still open, let the requests in
// flight finish, write the release signal, and leave after a bounded drain: an open tab's idle
// keep-alive connection or a request that never ends must not keep the process alive (deploy/k8s
// gives it EDGE_DRAIN_MS plus a margin).
const DRAIN_MS = Number(env['EDGE_DRAIN_MS'] || 5000);
const exit = () => Promise.race([server.flushSignal().catch(() => undefined), new Promise((done) => setTimeout(done, 1000))]).then(() => process.exit(0));
const stop = () => {
  if (draining) return;
  draining = true;
  server.close(() => void exit());
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    void exit();
  }, DRAIN_MS).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
