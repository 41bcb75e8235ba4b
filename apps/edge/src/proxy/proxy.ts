// /api/ proxied to the API (docs/adr/022): the client's request with the edge's own forwarding
// headers, tried again when a repeat cannot write twice (issue 38), 502/504 in JSON when the API
// gives no answer; and /healthz, the edge's readiness, which is the API's.
import { request as httpRequest, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { CACHE_KEYS_HEADER } from '@eyewear/api-client/cache-keys';
import { BUILD_HEADER, BUILD_NAME, formatTraceparent, TRACEPARENT, VERIFIED_BUILD_HEADER, type ActiveSpan } from '@eyewear/api-client/tracing';
import type { Responder } from '../http/respond';
import { API_RETRIES, API_RETRY_DELAYS_MS, DROPPED_REQUEST_HEADERS, HOP_BY_HOP, safeToRepeat } from './api-target';
import { readBody } from './body';

export interface ApiProxyOptions {
  /** Where /api/ goes: an origin, optionally with a base path (the target is appended to it). */
  apiBase: URL;
  /** The origin shoppers use (e.g. https://shop.example behind a TLS terminator): the scheme and host the API is told. */
  publicUrl: URL | null;
  responder: Responder;
  /** The client's address as the edge sees it (sessions' clientAddressOf: through trusted balancers). */
  clientAddressOf: (req: IncomingMessage) => string;
  /** Request body limit (bytes) for JSON and other bodies (default 256 KiB). */
  bodyLimit?: number;
  /** Request body limit (bytes) for multipart uploads (default 12 MiB). */
  uploadLimit?: number;
  /** Connecting to the API (default 5 s). */
  connectTimeoutMs?: number;
  /** Waiting for the API's answer headers once connected (default 30 s). */
  responseTimeoutMs?: number;
  /**
   * The edge's own cookies for a call's answer (the visitor's session and builds, docs/adr/048),
   * asked before the call, decided by whether the answer starts the API's session (sets cookies):
   * a shared page sets none, so the API call that starts a visitor's session brings them.
   */
  cookiesFor?: (req: IncomingMessage) => Promise<(startsSession: boolean) => string[]>;
  /** Told when the API has answered a write (not GET or HEAD), before the shopper has the answer. */
  onWrite?: () => void;
  /** The edge's span of the request (the API continues its trace), null when not traced. */
  spanOf?: (req: IncomingMessage) => ActiveSpan | null;
  /** Whether the session of the request was given this build (the call's BUILD_HEADER is passed on only then). */
  givenBuild?: (req: IncomingMessage, app: string, version: string) => Promise<boolean>;
}

/** How one try of a proxied call ended. */
type Outcome =
  | { status: 'answered' }
  | { status: 'gone' }
  | {
      status: 'failed';
      /** The socket error's code; ETIMEDOUT: no connection in time; ESLOW: connected, no answer in time. */
      code: string;
      timedOut?: boolean;
      /** The request reached the API (it was only slow). */
      reached?: boolean;
    };
type Failure = Extract<Outcome, { status: 'failed' }>;

export function createApiProxy({
  apiBase,
  publicUrl,
  responder,
  clientAddressOf,
  bodyLimit = 256 * 1024,
  uploadLimit = 12 * 1024 * 1024,
  connectTimeoutMs = 5_000,
  responseTimeoutMs = 30_000,
  cookiesFor,
  onWrite,
  spanOf,
  givenBuild,
}: ApiProxyOptions) {
  const { sendJson, securityHeaders } = responder;

  /** /healthz: ready when the API answers its own /health within 2 s. */
  async function sendApiHealth(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let api = 'unreachable';
    try {
      const answer = await fetch(new URL(`${apiBase.pathname.replace(/\/$/, '')}/health`, apiBase.origin), { signal: AbortSignal.timeout(2000) });
      if (answer.ok) api = 'ok';
      await answer.body?.cancel();
    } catch {
      // refused, reset or too slow: unreachable
    }
    sendJson(req, res, api === 'ok' ? 200 : 503, { edge: 'ok', api });
  }

  /**
   * The API gets the client's request with the edge's own forwarding headers: whatever the
   * client said about its address, scheme or host is dropped (the API trusts these headers
   * from the edge only, docs/adr/022).
   */
  function upstreamHeaders(req: IncomingMessage, length: number | undefined, build: string | null): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      // The build that called goes only as the edge checked it: the client's own words never reach the API.
      if (!DROPPED_REQUEST_HEADERS.has(name) && name !== BUILD_HEADER && name !== VERIFIED_BUILD_HEADER) headers[name] = value;
    }
    if (build) headers[VERIFIED_BUILD_HEADER] = build;
    // The API's spans are children of the edge's (the client's traceparent passes as it is when the edge does not trace).
    const span = spanOf?.(req);
    if (span) headers[TRACEPARENT] = formatTraceparent(span.context);
    headers.host = apiBase.host;
    headers['x-forwarded-for'] = clientAddressOf(req);
    const encrypted = 'encrypted' in req.socket && Boolean(req.socket.encrypted);
    headers['x-forwarded-proto'] = publicUrl ? publicUrl.protocol.slice(0, -1) : encrypted ? 'https' : 'http';
    const servedHost = publicUrl ? publicUrl.host : req.headers.host;
    if (servedHost) headers['x-forwarded-host'] = servedHost;
    if (length !== undefined) headers['content-length'] = String(length);
    return headers;
  }

  /** `target` is the API path (apiTarget: the request's path under /api, checked). */
  async function proxyApi(req: IncomingMessage, res: ServerResponse, target: string): Promise<void> {
    const body = await readBody(req, res, { bodyLimit, uploadLimit }, responder);
    if (body === null) return;
    const none = () => [];
    const cookies = cookiesFor ? await cookiesFor(req).catch(() => none) : none;
    const build = await verifiedBuild(req);
    for (let attempt = 0; ; attempt += 1) {
      const outcome = await proxyAttempt(req, res, target, body, attempt, cookies, build);
      if (outcome.status !== 'failed') return;
      // Tried again on another connection (behind a Service, likely another pod) only when a
      // repeat cannot do a write twice: the request never reached an API (connection refused), or
      // it is a read, or a write the API runs once per Idempotency-Key (issue 38).
      // An answer that was only slow is not asked for again: the API may still be working on it.
      const again =
        attempt < API_RETRIES && !res.headersSent && !res.destroyed && outcome.code !== 'ESLOW' && (outcome.code === 'ECONNREFUSED' || safeToRepeat(req));
      if (!again) return sendApiFailure(req, res, outcome);
      await new Promise((resolveWait) => setTimeout(resolveWait, API_RETRY_DELAYS_MS[attempt] ?? 200));
    }
  }

  /** The call's BUILD_HEADER when it names a build the session was given, else null (asked only when the header is there). */
  async function verifiedBuild(req: IncomingMessage): Promise<string | null> {
    const named = req.headers[BUILD_HEADER];
    if (typeof named !== 'string' || !givenBuild) return null;
    const match = BUILD_NAME.exec(named);
    if (!match) return null;
    return (await givenBuild(req, match[1] ?? '', match[2] ?? '').catch(() => false)) ? named : null;
  }

  /** The edge's answer when the API could not give one: 502 unreachable, or 504 too slow. */
  function sendApiFailure(req: IncomingMessage, res: ServerResponse, outcome: Failure): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (outcome.timedOut) return sendJson(req, res, 504, { message: 'The storefront API did not answer in time.', code: 'API_TIMEOUT' });
    return sendJson(req, res, 502, { message: 'The storefront API is not reachable.', code: 'API_UNREACHABLE' });
  }

  /**
   * One try of a proxied call: resolves `answered` once the API's answer is being relayed, or
   * `failed` (with the socket error's code, or `timedOut`) when no answer came; `gone` when the
   * shopper left first.
   */
  function proxyAttempt(
    req: IncomingMessage,
    res: ServerResponse,
    target: string,
    body: Buffer,
    attempt: number,
    cookiesOf: (startsSession: boolean) => string[],
    build: string | null,
  ): Promise<Outcome> {
    return new Promise((settle) => {
      let upstream: ClientRequest;
      try {
        upstream = httpRequest({
          protocol: apiBase.protocol,
          hostname: apiBase.hostname,
          port: apiBase.port,
          path: target,
          method: req.method,
          headers: upstreamHeaders(req, req.method === 'GET' || req.method === 'HEAD' ? undefined : body.length, build),
          // A retry opens a fresh connection: it never rides a pooled socket to the API that just failed.
          ...(attempt > 0 ? { agent: false } : {}),
        });
      } catch {
        sendJson(req, res, 400, { message: 'The request path is not valid.', code: 'BAD_PATH' });
        settle({ status: 'answered' });
        return;
      }
      let answered = false;
      let done = false;
      const finish = (outcome: Outcome) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        settle(outcome);
      };
      const fail = (outcome: Omit<Failure, 'status'>) => {
        if (done) return;
        upstream.destroy();
        finish({ status: 'failed', ...outcome });
      };
      // One timer: connecting, then waiting for the answer's headers.
      let timer = setTimeout(() => fail({ timedOut: true, code: 'ETIMEDOUT' }), connectTimeoutMs);
      upstream.on('socket', (socket: Socket) => {
        const connected = () => {
          clearTimeout(timer);
          if (!answered) timer = setTimeout(() => fail({ timedOut: true, code: 'ESLOW', reached: true }), responseTimeoutMs);
        };
        if (socket.connecting) socket.once('connect', connected);
        else connected();
      });
      upstream.on('response', (answer: IncomingMessage) => {
        answered = true;
        clearTimeout(timer);
        const headers: OutgoingHttpHeaders = { ...securityHeaders };
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name) && name !== CACHE_KEYS_HEADER) headers[name] = value;
        }
        // A write may change what pages show (a review): the edge reads its purges now.
        if (req.method !== 'GET' && req.method !== 'HEAD') onWrite?.();
        const apiCookies = answer.headers['set-cookie'] ?? [];
        const cookies = cookiesOf(apiCookies.length > 0);
        if (cookies.length > 0) headers['set-cookie'] = [...apiCookies, ...cookies];
        res.writeHead(answer.statusCode || 502, headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
        finish({ status: 'answered' });
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // The API may answer (413) and close while the body is still being written: its
        // answer is what the shopper gets.
        if (answered) return;
        fail({ code: error?.code ?? 'ERROR' });
      });
      // The shopper went away before the answer was complete: stop asking the API.
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
        finish({ status: 'gone' });
      });
      upstream.end(body.length ? body : undefined);
    });
  }

  return { proxyApi, sendApiHealth };
}

export type ApiProxy = ReturnType<typeof createApiProxy>;
