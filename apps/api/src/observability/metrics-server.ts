// The metrics listener (issue 41, docs/adr/055): `GET /metrics` in Prometheus's text format on a port
// of its own (API_METRICS_PORT, bound to API_METRICS_HOST, 127.0.0.1 by default), never on the
// public port: a stranger cannot read which builds are failing. Anything else is 404.
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

export function createMetricsServer(registry: Registry): Server {
  return createServer((req, res) => {
    const path = (req.url || '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found: the metrics are at /metrics');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`metrics failed: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  });
}
