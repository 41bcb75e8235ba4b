import { type FastifyInstance } from 'fastify';
import { type Database } from '../../db/database';
import { sessionIdOf } from '../../http/session';
import { guestSession } from '../../testing/api';

/** A guest session bound to a new customer (the account area's login does this for real). */
export async function customerSession(app: FastifyInstance, db: Database, country = 'in'): Promise<{ cookie: string; customerId: number }> {
  const cookie = await guestSession(app, country);
  const token = cookie.split('; ').find((c) => c.startsWith(`clientV1_${country}=`))!.split('=')[1]!;
  const [customer] = await db.query<{ id: number }>(`insert into customers (first_name, telephone, country) values ('Test', '9876543210', $1) returning id`, [country]);
  await db.query('update sessions set customer_id = $1 where id = $2', [customer!.id, sessionIdOf(token)]);
  return { cookie, customerId: customer!.id };
}

export function caller(app: FastifyInstance, cookie: string, country = 'in') {
  return async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await app.inject({ method, url, payload: payload as object, headers: { cookie, 'x-country-code': country } });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers of many shapes
    return { status: response.statusCode, body: response.json() as any };
  };
}
