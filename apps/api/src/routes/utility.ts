import { type FastifyInstance } from 'fastify';
import { cacheKeys, coreEndpoints, type CountryData } from '@eyewear/api-client';
import { type Database } from '../db/database';
import { setCacheKeys } from '../http/cache-keys';
import { route } from '../http/endpoint';
import { notFound } from '../http/errors';

/** `/Eyeglasses/Round.html/?x=1#y` and `/eyeglasses/round.html` are one page. */
export function normaliseUrl(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '/';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed.toLowerCase();
}

/** The routing lookup and country data are the shell's (cache key `shell`, http/cache-keys.ts). */
export function utilityRoutes(app: FastifyInstance, _db: Database) {
  route(app, coreEndpoints.routing, async ({ query, reply, db }) => {
    setCacheKeys(reply, [cacheKeys.shell]);
    const [row] = await db.query<{ type: string; target_id: string }>('select type, target_id from routes where url = $1', [normaliseUrl(query.url)]);
    return { result: { path: row ? `${row.type}:${row.target_id}` : 'na:' } };
  });

  route(app, coreEndpoints.countryData, async ({ params, reply, db }) => {
    const [row] = await db.query<{ data: CountryData }>('select data from countries where code = $1', [params.code]);
    if (!row) throw notFound(`No data for country ${params.code}`);
    setCacheKeys(reply, [cacheKeys.shell]);
    return { result: row.data };
  });
}
