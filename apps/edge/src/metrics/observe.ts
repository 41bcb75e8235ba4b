// Each request the edge answers, measured (RED: rate, errors, duration per route pattern) and,
// with an OTLP endpoint configured, traced: the edge continues the caller's trace (its
// `traceparent`) or starts one, and the API proxy sends the edge's span on as the API call's
// parent (proxy.ts). Without an endpoint no span is made and no id drawn.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseTraceparent, TRACEPARENT, type ActiveSpan, type Tracer } from '@eyewear/api-client/tracing';
import { methodLabel, type EdgeMetrics } from './metrics';
import { edgeRouteOf } from './routes';

const STARTED = Symbol('edge.started');
const SPAN = Symbol('edge.span');
type Measured = ServerResponse & { [STARTED]?: number; [SPAN]?: ActiveSpan | null };
type Traced = IncomingMessage & { [SPAN]?: ActiveSpan | null };

/** The edge's span of a request (null: not traced). */
export const spanOf = (req: IncomingMessage): ActiveSpan | null => (req as Traced)[SPAN] ?? null;

export function createRequestObserver(metrics: EdgeMetrics, tracer: Tracer) {
  // One listener for every response (`this` is the response): nothing made per request.
  function answered(this: Measured) {
    const started = this[STARTED];
    if (started === undefined) return;
    const req = this.req;
    const route = edgeRouteOf(req.url);
    metrics.request(route, methodLabel(req.method), this.statusCode, (performance.now() - started) / 1000);
    const span = this[SPAN];
    if (span) {
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', this.statusCode);
      span.end(this.statusCode >= 500 ? String(this.statusCode) : this.writableFinished ? undefined : 'the client went away');
    }
  }

  return function observe(req: IncomingMessage, res: ServerResponse): void {
    (res as Measured)[STARTED] = performance.now();
    if (tracer.enabled) {
      const span = tracer.start(`${methodLabel(req.method)} ${edgeRouteOf(req.url)}`, {
        parent: parseTraceparent(req.headers[TRACEPARENT]),
        kind: 'server',
        attributes: { 'http.request.method': methodLabel(req.method) },
      });
      (res as Measured)[SPAN] = span;
      (req as Traced)[SPAN] = span;
    }
    res.once('close', answered);
  };
}
