import { type FastifyInstance } from 'fastify';
import { type Database } from '../../db/database';
import { sessionIdOf } from '../../http/session';

/**
 * A logged-in shopper for the product area's API tests: a customer row bound to a new
 * session directly in SQL (the account area owns login; these tests do not depend on it).
 */
export async function loggedInSession(app: FastifyInstance, db: Database, customer: { firstName: string; lastName?: string; email: string }) {
  const created = await app.inject({ method: 'POST', url: '/v2/sessions' });
  const token = created.cookies.find((c) => c.name === 'clientV1_in')!.value;
  const [row] = await db.query<{ id: number }>(
    'insert into customers (first_name, last_name, email) values ($1, $2, $3) returning id',
    [customer.firstName, customer.lastName ?? null, customer.email],
  );
  await db.query('update sessions set customer_id = $1 where id = $2', [row!.id, sessionIdOf(token)]);
  return { cookie: `clientV1_in=${token}; clientV1_in_active=1`, customerId: row!.id };
}

/** Seed products the tests rely on (ids are stable: the seed is deterministic). */
export const EYEFRAME = 128001; // full-rim, extra wide, in stock
export const SUNGLASSES = 128161;
export const CONTACT_LENS = 128392; // daily, 30 a box, spherical
export const GOLD = 128269;
export const OUT_OF_STOCK = 128022;
