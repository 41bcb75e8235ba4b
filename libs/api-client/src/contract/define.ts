import { z } from 'zod';
import { type HeaderRules, type HttpMethod } from './route';

export { fillPath, route, type CallName, type ContractRoute, type HeaderRules, type HttpMethod, type Route, type RouteResult } from './route';

/**
 * One call of the storefront API, declared once: the client builds requests from it and the
 * server validates requests and responses with it, so the two cannot drift. A call the browser
 * makes spreads its route (name, method, path, header rules) and adds the schemas.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  N extends string = string,
> {
  name: N;
  method: HttpMethod;
  /** Fastify-style path with `:param` segments, e.g. `/v2/products/product/:id`. */
  path: string;
  params: P;
  query: Q;
  body: B;
  response: R;
  headers: HeaderRules;
  /** What the call does, and the spec section it comes from. */
  summary: string;
}

const none = z.object({}).strict();
const noBody = z.undefined();

export function endpoint<
  P extends z.ZodType = typeof none,
  Q extends z.ZodType = typeof none,
  B extends z.ZodType = typeof noBody,
  R extends z.ZodType = z.ZodType,
  N extends string = string,
>(spec: {
  name: N;
  method: HttpMethod;
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  headers?: HeaderRules;
  summary: string;
}): Endpoint<P, Q, B, R, N> {
  return {
    name: spec.name,
    method: spec.method,
    path: spec.path,
    params: (spec.params ?? none) as P,
    query: (spec.query ?? none) as Q,
    body: (spec.body ?? noBody) as B,
    response: spec.response,
    headers: spec.headers ?? {},
    summary: spec.summary,
  };
}

/** The retailer's responses wrap their payload in `result`. */
export function result<T extends z.ZodType>(payload: T) {
  return z.object({ result: payload });
}

/** The body of every error answer: what went wrong, and the field when one is to blame. */
export const errorBody = z.object({
  message: z.string(),
  field: z.string().optional(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export type ParamsOf<E extends Endpoint> = z.input<E['params']>;
export type QueryOf<E extends Endpoint> = z.input<E['query']>;
export type BodyOf<E extends Endpoint> = z.input<E['body']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** Query values arrive as strings; these coerce them as the contract declares. */
export const q = {
  int: (opts: { min?: number; max?: number } = {}) => {
    let s = z.coerce.number().int();
    if (opts.min !== undefined) s = s.min(opts.min);
    if (opts.max !== undefined) s = s.max(opts.max);
    return s;
  },
  bool: () => z.enum(['true', 'false']).transform((v) => v === 'true'),
};
