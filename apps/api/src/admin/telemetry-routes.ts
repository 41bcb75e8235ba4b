import { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Database } from '../db/database';
import { parse } from './parse';

/** The longest window the summary looks back over: a day. */
export const SUMMARY_MAX_MINUTES = 1440;

const query = z.object({ minutes: z.coerce.number().int().min(1).max(SUMMARY_MAX_MINUTES).default(60) }).strict();

export interface TelemetrySummaryRow {
  remote: string;
  /** The remote's version as the shell reported it; null when it did not say. */
  version: string | null;
  kind: string;
  count: number;
}

/** Reports received since `since`, counted per remote, version and kind (ordered by them). */
export async function telemetrySummary(db: Database, since: Date): Promise<TelemetrySummaryRow[]> {
  return db.query<TelemetrySummaryRow>(
    `select remote, version, kind, count(*)::int as count from telemetry_events
     where received_at >= $1 group by remote, version, kind order by remote, version, kind`,
    [since.toISOString()],
  );
}

/**
 * GET /telemetry/summary?minutes=1..1440 (default 60): the failure reports the shell sent to
 * the public intake (POST /v2/telemetry/events) in the last minutes, per remote, version and
 * kind. Diagnostics for the person running the store: failure counts per version are not for
 * strangers, so the public API no longer serves them (the release guard reads the edge's own
 * signal).
 */
export function telemetryAdminRoutes(app: FastifyInstance, db: Database) {
  app.get('/telemetry/summary', async (request) => {
    const { minutes } = parse(query, request.query);
    const since = new Date(Date.now() - minutes * 60_000);
    return { result: { since: since.toISOString(), byVersion: await telemetrySummary(db, since) } };
  });
}
