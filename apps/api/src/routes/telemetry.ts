import { type FastifyInstance } from 'fastify';
import { coreEndpoints } from '@eyewear/api-client';
import { type Database } from '../db/database';
import { route } from '../http/endpoint';
import { HttpError } from '../http/errors';
import { currentSession } from '../http/session';

/**
 * At most this many intake calls per minute: per session (a page view reports each remote it
 * loads), and per client address, which many shoppers can share (an office, a carrier's NAT,
 * every browser of the test suite), so its bound is wider.
 */
export const CALLS_PER_SESSION_MINUTE = 30;
export const CALLS_PER_ADDRESS_MINUTE = 600;

export function telemetryRoutes(app: FastifyInstance, _db: Database) {
  const calls = new Map<string, { minute: number; count: number }>();
  const counted = (key: string, minute: number) => {
    const seen = calls.get(key);
    const count = seen && seen.minute === minute ? seen.count + 1 : 1;
    calls.set(key, { minute, count });
    return count;
  };

  route(app, coreEndpoints.telemetry, async ({ body, request, db }) => {
    const session = await currentSession(db, request);
    const minute = Math.floor(Date.now() / 60_000);
    if (calls.size > 10_000) calls.clear();
    const byAddress = counted(`ip:${request.ip}`, minute);
    const bySession = counted(session ? `session:${session.id}` : `anonymous:${request.ip}`, minute);
    if (byAddress > CALLS_PER_ADDRESS_MINUTE || bySession > CALLS_PER_SESSION_MINUTE) {
      throw new HttpError(429, 'Too many reports; try again in a minute.', undefined, 'RATE_LIMITED');
    }

    for (const event of body.events) {
      await db.query(
        `insert into telemetry_events (session_id, kind, remote, expose, version, channel, message, path)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [session?.id ?? null, event.kind, event.remote, event.expose ?? null, event.version ?? null, event.channel ?? null, event.message, event.path ?? null],
      );
    }
    return { result: { accepted: body.events.length } };
  });
}
