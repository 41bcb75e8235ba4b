/**
 * The test kit's fake API (issue 18, item 1): a real client (`createApiClient`) whose `fetch`
 * answers by contract route name instead of a server. The headers, the session marker, the
 * errors (`ApiError`) and the reachability reports are the production client's own; only the
 * network is replaced. No test patches `globalThis.fetch`: the client reaches components and
 * sagas through `ApiClientProvider` (what `renderPage` of `@eyewear/event-bus/testing` does).
 */
import type { z } from 'zod';
import { createApiClient, type ApiClient } from './client';
import { contract } from './contract';
import type { CallName, EndpointNamed } from './contract/route';

/** An answer other than 200 with the declared response: `fail(404, { message })`. */
export class FakeAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** A failure (or any status) with a body, e.g. `fail(422, { message: 'Invalid pincode' })`. */
export function fail(status: number, body: unknown = { message: `failed with status ${status}` }): FakeAnswer {
  return new FakeAnswer(status, body);
}

/** What a handler is given: the request as the API would see it. */
export interface FakeRequest<N extends CallName = CallName> {
  name: N;
  method: string;
  path: string;
  /** The path's `:params`, as strings (the URL's). */
  params: Record<string, string>;
  query: Record<string, string>;
  body: z.input<EndpointNamed<N>['body']>;
  headers: Record<string, string>;
  /** The call's abort signal, to check that a page gave up a request it no longer needs. */
  signal?: AbortSignal;
}

type Declared<N extends CallName> = z.output<EndpointNamed<N>['response']>;
/**
 * The answer of a route: its declared response (200), a `fail(...)`, or a function of the
 * request returning either, possibly later (a Promise: a test can hold a request open).
 */
export type FakeHandler<N extends CallName> =
  Declared<N> | FakeAnswer | ((request: FakeRequest<N>) => Declared<N> | FakeAnswer | Promise<Declared<N> | FakeAnswer>);

export type FakeHandlers = { [N in CallName]?: FakeHandler<N> };

export interface FakeApi {
  /** The client to provide (`renderPage(ui, { api })`, `ApiClientProvider`, a saga's deps). */
  client: ApiClient;
  /** Every request made, in order (including those no handler answered). */
  calls: FakeRequest[];
  /** The requests made to one route. */
  callsTo<N extends CallName>(name: N): FakeRequest<N>[];
  /** Adds or replaces handlers, e.g. to answer the next load differently. */
  answer(handlers: FakeHandlers): void;
}

interface Compiled {
  name: string;
  method: string;
  pattern: RegExp;
  keys: string[];
}

let compiled: Compiled[] | null = null;

/** Every route of the contract as a matcher; paths with fewer `:params` are tried first. */
function routes(): Compiled[] {
  if (compiled) return compiled;
  const all: Compiled[] = [];
  for (const area of Object.values(contract)) {
    for (const endpoint of Object.values(area) as { name: string; method: string; path: string }[]) {
      const keys: string[] = [];
      const source = endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, key: string) => {
        keys.push(key);
        return '([^/]+)';
      });
      all.push({ name: endpoint.name, method: endpoint.method, pattern: new RegExp(`^${source}$`), keys });
    }
  }
  compiled = all.sort((a, b) => a.keys.length - b.keys.length);
  return compiled;
}

function match(method: string, path: string): { name: string; params: Record<string, string> } | null {
  for (const route of routes()) {
    if (route.method !== method) continue;
    const found = route.pattern.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    route.keys.forEach((key, i) => (params[key] = decodeURIComponent(found[i + 1] ?? '')));
    return { name: route.name, params };
  }
  return null;
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * A fake API answering by route name: `fakeApi({ 'cart.get': aCart(), 'cart.add': fail(400) })`.
 * A call no handler answers gets a 404 with a message naming it. The session marker cookie of
 * the country is present, so the client does not create a session first (pass `cookies` to
 * test that).
 */
export function fakeApi(handlers: FakeHandlers = {}, options: { country?: string; cookies?: () => string } = {}): FakeApi {
  const country = options.country ?? 'in';
  const table: Record<string, unknown> = { ...handlers };
  const calls: FakeRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const found = match(method, path);
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const request = {
      name: (found?.name ?? `${method} ${path}`) as CallName,
      method,
      path,
      params: found?.params ?? {},
      query: Object.fromEntries(url.searchParams),
      body: parseBody(init.body) as never,
      headers,
      signal: init.signal ?? undefined,
    } satisfies FakeRequest;
    calls.push(request);
    const handler = found ? table[found.name] : undefined;
    let answer: unknown =
      handler === undefined ? fail(404, { message: `no fake answer for ${request.name}` }) : typeof handler === 'function' ? await handler(request) : handler;
    if (!(answer instanceof FakeAnswer)) answer = new FakeAnswer(200, answer);
    const { status, body } = answer as FakeAnswer;
    // The client reads only ok, status and text(); jsdom has no Response.
    return { ok: status >= 200 && status < 300, status, text: async () => (body === undefined ? '' : JSON.stringify(body)) } as Response;
  };
  const client = createApiClient({
    country,
    fetch: fetch as typeof globalThis.fetch,
    cookies: options.cookies ?? (() => `clientV1_${country}_active=1`),
  });
  return {
    client,
    calls,
    callsTo: <N extends CallName>(name: N) => calls.filter((call) => call.name === name) as unknown as FakeRequest<N>[],
    answer: (more) => Object.assign(table, more),
  };
}
