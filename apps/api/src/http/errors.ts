/** An answer other than success: the status and the body the client shows or stores. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly code?: string,
    /** Headers the answer carries, e.g. Retry-After on a 429 or 503. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field, 'BAD_REQUEST');
export const unauthorized = (message = 'Your session has expired. Please sign in again.') => new HttpError(401, message, undefined, 'UNAUTHORIZED');
export const notFound = (message: string) => new HttpError(404, message, undefined, 'NOT_FOUND');
export const conflict = (message: string, field?: string) => new HttpError(409, message, field, 'CONFLICT');
export const unprocessable = (message: string, field?: string, code = 'UNPROCESSABLE') => new HttpError(422, message, field, code);
