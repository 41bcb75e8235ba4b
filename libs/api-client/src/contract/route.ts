// Routes: where a call goes and with which headers, free of any schema code, so the browser
// can call the API without shipping zod. `define.ts` builds the full declarations on them.
// Only types come from the schema side (`import type`): nothing here may load zod at run time.
import type { z } from 'zod';
import type { contract } from './index';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Header rules of a call (spec/shopping.md §7, §6): every call carries session, language,
 * country, client and trace headers unless it says otherwise.
 */
export interface HeaderRules {
  /** Sends X-Customer-Type REPEAT or NEW from the hasPlacedOrder cookie (product calls). */
  customerType?: boolean;
  /** Sends the exchange headers (order id, item id, X-Service-Type: exchange) in exchange mode. */
  exchange?: boolean;
  /** Sent without the session header (the captcha). */
  noSession?: boolean;
  /**
   * Carries an Idempotency-Key (placing an order and paying, and every cart write): the caller's
   * `idempotencyKey`, the same for every retry of one attempt (one shopper action), or one the
   * client draws for the call.
   */
  idempotencyKey?: boolean;
}

/**
 * Where a call goes, without its schemas: what the browser needs to make the call, declared
 * once (in a `*-routes.ts` file); its endpoint spreads it and adds the schemas. Typed by its
 * name, so `client.call(route)` returns the response the endpoint of that name declares
 * (`RouteResult`), while the page's bundle carries no schema library (the server validates).
 */
export interface Route<N extends string = string> {
  name: N;
  method: HttpMethod;
  path: string;
  headers: HeaderRules;
}

export function route<N extends string>(name: N, method: HttpMethod, path: string, headers: HeaderRules = {}): Route<N> {
  return { name, method, path, headers };
}

type Contract = typeof contract;
/** Every endpoint of the contract, as one union. */
type AnyEndpoint = { [A in keyof Contract]: Contract[A][keyof Contract[A]] }[keyof Contract];
/** The name of a call the contract declares. */
export type CallName = AnyEndpoint['name'];
/** The contract's endpoint of a name (its schemas). */
export type EndpointNamed<N extends CallName> = Extract<AnyEndpoint, { name: N }>;
/** A route that names a call of the contract (the client calls only those, or an endpoint). */
export type ContractRoute = Route<CallName>;

/**
 * The answer of a route: the response the contract's endpoint of that name declares (an
 * endpoint's own response when given an endpoint). Type only: resolved where a call is made, so
 * the routes need no schema and the declarations no cycle.
 */
export type RouteResult<R extends Route> = R extends { response: infer S extends z.ZodType }
  ? z.output<S>
  : z.output<Extract<AnyEndpoint, { name: R['name'] }>['response']>;

/** Fills `:param` segments of a path, encoding each value. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === null) throw new Error(`missing path parameter "${key}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
