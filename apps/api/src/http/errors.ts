import { type CountryCode } from '@eyewear/i18n/rules';

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
    /** More fields of the answer's body, beside message, field and code (e.g. the new total of a CART_CHANGED). */
    readonly details?: Record<string, unknown>,
    /**
     * The message as the shopper's country says it (a time in its zone: issue 42), for an answer
     * made where the country is not known; the error handler asks it with the request's country.
     * `message` is what is said without one.
     */
    readonly messageIn?: (country: CountryCode) => string,
  ) {
    super(message);
  }
}

/** The body an HttpError answers (app.ts's error handler: in the request's country), and the one an idempotent request stores to answer again. */
export const errorBody = (error: HttpError, country?: CountryCode): Record<string, unknown> => ({
  message: country && error.messageIn ? error.messageIn(country) : error.message,
  field: error.field,
  code: error.code,
  ...error.details,
});

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field, 'BAD_REQUEST');
export const unauthorized = (message = 'Your session has expired. Please sign in again.') => new HttpError(401, message, undefined, 'UNAUTHORIZED');
export const notFound = (message: string) => new HttpError(404, message, undefined, 'NOT_FOUND');
export const conflict = (message: string, field?: string) => new HttpError(409, message, field, 'CONFLICT');
export const unprocessable = (message: string, field?: string, code = 'UNPROCESSABLE') => new HttpError(422, message, field, code);
