import { type FastifyInstance } from 'fastify';
import { coreEndpoints, type CountryData } from '@eyewear/api-client';
import { type Database } from '../db/database';
import { route } from '../http/endpoint';
import { notFound } from '../http/errors';

/** `/Eyeglasses/Round.html/?x=1#y` and `/eyeglasses/round.html` are one page. */
export function normaliseUrl(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '/';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed.toLowerCase();
}

export function utilityRoutes(app: FastifyInstance, _db: Database) {
  route(app, coreEndpoints.routing, async ({ query, db }) => {
    const [row] = await db.query<{ type: string; target_id: string }>('select type, target_id from routes where url = $1', [normaliseUrl(query.url)]);
    return { result: { path: row ? `${row.type}:${row.target_id}` : 'na:' } };
  });

  route(app, coreEndpoints.countryData, async ({ params, db }) => {
    const [row] = await db.query<{ data: CountryData }>('select data from countries where code = $1', [params.code]);
    if (!row) throw notFound(`No data for country ${params.code}`);
    return { result: row.data };
  });
}
