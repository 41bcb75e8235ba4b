import { BUILD_HEADER, buildHeaderValue, type AppBuild } from './build-header';
import { coreRoutes } from './contract/core-routes';
import { type Endpoint } from './contract/define';
import { fillPath, type ContractRoute, type Route, type RouteResult } from './contract/route';
import { pageWide } from './page-state';
import { isUnreachableAnswer, reportReachability } from './reachability';

/** The mark every ApiError carries, the same in every copy of this module (a registered symbol). */
const API_ERROR = Symbol.for('eyewear.api-client.ApiError');

/**
 * The one HTTP client every app uses to reach the storefront API. Cross-cutting concerns
 * (headers, session, errors) live here once; tests inject `fetch` and a cookie source
 * instead of mocking modules.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly [API_ERROR] = true;
  /**
   * Every app bundles its own copy of this module, but a remote that takes the page's client
   * gets the shell's (its provider hands it on: in the browser unless the remote makes its own,
   * on the server always): an error from it is an ApiError to every copy of the class, or such a
   * remote's `instanceof ApiError` would never hold (a 401 or 404 read as a network failure).
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as { [API_ERROR]?: unknown })[API_ERROR] === true;
  }
  constructor(
    readonly status: number,
    /** The server's body when it sent one (spec: client errors reject with it). */
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }
}

export interface ExchangeContext {
  orderId: string;
  itemId: string;
}

export interface ApiClientOptions {
  /** Where the API is mounted; the edge server proxies `/api/`. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The page's country and language (headers on every call). */
  country?: string;
  language?: string;
  /** The browser's cookies, read when a call needs them; `document.cookie` by default. */
  cookies?: () => string;
  /** The open exchange, when the shopper is in exchange mode (shopping §4 "Exchange flow"). */
  exchange?: () => ExchangeContext | null;
  /** A trace id per call, to follow a request through the logs. */
  traceId?: () => string;
  /**
   * The app build whose calls these are: sent as `x-eyewear-build: <app>@<version>` on calls to
   * the page's own origin only (the edge vouches for it, docs/adr/055), never to another host.
   */
  build?: AppBuild;
}

export interface CallInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The Idempotency-Key of a call whose route requires one (`headers.idempotencyKey`): give
   * the same key to every retry of one attempt (a retried payment must not pay twice); without
   * one the client draws a fresh key for the call. Refused on any other route.
   */
  idempotencyKey?: string;
}

export interface ApiClient {
  /**
   * Calls a route of the contract (or a declared endpoint) and returns its body, typed by the
   * endpoint of the route's name. Every call goes through here: there is no raw path call.
   */
  call<R extends ContractRoute | Endpoint>(route: R, input?: CallInput): Promise<RouteResult<R>>;
  /** Validates the session; a 401 creates a new guest session (shopping §4 "Session"). */
  validateSession(): Promise<RouteResult<typeof coreRoutes.validateSession>>;
}

export function buildUrl(baseUrl: string, path: string, query: Record<string, unknown> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return `${baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}${qs ? `?${qs}` : ''}`;
}

export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Whether calls to `baseUrl` stay on the page's origin (a path, or an absolute URL of the page's own origin). */
export function sameOrigin(baseUrl: string): boolean {
  if (baseUrl.startsWith('//')) return false;
  if (!/^[a-z][a-z\d+.-]*:/i.test(baseUrl)) return true;
  const page = (globalThis as { location?: { origin?: string } }).location?.origin;
  try {
    return page !== undefined && new URL(baseUrl).origin === page;
  } catch {
    return false;
  }
}

