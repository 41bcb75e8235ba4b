import { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Database } from '../db/database';
import { QUEUE_NAMES, type QueueName } from '../jobs/queue';
import { listJobs, retryJobs } from '../jobs/worker';
import { parse } from './parse';

const jobsQuery = z
  .object({
    state: z.enum(['created', 'retry', 'active', 'completed', 'cancelled', 'failed']).default('failed'),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
const retryParams = z.object({ queue: z.enum(QUEUE_NAMES as [QueueName, ...QueueName[]]), id: z.string().uuid() }).strict();

/**
 * GET /jobs?state=failed|retry|active|created|completed|cancelled&limit=: the job queue's jobs of
 * a state, newest first (failed by default: what needs a person); POST /jobs/:queue/:id/retry puts
 * a failed job back. Production has `main.js jobs` for the same (no admin listener there).
 */
export function jobAdminRoutes(app: FastifyInstance, db: Database) {
  app.get('/jobs', async (request) => {
    const { state, limit } = parse(jobsQuery, request.query);
    return { result: { jobs: await listJobs(db, state, limit) } };
  });
  app.post('/jobs/:queue/:id/retry', async (request) => {
    const { queue, id } = parse(retryParams, request.params);
    await retryJobs(db, queue, [id]);
    return { result: { retried: id } };
  });
}
