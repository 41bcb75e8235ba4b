import { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readOutbox } from '../areas/account/outbox';
import { type Database } from '../db/database';
import { parse } from './parse';

const outboxQuery = z
  .object({
    to: z.string().trim().min(3).max(120),
    channel: z.enum(['sms', 'email']).optional(),
    limit: z.coerce.number().int().min(1).max(50).optional(),
  })
  .strict();

/** GET /outbox?to=<"+91 9876543210" or e-mail>&channel=sms|email&limit=: what the simulated notifiers "sent", newest first. */
export function outboxAdminRoutes(app: FastifyInstance, db: Database) {
  app.get('/outbox', async (request) => {
    const query = parse(outboxQuery, request.query);
    return { result: { messages: await readOutbox(db, query) } };
  });
}
