import { ApiError, messageOf } from '@eyewear/api-client';

/** A failed load as a slice keeps it: the HTTP status (0 without an answer) and the server's message. */
export function failureOf(error: unknown): { status: number; message: string } {
  return { status: error instanceof ApiError ? error.status : 0, message: messageOf(error, error instanceof Error ? error.message : String(error)) };
}
