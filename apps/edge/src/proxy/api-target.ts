// Which API path a request under /api/ goes to, which headers never go with it, and which calls
// may be sent again (docs/adr/022, issue 38).
import type { IncomingHttpHeaders } from 'node:http';

// Client-sent forwarding headers are never passed on (the edge sets its own); hop-by-hop
// headers belong to one connection.
export const DROPPED_REQUEST_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-forwarded-prefix',
  'forwarded',
  'x-real-ip',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'expect',
]);

/** Headers of the API's answer that belong to its connection to the edge, not to the shopper's. */
export const HOP_BY_HOP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/**
 * A proxied API call that got no answer is tried again this many times (with these pauses), when
 * a repeat cannot apply a write twice (`safeToRepeat`, or a refused connection): behind a
 * Kubernetes Service there is no retrying balancer between the edge and the API (issue 38).
 */
export const API_RETRIES = 2;
export const API_RETRY_DELAYS_MS: readonly number[] = [50, 250];

/**
 * A read, or a write carrying an Idempotency-Key: the API runs it at most once per key, or
 * refuses a malformed key before writing anything (http/idempotency.ts in the API, which owns the
 * key's rule; the edge only looks for the header, as HAProxy does).
 */
export function safeToRepeat(req: { method?: string | undefined; headers: IncomingHttpHeaders }): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return true;
  return typeof req.headers['idempotency-key'] === 'string';
}

/**
 * The API path for a request target under /api, or null when the target is malformed: the
 * upstream URL is always the configured API origin plus this path, so no target can name
 * another host. Refused: `//` (protocol-relative), backslashes, control characters (CR, LF,
 * NUL), dot segments, and the same spelled with percent-escapes (`%2f%2f`, `%5c`, `%2e%2e`,
 * `%00`).
 */
export function apiTarget(rawUrl: string, basePath = ''): string | null {
  const query = rawUrl.indexOf('?');
  const path = (query < 0 ? rawUrl : rawUrl.slice(0, query)).slice('/api'.length) || '/';
  const search = query < 0 ? '' : rawUrl.slice(query);
  if (!path.startsWith('/')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  for (const candidate of [path, decoded]) {
    if (/[\u0000-\u001f\u007f\\]/.test(candidate) || candidate.includes('//')) return null;
    if (candidate.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  }
  if (/[\u0000-\u001f\u007f\s]/.test(search)) return null;
  return `${basePath.replace(/\/$/, '')}${path}${search}`;
}
