import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { AREAS, createHooks } from './areas';
import { type Database } from './db/database';
import { startHousekeeping } from './db/housekeeping';
import { HttpError } from './http/errors';
import { imageRoutes } from './routes/images';
import { meRoutes } from './routes/me';
import { sessionRoutes } from './routes/sessions';
import { telemetryRoutes } from './routes/telemetry';
import { utilityRoutes } from './routes/utility';

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
}

export async function buildApp({ db, logger = false, trustProxy = trustedProxies() }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy,
    bodyLimit: 256 * 1024,
    genReqId: (request) => String(request.headers['x-trace-id'] ?? '').slice(0, 64) || crypto.randomUUID(),
  });

  app.addHook('onRequest', async (request) => {
    if (!SAFE_METHODS.has(request.method) && isCrossSite(request)) {
      throw new HttpError(403, 'Cross-site requests are not accepted.', undefined, 'CROSS_SITE');
    }
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-trace-id', request.id);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((thrown, request, reply) => {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).send({ message: error.message, field: error.field, code: error.code });
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

  app.get('/health', async () => {
    await db.query('select 1');
    return { status: 'ok', database: db.kind };
  });

  const hooks = createHooks();
  sessionRoutes(app, db);
  meRoutes(app, db, hooks);
  utilityRoutes(app, db);
  telemetryRoutes(app, db);
  imageRoutes(app, db);
  for (const area of AREAS) area.routes(app, db, hooks);
  startHousekeeping(app, db);
  return app;
}
