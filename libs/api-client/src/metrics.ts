// Prometheus metrics for the servers (issue 41, docs/adr/055): the edge and the API both count
// with these, and serve them from a listener of their own. Servers only (the edge, the API), like
// @eyewear/api-client/tracing; prom-client comes from the root package.json (types alone here).
//
// Counters and histograms whose hot path allocates nothing: a label set's child is found in
// nested maps (made once) and counting is adding to numbers. prom-client's own metrics build and
// hash an object of the labels on every inc() and observe(), even through labels(): measured
// here at ~2 µs a histogram observation. These register with a prom-client Registry as metrics
// of their own (`get()` in prom-client's shape), so /metrics, the default process metrics and the
// text format stay prom-client's.
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

export function children2<C>(make: (a: string, b: string) => C): (a: string, b: string) => C {
  const root = new Map<string, Map<string, C>>();
  return (a, b) => {
    let level = root.get(a);
    if (!level) root.set(a, (level = new Map()));
    let child = level.get(b);
    if (child === undefined) level.set(b, (child = make(a, b)));
    return child;
  };
}

export function children3<C>(make: (a: string, b: string, c: string) => C): (a: string, b: string, c: string) => C {
  const root = new Map<string, (b: string, c: string) => C>();
  return (a, b, c) => {
    let level = root.get(a);
    if (!level) root.set(a, (level = children2((b2, c2) => make(a, b2, c2))));
    return level(b, c);
  };
}

interface Definition {
  name: string;
  help: string;
  labelNames: readonly string[];
  registry: Registry;
}

type Sample = { labels: Record<string, string | number>; value: number; metricName?: string };

/** Registers `get` as a metric of `registry` (prom-client reads `name` and `get()`). */
function register(registry: Registry, metric: { name: string; get: () => Promise<unknown> }) {
  (registry as unknown as { registerMetric(metric: unknown): void }).registerMetric(metric);
}

const labelsOf = (names: readonly string[], values: readonly string[]) => Object.fromEntries(names.map((name, i) => [name, values[i] ?? '']));

export interface CounterChild {
  inc(): void;
}

/** A counter; `child(values)` is made once per label set (callers keep it, or find it through children2/3). */
export function counter({ name, help, labelNames, registry }: Definition) {
  const all: { labels: Record<string, string>; value: number }[] = [];
  register(registry, {
    name,
    get: async () => ({ name, help, type: 'counter', aggregator: 'sum', values: all.map((child): Sample => ({ labels: child.labels, value: child.value })) }),
  });
  return (...values: string[]): CounterChild => {
    const child = { labels: labelsOf(labelNames, values), value: 0 };
    all.push(child);
    return { inc: () => void (child.value += 1) };
  };
}

export interface HistogramChild {
  observe(value: number): void;
}

/** A histogram with fixed upper bounds (seconds), cumulative buckets and +Inf as Prometheus reads them. */
export function histogram({ name, help, labelNames, registry, buckets }: Definition & { buckets: readonly number[] }) {
  const bounds = [...buckets].sort((a, b) => a - b);
  const all: { labels: Record<string, string>; counts: Float64Array; sum: number; count: number }[] = [];
  register(registry, {
    name,
    get: async () => {
      const values: Sample[] = [];
      for (const child of all) {
        let cumulative = 0;
        bounds.forEach((bound, i) => {
          cumulative += child.counts[i] ?? 0;
          values.push({ labels: { le: bound, ...child.labels }, value: cumulative, metricName: `${name}_bucket` });
        });
        values.push({ labels: { le: '+Inf', ...child.labels }, value: child.count, metricName: `${name}_bucket` });
        values.push({ labels: child.labels, value: child.sum, metricName: `${name}_sum` });
        values.push({ labels: child.labels, value: child.count, metricName: `${name}_count` });
      }
      return { name, help, type: 'histogram', aggregator: 'sum', values };
    },
  });
  return (...values: string[]): HistogramChild => {
    const child = { labels: labelsOf(labelNames, values), counts: new Float64Array(bounds.length), sum: 0, count: 0 };
    all.push(child);
    return {
      observe(value: number) {
        if (!Number.isFinite(value)) return;
        child.sum += value;
        child.count += 1;
        for (let i = 0; i < bounds.length; i += 1) {
          if (value <= (bounds[i] as number)) {
            child.counts[i] = (child.counts[i] ?? 0) + 1;
            return;
          }
        }
      },
    };
  };
}

/**
 * The metrics listener: `GET /metrics` (and HEAD) in Prometheus's text format, on a port of its
 * own (the edge's EDGE_METRICS_PORT, the API's API_METRICS_PORT, bound to 127.0.0.1 by default),
 * never on the public port: a stranger cannot read which builds are failing. Anything else is 404.
 */
export function createMetricsServer(registry: Registry): Server {
  return createServer((req, res) => {
    const path = (req.url || '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found: the metrics are at /metrics');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`metrics failed: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  });
}
