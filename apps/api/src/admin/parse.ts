import { type z } from 'zod';
import { HttpError } from '../http/errors';

/** Validates an admin request part with zod: 400 naming the field, never 500. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new HttpError(400, issue?.message ?? 'Invalid request', issue?.path.join('.') || undefined, 'BAD_REQUEST');
}
