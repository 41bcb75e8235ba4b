// Traces across the edge, the API and the database (issue 41, docs/adr/055): W3C Trace Context
// (`traceparent`) read and written by hand, ids passed explicitly (no AsyncLocalStorage: on
// Node 20 it turned on promise hooks for the whole process, commit 0f83098), and finished spans
// sent by OTLP over HTTP as JSON to OTEL_EXPORTER_OTLP_ENDPOINT (`/v1/traces`) or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT. Without an endpoint the tracer is off: `start` returns
// null at once and nothing is allocated, timed or sent. Servers only (the edge, the API).

/** The W3C Trace Context header. */
export const TRACEPARENT = 'traceparent';

/**
 * The app build that made an API call (`<app>@<version>`, BUILD_HEADER), sent by the browser's
 * client. The edge passes it on only when it names a build the session was given, as
 * VERIFIED_BUILD_HEADER; the API counts its answers per build from that header alone.
 */
export { BUILD_HEADER, BUILD_NAME } from './build-header';
export const VERIFIED_BUILD_HEADER = 'x-eyewear-verified-build';

export interface SpanContext {
  traceId: string;
  spanId: string;
  sampled: boolean;
}

const TRACEPARENT_FORMAT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:-.*)?$/;
const ZEROS = /^0+$/;

/** A traceparent header's context, or null when absent or malformed (version ff, all-zero ids). */
export function parseTraceparent(value: string | string[] | undefined | null): SpanContext | null {
  if (typeof value !== 'string' || value.length < 55 || value.length > 512) return null;
  const match = TRACEPARENT_FORMAT.exec(value.trim());
  if (!match) return null;
  const [, version, traceId = '', spanId = '', flags = '00'] = match;
  if (version === 'ff' || (version === '00' && value.trim().length !== 55)) return null;
  if (ZEROS.test(traceId) || ZEROS.test(spanId)) return null;
  return { traceId, spanId, sampled: (parseInt(flags, 16) & 1) === 1 };
}

export const formatTraceparent = (context: SpanContext): string => `00-${context.traceId}-${context.spanId}-${context.sampled ? '01' : '00'}`;

const HEX = '0123456789abcdef';
/** `bytes` random bytes as hex (Math.random: ids, not secrets; as OpenTelemetry's own generator). */
export function randomId(bytes: 8 | 16): string {
  let id = '';
  for (let i = 0; i < bytes * 2; i += 1) id += HEX[Math.floor(Math.random() * 16)];
  return ZEROS.test(id) ? randomId(bytes) : id;
}

export type SpanKind = 'internal' | 'server' | 'client';
const KINDS: Record<SpanKind, number> = { internal: 1, server: 2, client: 3 };
type AttributeValue = string | number | boolean;

/** A span being timed; `end` sends it. */
export interface ActiveSpan {
  readonly context: SpanContext;
  setAttribute(key: string, value: AttributeValue): void;
  /** Ends the span: `error` marks it failed (status ERROR with the message). */
  end(error?: string): void;
}

export interface Tracer {
  /** Whether spans are sent anywhere (an OTLP endpoint is configured). */
  readonly enabled: boolean;
  /**
   * Starts a span: a child of `parent` (an incoming traceparent, or a span of this process), or
   * the root of a new trace. Null when tracing is off or the parent is not sampled.
   */
  start(name: string, options?: { parent?: SpanContext | null; kind?: SpanKind; attributes?: Record<string, AttributeValue> }): ActiveSpan | null;
  /** Sends what is waiting now, and waits for the sends under way. */
  flush(): Promise<void>;
  /**
   * Stops for good: the batch timer is cleared, what waits is sent and the sends under way are
   * awaited. Nothing is sent after it resolves (spans started or ended later are dropped), so a
   * process, or a test, that awaits it has no export or log left behind.
   */
  close(): Promise<void>;
}

interface Finished {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: { key: string; value: Record<string, unknown> }[];
  status: { code: number; message?: string };
}

/** Now, in nanoseconds since the epoch, as OTLP's JSON writes it (a decimal string). */
function nowNanos(): string {
  const ms = performance.timeOrigin + performance.now();
  return `${Math.round(ms * 1000)}000`;
}

const attribute = (key: string, value: AttributeValue) => ({
  key,
  value:
    typeof value === 'string'
      ? { stringValue: value }
      : typeof value === 'boolean'
        ? { boolValue: value }
        : Number.isInteger(value)
          ? { intValue: value }
          : { doubleValue: value },
});

