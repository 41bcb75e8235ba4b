import { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { builtinAnswer } from '../areas/cart/captcha';
import { type Database } from '../db/database';
import { HttpError } from '../http/errors';
import { parse } from './parse';

const params = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'Not a captcha id') }).strict();

/**
 * GET /captchas/:id: the answer of a built-in captcha (local mode only, like the whole admin
 * listener; docs/adr/042), so tests and the person running the store solve it without reading
 * the database. Reading it does not use it up; a used, expired or unknown one is 404.
 */
export function captchaAdminRoutes(app: FastifyInstance, db: Database) {
  app.get('/captchas/:id', async (request) => {
    const { id } = parse(params, request.params);
    const answer = await builtinAnswer(db, id);
    if (answer === null) throw new HttpError(404, 'No such captcha (used, expired, or never made).', undefined, 'NOT_FOUND');
    return { result: { id, answer } };
  });
}
