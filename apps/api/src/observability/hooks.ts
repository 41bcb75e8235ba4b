// Each API request measured (RED per route pattern, and per calling build) and, with an OTLP
// endpoint configured, traced: a span for the route, the child of the edge's (its traceparent),
// and a span for each query the handler's database runs (traced-db.ts, through route()). Ids are
// passed on the request, never through AsyncLocalStorage (docs/adr/055; commit 0f83098).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createTracer, parseTraceparent, TRACEPARENT, VERIFIED_BUILD_HEADER, type ActiveSpan, type Tracer } from '@eyewear/api-client/tracing';
import type { Database } from '../db/database';
import { apiMetrics, methodLabel } from './metrics';
import { tracedDatabase } from './traced-db';

const SPAN = Symbol('api.span');
type Traced = FastifyRequest & { [SPAN]?: { span: ActiveSpan; tracer: Tracer } | null };

/** The request's route span (null: not traced). */
export const spanOf = (request: FastifyRequest): ActiveSpan | null => (request as Traced)[SPAN]?.span ?? null;

/** The database a handler of this request runs on: `db`, its queries spans of the request's trace when it is traced. */
export function databaseFor(request: FastifyRequest, db: Database): Database {
  const traced = (request as Traced)[SPAN];
  return traced ? tracedDatabase(db, traced.tracer, traced.span) : db;
}

/** The route pattern of a request (`unmatched` when no route took it: a 404's URL is never a label). */
const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? 'unmatched';

/**
 * The build the edge vouched for: only from a request that came through a trusted proxy (the
 * edge; TRUST_PROXY), so a caller who reaches the API directly cannot blame a build.
 */
function vouchedBuild(request: FastifyRequest): string | undefined {
  const build = request.headers[VERIFIED_BUILD_HEADER];
  if (typeof build !== 'string' || build.length > 120) return undefined;
  return request.ips && request.ips.length > 1 ? build : undefined;
}

export function observeRequests(app: FastifyInstance, tracer: Tracer) {
  const metrics = apiMetrics();
  if (tracer.enabled) {
    app.addHook('onRequest', async (request) => {
      const span = tracer.start(`${methodLabel(request.method)} ${routeOf(request)}`, {
        parent: parseTraceparent(request.headers[TRACEPARENT]),
        kind: 'server',
        attributes: { 'http.request.method': methodLabel(request.method), 'http.route': routeOf(request) },
      });
      (request as Traced)[SPAN] = span ? { span, tracer } : null;
    });
  }
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(routeOf(request), methodLabel(request.method), reply.statusCode, reply.elapsedTime / 1000, vouchedBuild(request));
    const span = (request as Traced)[SPAN]?.span;
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      span.end(reply.statusCode >= 500 ? String(reply.statusCode) : undefined);
    }
  });
}

let tracer: Tracer | null = null;
/** The process's tracer: OTLP to OTEL_EXPORTER_OTLP_ENDPOINT when set, else off (no cost). */
export function apiTracer(service = 'api'): Tracer {
  tracer ??= createTracer({ service });
  return tracer;
}
