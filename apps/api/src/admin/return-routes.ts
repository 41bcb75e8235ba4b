import { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { advanceReturn, RETURN_PROGRESS } from '../areas/account/return-progress';
import { type Database } from '../db/database';
import { parse } from './parse';

const params = z.object({ returnId: z.coerce.number().int().positive().max(2_147_483_647) }).strict();
const query = z.object({ to: z.enum(RETURN_PROGRESS) }).strict();

/**
 * POST /returns/:returnId/advance?to=PICKED_UP|RECEIVED: the simulated courier picks a pickup
 * up, or the goods of a return arrive; the return's refund is paid then (return-progress.ts).
 */
export function returnAdminRoutes(app: FastifyInstance, db: Database) {
  app.post('/returns/:returnId/advance', async (request) => {
    const { returnId } = parse(params, request.params);
    const { to } = parse(query, request.query);
    return { result: await advanceReturn(db, returnId, to) };
  });
}
