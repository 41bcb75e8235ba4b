// Routes: where a call goes and with which headers, free of any schema code, so the browser
// can call the API without shipping zod. `define.ts` builds the full declarations on them.
import type { z } from 'zod';

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
}

/**
 * Where a call goes, without its schemas: what the browser needs to make the call. Typed by
 * the endpoint it stands for, so `client.call(route)` still returns the declared response,
 * while the page's bundle carries no schema library (the server validates).
 */
export interface Route<R extends z.ZodType = z.ZodType> {
  name: string;
  method: HttpMethod;
  path: string;
  headers: HeaderRules;
  /** Type only: the schema of the answer. */
  readonly response?: R;
}

export function route<R extends z.ZodType>(name: string, method: HttpMethod, path: string, headers: HeaderRules = {}): Route<R> {
  return { name, method, path, headers };
}

/** Fills `:param` segments of a path, encoding each value. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === null) throw new Error(`missing path parameter "${key}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

