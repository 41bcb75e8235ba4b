import { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { COURIER_STATUSES, courierFor } from '../areas/account/courier/courier';
import { type Database } from '../db/database';
import { parse } from './parse';

const params = z.object({ orderId: z.coerce.number().int().positive().max(2_147_483_647) }).strict();
const query = z.object({ to: z.enum(COURIER_STATUSES).default('DELIVERED') }).strict();

/** POST /orders/:orderId/advance?to=CONFIRMED|PACKED|SHIPPED|DELIVERED: the simulated courier moves the order on. */
export function courierAdminRoutes(app: FastifyInstance, db: Database) {
  app.post('/orders/:orderId/advance', async (request) => {
    const { orderId } = parse(params, request.params);
    const { to } = parse(query, request.query);
    return { result: await courierFor().advance(db, orderId, to) };
  });
}
