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

/** A message that starts with the raw name of the field its validation refused (`card.cvv: ...`). */
const RAW_FIELD_NAME = /^[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*: /;
/**
 * A validator's or a protocol's own words, not written for a shopper: zod's defaults ("Too big:
 * expected string to have <=64 characters", "Invalid input", "Required"...), the Idempotency-Key
 * and cross-site refusals.
 */
const TECHNICAL =
  /^(Too (big|small)\b|Invalid (input|option|string|number|type|enum|literal|element|key)\b|Expected\b|Required$|Unrecognized key|Invalid$)|Idempotency-Key|[Cc]ross-site/;

/**
 * What a shopper reads of a failed call (issue 42: raw technical messages reached the presales
 * login and the payment page): the server's sentence without the raw field name its validation
 * starts with (`card.cvv: Please enter a valid CVV` -> `Please enter a valid CVV`), and `fallback`
 * (the caller's words) for none, or for a validator's or protocol's own wording.
 */
export function readableMessageOf(error: unknown, fallback: string): string {
  const message = messageOf(error, fallback).replace(RAW_FIELD_NAME, '');
  return TECHNICAL.test(message) ? fallback : message;
}
