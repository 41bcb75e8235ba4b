/**
 * The one HTTP client every app uses to reach the storefront API. Cross-cutting concerns
 * (headers, credentials, errors) live here once; tests inject `fetch` instead of mocking
 * modules.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface ApiClientOptions {
  /** Where the API is mounted; the edge server proxies `/api/`. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Headers added to every request (customer type, exchange headers, ...). */
  headers?: () => Record<string, string>;
}

export interface ApiClient {
  get<T>(path: string, query?: Query, init?: { signal?: AbortSignal }): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, init?: { signal?: AbortSignal; headers?: Record<string, string> }): Promise<T>;
}

export function buildUrl(baseUrl: string, path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return `${baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}${qs ? `?${qs}` : ''}`;
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

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const headers = options.headers ?? (() => ({}));

  async function request<T>(method: string, path: string, query: Query | undefined, body: unknown, init: { signal?: AbortSignal; headers?: Record<string, string> } = {}): Promise<T> {
    const response = await doFetch(buildUrl(baseUrl, path, query), {
      method,
      credentials: 'same-origin',
      signal: init.signal,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers(),
        ...init.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, data, messageOf(data, response.status));
    return data as T;
  }

  return {
    get: (path, query, init) => request('GET', path, query, undefined, init),
    send: (method, path, body, init) => request(method, path, undefined, body, init),
  };
}
