import { ApiError } from './client';

/**
 * What to tell a shopper about a failed call (issue 18: one error-to-message helper for every
 * app): the server's own message when it sent one (the spec's rule: client errors carry a
 * message the UI shows), else `fallback`, the caller's catalogue text. A network failure, a
 * 5xx without a body or a bug never shows its raw text.
 */
export function messageOf(error: unknown, fallback: string): string {
  const body = error instanceof ApiError ? error.body : (error as { body?: unknown } | null)?.body;
  const message = (body as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

/** The form field the server named in its error (`{ field }`), if any. */
export function fieldOf(error: unknown): string | undefined {
  const body = (error as { body?: { field?: unknown } } | null)?.body;
  return typeof body?.field === 'string' ? body.field : undefined;
}
