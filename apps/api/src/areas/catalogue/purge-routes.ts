import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { purgesAfter } from '../../db/purges';
import { route } from '../../http/endpoint';

/**
 * The purge feed (issue 39, docs/adr/048): what the edges poll (every 500 ms, `after` = the
 * previous answer's `last`) to purge their page caches and the shared cache by key. One
 * indexed, read-only statement (db/purges.ts `purgesAfter`): it moves no write version.
 */
export function purgeRoutes(app: FastifyInstance) {
  route(app, areaEndpoints.content.purges, async ({ query, db }) => ({ result: await purgesAfter(db, query.after ?? 0) }));
}