function buildHeader(build: AppBuild | null): Record<string, string> {
  const value = build ? buildHeaderValue(build) : null;
  return value ? { [BUILD_HEADER]: value } : {};
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function messageOf(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') return body.message;
  return `request failed with status ${status}`;
}

function randomHex(byteCount: number): string {
  const bytes = new Uint8Array(byteCount);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const randomTraceId = () => randomHex(8);

/**
 * A new Idempotency-Key (128 random bits), drawn once per shopper action (a tap on +, an add to
 * cart, a payment attempt) and sent with every retry of that action: a repeat of the action,
 * whoever repeats it (a second copy of a saga, a balancer's retry), changes nothing.
 */
export const newIdempotencyKey = () => randomHex(16);

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const country = options.country ?? 'in';
  const language = options.language ?? 'en';
  const cookies = options.cookies ?? (() => (globalThis as { document?: { cookie: string } }).document?.cookie ?? '');
  const exchange = options.exchange ?? (() => null);
  const traceId = options.traceId ?? randomTraceId;
  const build = options.build && sameOrigin(baseUrl) ? options.build : null;
  // The session token is an HttpOnly cookie the browser sends by itself; this readable
  // marker says whether one exists.
  const marker = `clientV1_${country}_active`;
  // One session creation at a time for the whole page: the shell and every remote each hold
  // a client, and two first calls at once must not create two sessions (the second cookie
  // would orphan whatever the first session had, e.g. a guest cart).
  const pending = pageWide('__eyewearSessionCreation', (): Record<string, Promise<unknown> | null> => ({}));

  async function request(
    method: string,
    path: string,
    query: Record<string, unknown> | undefined,
    body: unknown,
    extra: Record<string, string>,
    signal?: AbortSignal,
  ) {
    // Multipart bodies (photo uploads) go as FormData: the browser writes the boundary itself.
    const form = typeof FormData !== 'undefined' && body instanceof FormData;
    const loads = method === 'GET' || method === 'HEAD';
    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, path, query), {
        method,
        credentials: 'same-origin',
        signal,
        headers: {
          accept: 'application/json',
          ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
          'x-country-code': country,
          'x-language': language,
          'x-api-client': 'desktop',
          'x-trace-id': traceId(),
          ...buildHeader(build),
          ...extra,
        },
        body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
      });
    } catch (error) {
      // No answer at all (the edge is gone, the network dropped: fetch rejects with a
      // TypeError): the store is unreachable. An abort is the page's own choice.
      if (!signal?.aborted && error instanceof Error && error.name === 'TypeError') {
        Object.assign(error, { storeUnreachable: true });
        if (loads) reportReachability(false);
      }
      throw error;
    }
    const data = await readBody(response);
    // Only a failed read turns an area into "We can't reach the store right now": a failed
    // write (placing an order, saving a form) stays with the view that made it, which keeps
    // what the shopper typed and says what happened. Any answer from the API counts as reached.
    const unreachable = isUnreachableAnswer(response.status, data);
    if (!unreachable || loads) reportReachability(!unreachable);
    if (!response.ok) throw new ApiError(response.status, data, messageOf(data, response.status));
    return data;
  }

  function createSession() {
    if (!pending[country]) {
      pending[country] = request('POST', coreRoutes.createSession.path, undefined, undefined, {}).finally(() => {
        pending[country] = null;
      });
    }
    return pending[country];
  }

  /** The first request without a session cookie creates a session (shopping §4). */
  async function ensureSession(endpoint: Route) {
    if (endpoint.path === coreRoutes.createSession.path || endpoint.headers.noSession) return;
    if (!readCookie(cookies(), marker)) await createSession();
  }

  function headersFor(endpoint: Route, input: CallInput): Record<string, string> {
    const headers: Record<string, string> = {};
    if (endpoint.headers.idempotencyKey) headers['idempotency-key'] = input.idempotencyKey ?? newIdempotencyKey();
    else if (input.idempotencyKey !== undefined) throw new Error(`${endpoint.name} takes no Idempotency-Key`);
    if (endpoint.headers.customerType) {
      headers['x-customer-type'] = readCookie(cookies(), 'hasPlacedOrder') === 'true' ? 'REPEAT' : 'NEW';
    }
    const open = endpoint.headers.exchange ? exchange() : null;
    if (open) {
      headers['x-service-type'] = 'exchange';
      headers['x-exchange-order-id'] = open.orderId;
      headers['x-exchange-item-id'] = open.itemId;
    }
    return headers;
  }

  async function call(endpoint: Route, input: CallInput = {}): Promise<unknown> {
    await ensureSession(endpoint);
    const path = fillPath(endpoint.path, input.params);
    return request(endpoint.method, path, input.query, input.body, headersFor(endpoint, input), input.signal);
  }

  return {
    call: call as ApiClient['call'],
    async validateSession() {
      try {
        return (await call(coreRoutes.validateSession)) as Awaited<ReturnType<ApiClient['validateSession']>>;
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
        return (await createSession()) as Awaited<ReturnType<ApiClient['validateSession']>>;
      }
    },
  };
}

const clients = new Map<string, ApiClient>();

/**
 * This app bundle's client for a country, built once. Each app bundles its own copy of the
 * client (it is not a shared module), but all of them send the same session cookie and
 * share the page-wide session creation above. With `build`, the client of that app's calls
 * (one per country and app: the first `build` given for an app is the one kept).
 */
export function apiClientFor(country: string, build?: AppBuild): ApiClient {
  const key = build ? `${country} ${build.app}` : country;
  let client = clients.get(key);
  if (!client) {
    client = createApiClient({ country, ...(build ? { build } : {}) });
    clients.set(key, client);
  }
  return client;
}
