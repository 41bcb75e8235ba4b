// The API's and the job worker's Prometheus metrics (issue 41, docs/adr/055), on a registry of
// their own (the edge's may share a process in the bench). Bounded labels only: routes are
// Fastify's patterns (`/v2/products/:id`), builds are what the edge vouched for, statuses are
// classes. A label set's child is looked up in maps and kept (@eyewear/api-client/metrics).
import { collectDefaultMetrics, Registry } from 'prom-client';
import { children2, children3, counter, histogram, type HistogramChild } from '@eyewear/api-client/metrics';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

/** `2xx`, `4xx`... from a status code. */
const CLASSES = ['other', '1xx', '2xx', '3xx', '4xx', '5xx'];
export function statusClass(status: number): string {
  return CLASSES[Math.floor(status / 100)] ?? 'other';
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
export const methodLabel = (method: string): string => (METHODS.has(method) ? method : 'other');

function createApiMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = counter({
    name: 'api_http_requests_total',
    help: 'Requests the API answered, by route pattern (unmatched: no route), method and status class.',
    labelNames: ['route', 'method', 'status_class'],
    registry,
  });
  const requestSeconds = histogram({
    name: 'api_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and method.',
    labelNames: ['route', 'method'],
    buckets: LATENCY_BUCKETS,
    registry,
  });
  const byBuild = counter({
    name: 'api_requests_total',
    help: 'Requests by the app build that made them (as the edge vouched: a build the session was given) and status class.',
    labelNames: ['build_app', 'build_version', 'status_class'],
    registry,
  });
  const cacheLookups = counter({
    name: 'api_read_cache_requests_total',
    help: 'Lookups in the read caches (product, listing, category) by result: hit, or miss (computed).',
    labelNames: ['cache', 'result'],
    registry,
  });
  const jobs = counter({
    name: 'api_jobs_total',
    help: 'Jobs the worker ran, by queue and outcome (completed, failed: the queue retries it).',
    labelNames: ['queue', 'outcome'],
    registry,
  });
  const jobSeconds = histogram({
    name: 'api_job_duration_seconds',
    help: 'Time a job took, by queue.',
    labelNames: ['queue'],
    buckets: JOB_BUCKETS,
    registry,
  });

  const request = children3((route, method, status) => requests(route, method, status));
  const requestTime = children2((route, method) => requestSeconds(route, method));
  const build = children3((app, version, status) => byBuild(app, version, status));
  const cache = children2((name, result) => cacheLookups(name, result));
  const job = children2((queue, outcome) => jobs(queue, outcome));
  const jobTimes = new Map<string, HistogramChild>();
  const jobTime = (queue: string) => {
    let child = jobTimes.get(queue);
    if (!child) jobTimes.set(queue, (child = jobSeconds(queue)));
    return child;
  };

  return {
    registry,
    /** A request answered. `build`: the edge's VERIFIED_BUILD_HEADER (`app@version`), when it came through a trusted proxy. */
    request(route: string, method: string, status: number, seconds: number, buildName?: string) {
      const statusLabel = statusClass(status);
      request(route, method, statusLabel).inc();
      requestTime(route, method).observe(seconds);
      if (buildName) {
        const at = buildName.indexOf('@');
        if (at > 0) build(buildName.slice(0, at), buildName.slice(at + 1), statusLabel).inc();
      }
    },
    /** A read cache lookup: `hit`, or `miss` (computed now). */
    readCache(name: string, hit: boolean) {
      cache(name, hit ? 'hit' : 'miss').inc();
    },
    /** A job the worker ran. */
    job(queue: string, failed: boolean, seconds: number) {
      job(queue, failed ? 'failed' : 'completed').inc();
      jobTime(queue).observe(seconds);
    },
  };
}

export type ApiMetrics = ReturnType<typeof createApiMetrics>;

let metrics: ApiMetrics | null = null;
/** The process's API metrics (one registry, however many apps a test builds). */
export function apiMetrics(): ApiMetrics {
  metrics ??= createApiMetrics();
  return metrics;
}
