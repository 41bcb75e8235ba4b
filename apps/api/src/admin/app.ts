import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { type Database } from '../db/database';
import { HttpError } from '../http/errors';
import { captchaAdminRoutes } from './captcha-routes';
import { catalogueAdminRoutes } from './catalogue-routes';
import { courierAdminRoutes } from './courier-routes';
import { jobAdminRoutes } from './job-routes';
import { outboxAdminRoutes } from './outbox-routes';
import { returnAdminRoutes } from './return-routes';
import { telemetryAdminRoutes } from './telemetry-routes';

/**
 * The admin listener (docs/adr/019): a second Fastify instance for the person running the
 * store locally and for tests. It serves what the simulated providers keep (the outbox of
 * codes and reset links), drives the simulated courier, and sums the shell's failure reports
 * per remote and version (telemetry-routes.ts; the public API does not), and changes a price
 * (catalogue-routes.ts, the back office's one write to the catalogue), and answers the built-in
 * captcha's answers for tests (captcha-routes.ts). It listens
 * on 127.0.0.1 only (ADMIN_HOST), on its own port (ADMIN_PORT, default 3001), in local mode
 * only; the edge proxies /api/ to the public API's port, never to this one.
 *
 * Defence in depth for a listener on loopback: a request that does not come from a loopback
 * address, that names a host other than localhost / 127.0.0.1 / [::1] (DNS rebinding), or that
 * a browser marks as coming from another site is refused with 403.
 */
export const ADMIN_HOST = '127.0.0.1';

export type AdminRouteRegistrar = (app: FastifyInstance, db: Database) => void;

/** The admin routes. A part that needs one more (say, marking a return's goods received) adds its registrar here. */
export const ADMIN_ROUTES: AdminRouteRegistrar[] = [
  outboxAdminRoutes,
  courierAdminRoutes,
  returnAdminRoutes,
  telemetryAdminRoutes,
  catalogueAdminRoutes,
  captchaAdminRoutes,
  jobAdminRoutes,
];

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

export function isLoopbackRequest(request: Pick<FastifyRequest, 'headers' | 'socket'>): boolean {
  const address = request.socket.remoteAddress ?? '';
  if (!LOOPBACK_ADDRESSES.has(address)) return false;
  const host = request.headers.host ?? '';
  if (!LOOPBACK_HOST.test(host)) return false;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    try {
      if (!LOOPBACK_HOST.test(new URL(origin).host)) return false;
    } catch {
      return false;
    }
  }
  return true;
}

export interface AdminAppOptions {
  db: Database;
  logger?: FastifyServerOptions['logger'];
  routes?: readonly AdminRouteRegistrar[];
}

export async function buildAdminApp({ db, logger = false, routes = ADMIN_ROUTES }: AdminAppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: 16 * 1024 });
  app.addHook('onRequest', async (request) => {
    if (!isLoopbackRequest(request)) throw new HttpError(403, 'The admin listener answers on this machine only.', undefined, 'FORBIDDEN');
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.setErrorHandler((thrown, request, reply) => {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    if (error instanceof HttpError)
      return reply
        .headers(error.headers ?? {})
        .code(error.status)
        .send({ message: error.message, field: error.field, code: error.code });
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return reply.code(status).send({ message: error.message, code: (error as { code?: string }).code });
    request.log.error({ err: error }, 'admin request failed');
    return reply.code(500).send({ message: 'Something went wrong.', code: 'INTERNAL' });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `No such admin route: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
  app.get('/health', async () => ({ status: 'ok' }));
  for (const register of routes) register(app, db);
  return app;
}

/** Starts the admin listener on loopback only: the host is not configurable. */
export async function listenAdmin(app: FastifyInstance, port: number): Promise<string> {
  return app.listen({ port, host: ADMIN_HOST });
}