/** Where spans go, from the standard OpenTelemetry variables; null: nowhere. */
export function otlpTracesUrl(env: Record<string, string | undefined>): string | null {
  const traces = (env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] || '').trim();
  if (traces) return traces;
  const base = (env['OTEL_EXPORTER_OTLP_ENDPOINT'] || '').trim();
  if (!base) return null;
  return `${base.replace(/\/$/, '')}/v1/traces`;
}

/** OTEL_EXPORTER_OTLP_HEADERS (`key=value,key2=value2`, values percent-encoded). */
function otlpHeaders(env: Record<string, string | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (env['OTEL_EXPORTER_OTLP_TRACES_HEADERS'] || env['OTEL_EXPORTER_OTLP_HEADERS'] || '').split(',')) {
    const at = pair.indexOf('=');
    if (at > 0) headers[pair.slice(0, at).trim().toLowerCase()] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return headers;
}

export interface TracerOptions {
  /** `service.name` of the spans (OTEL_SERVICE_NAME overrides it). */
  service: string;
  env?: Record<string, string | undefined>;
  /** Spans are sent this often, or when MAX_BATCH wait (default 1 s). */
  flushEveryMs?: number;
  log?: (line: string) => void;
}

const MAX_BATCH = 512;
/** Spans kept while the receiver does not answer; past this, dropped (and said once). */
const MAX_WAITING = 4096;

export function createTracer({ service, env = process.env, flushEveryMs = 1000, log = (line) => console.error(line) }: TracerOptions): Tracer {
  const url = otlpTracesUrl(env);
  if (!url) return { enabled: false, start: () => null, flush: async () => undefined, close: async () => undefined };
  const protocol = (env['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'] || env['OTEL_EXPORTER_OTLP_PROTOCOL'] || 'http/json').trim();
  if (protocol !== 'http/json') log(`[tracing] OTEL_EXPORTER_OTLP_PROTOCOL=${protocol}: spans are sent as http/json, the one this build speaks`);
  const headers = { 'content-type': 'application/json', ...otlpHeaders(env) };
  const resource = {
    attributes: [attribute('service.name', env['OTEL_SERVICE_NAME'] || service), attribute('service.instance.id', `${service}-${process.pid}`)],
  };
  const waiting: Finished[] = [];
  let dropped = 0;
  let sending: Promise<void> = Promise.resolve();
  let warnedAt = -Infinity;
  let closed = false;

  function send(): Promise<void> {
    if (waiting.length === 0) return sending;
    const batch = waiting.splice(0, MAX_BATCH);
    const body = JSON.stringify({ resourceSpans: [{ resource, scopeSpans: [{ scope: { name: '@eyewear/tracing' }, spans: batch }] }] });
    sending = sending
      .then(() => fetch(url as string, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) }))
      .then(async (answer) => {
        await answer.body?.cancel();
        if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
      })
      .catch((error: unknown) => {
        if (Date.now() - warnedAt > 60_000) {
          warnedAt = Date.now();
          log(`[tracing] spans not sent: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
    return sending;
  }
  const timer = setInterval(() => void send(), flushEveryMs);
  timer.unref();

  function finish(span: Finished) {
    if (closed) return;
    if (waiting.length >= MAX_WAITING) {
      if (dropped++ === 0) log('[tracing] the OTLP receiver is behind: spans dropped');
      return;
    }
    waiting.push(span);
    if (waiting.length >= MAX_BATCH) void send();
  }

  async function flush() {
    while (waiting.length > 0) await send();
    await sending;
  }

  return {
    enabled: true,
    start(name, { parent = null, kind = 'internal', attributes = {} } = {}) {
      if (closed || (parent && !parent.sampled)) return null;
      const context: SpanContext = { traceId: parent?.traceId ?? randomId(16), spanId: randomId(8), sampled: true };
      const startTimeUnixNano = nowNanos();
      const list = Object.entries(attributes).map(([key, value]) => attribute(key, value));
      let ended = false;
      return {
        context,
        setAttribute: (key, value) => void list.push(attribute(key, value)),
        end(error) {
          if (ended) return;
          ended = true;
          finish({
            traceId: context.traceId,
            spanId: context.spanId,
            ...(parent ? { parentSpanId: parent.spanId } : {}),
            name,
            kind: KINDS[kind],
            startTimeUnixNano,
            endTimeUnixNano: nowNanos(),
            attributes: list,
            status: error === undefined ? { code: 0 } : { code: 2, message: error },
          });
        },
      };
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
      closed = true;
    },
  };
}
