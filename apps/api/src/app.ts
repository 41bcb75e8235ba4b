import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { AREAS, createHooks } from './areas';
import { readConfig } from './config';
import { databaseUnavailable, DATABASE_RETRY_AFTER_SECONDS, type Database } from './db/database';
import { errorBody, HttpError } from './http/errors';
import { countryOf } from './http/session';
import { imageRoutes } from './routes/images';
import { meRoutes } from './routes/me';
import { sessionRoutes } from './routes/sessions';
import { telemetryRoutes } from './routes/telemetry';
import { utilityRoutes } from './routes/utility';
import { openObjectStore, attachObjectStore, type ObjectStore } from './storage';
import type { Tracer } from '@eyewear/api-client/tracing';
import { apiTracer, observeRequests } from './observability/hooks';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing calls from another site are refused (DESIGN.md "Security"): browsers say
 * where a request comes from in Sec-Fetch-Site, older ones in Origin. The origin the shopper
 * used is the request's scheme and host as Fastify reads them: from the edge's
 * X-Forwarded-Proto / X-Forwarded-Host when the request comes from a trusted proxy, from the
 * connection and Host header otherwise.
 */
function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'cross-site';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return typeof origin === 'string';
  try {
    return new URL(origin).origin !== new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return true;
  }
}

/**
 * Who may set forwarding headers (X-Forwarded-For/-Proto/-Host): the edge only. TRUST_PROXY
 * lists its addresses or subnets (comma-separated, proxy-addr names such as `loopback`
 * allowed); the default is loopback, where `npm start` runs the edge.
 */
export function trustedProxies(value = process.env.TRUST_PROXY): string[] {
  const list = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return list.length ? list : ['loopback'];
}

export interface AppOptions {
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Addresses whose forwarding headers are believed; TRUST_PROXY or loopback by default. */
  trustProxy?: string[];
  /** How long readiness waits for the database's `select 1` (default READY_TIMEOUT_MS). */
  readyTimeoutMs?: number;
  /** Where uploaded files' bytes go; by default the store the configuration names (UPLOADS_STORE, config.ts). */
  objects?: ObjectStore;
  /** Where the request's spans go (default: the process's, OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set; docs/adr/055). */
  tracer?: Tracer;
}

/** Readiness gives the database this long to answer `select 1`. */
export const READY_TIMEOUT_MS = 1000;

const drainingApps = new WeakSet<FastifyInstance>();

/**
 * From now on `/ready` answers 503: the first step of a graceful stop (lifecycle.ts), so a load
 * balancer stops sending new work while the requests in flight finish. Closing the app does
 * it too.
 */
export function startDraining(app: FastifyInstance) {
  drainingApps.add(app);
}

export function isDraining(app: FastifyInstance): boolean {
  return drainingApps.has(app);
}

type DatabaseAnswer = 'ok' | 'timeout' | 'error';

/**
 * Whether the database answers `select 1` within `timeoutMs`. Probes that come while one check
 * is still waiting share it, so a database that hangs does not collect a queue of them.
 */
function databaseCheck(db: Pick<Database, 'query'>) {
  let pending: Promise<DatabaseAnswer> | null = null;
  return (timeoutMs: number): Promise<DatabaseAnswer> => {
    pending ??= db.query('select 1').then(
      (): DatabaseAnswer => 'ok',
      (): DatabaseAnswer => 'error',
    );
    const check = pending;
    void check.finally(() => {
      if (pending === check) pending = null;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<DatabaseAnswer>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    return Promise.race([check, late]).finally(() => clearTimeout(timer));
  };
}

export async function buildApp({
  db,
  logger = false,
  trustProxy = trustedProxies(),
  readyTimeoutMs = READY_TIMEOUT_MS,
  objects = openObjectStore(readConfig().uploads),
  tracer = apiTracer(),
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy,
    // While the app closes, a request that still arrives on an open connection is answered (with
    // Connection: close, so the client goes elsewhere next) rather than refused with 503:
    // behind the edge a refusal would reach a shopper. Readiness says 503 meanwhile.
    return503OnClosing: false,
    bodyLimit: 256 * 1024,
    genReqId: (request) => String(request.headers['x-trace-id'] ?? '').slice(0, 64) || crypto.randomUUID(),
  });

  // Metrics per route and calling build, and the request's trace (docs/adr/055). The app's spans
  // are sent before its close resolves (the tracer may be the process's: flushed, not closed).
  observeRequests(app, tracer);
  app.addHook('onClose', async () => tracer.flush());
  app.addHook('onRequest', async (request) => {
    if (!SAFE_METHODS.has(request.method) && isCrossSite(request)) {
      throw new HttpError(403, 'Cross-site requests are not accepted.', undefined, 'CROSS_SITE');
    }
  });
  // The database a write held by its Idempotency-Key runs in (http/idempotency.ts runOnce, called by route()).
  app.decorate('idempotencyDb', db);
  // Uploaded files' bytes (storage/): objectStoreOf(request), and objects let go deleted after the commit.
  attachObjectStore(app, objects, db);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-trace-id', request.id);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((thrown, request, reply) => {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      // Said in the shopper's country's way where the answer depends on it (a limit's end time).
      return reply.code(error.status).send(errorBody(error, countryOf(request)));
    }
    // The database away, full or too slow (a restart, a failover, a blink): "not now", with when
    // to try again; the process itself stays ready (readiness does not follow the database).
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: 'The store is busy right now. Please try again in a few seconds.', code: 'DATABASE_UNAVAILABLE' });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message, code: (error as { code?: string }).code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong. Please try again.', code: 'INTERNAL' });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `No such API route: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });

  // Liveness: the process is up and serving. It does not touch the database, so an orchestrator
  // never restarts a healthy process because the database is slow or away.
  app.get('/health', async () => ({ status: 'ok', database: db.kind }));

  // Readiness: whether this process can serve, so 503 only while it drains (a graceful stop has
  // begun). It does not follow the database (issue 38): the database is shared, so a blink of it
  // would take every instance out of the balancer at once and empty the Service; the handlers
  // answer 503 with Retry-After meanwhile, and the edge keeps serving. How the database answered
  // `select 1` (within readyTimeoutMs) is reported beside it, for the person looking.
  const databaseAnswers = databaseCheck(db);
  app.addHook('preClose', async () => startDraining(app));
  app.get('/ready', async (_request, reply) => {
    if (isDraining(app)) return reply.code(503).send({ status: 'draining', database: db.kind });
    const answer = await databaseAnswers(readyTimeoutMs);
    return { status: 'ready', database: db.kind, databaseAnswers: answer };
  });

  const hooks = createHooks();
  sessionRoutes(app, db);
  meRoutes(app, db, hooks);
  utilityRoutes(app, db);
  telemetryRoutes(app, db);
  imageRoutes(app, db);
  for (const area of AREAS) area.routes(app, db, hooks);
  return app;
}
