// The edge's Prometheus metrics (issue 41, docs/adr/055), on a registry of its own (the API's
// may share a process: the bench, `npm start`'s tests). Every label is bounded: routes are
// patterns (routes.ts), apps are the shell and the remotes, versions are deployed builds,
// statuses are classes. A label set's child is looked up once and kept (@eyewear/api-client/metrics), so a
// request costs a map lookup or two and an add, nothing else.
import { collectDefaultMetrics, Registry } from 'prom-client';
import { children2, children3, counter, histogram } from '@eyewear/api-client/metrics';

/** Seconds: requests and renders (the edge answers most in milliseconds; a render's deadline is 2 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Largest Contentful Paint (Google's "good" is 2.5 s, "poor" past 4 s). */
const LCP_BUCKETS = [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 20];
/** Interaction to Next Paint ("good" under 200 ms, "poor" past 500 ms). */
const INP_BUCKETS = [0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2, 5];

export type RenderOutcomeLabel = 'ok' | 'partial' | 'error';
export type Channel = 'stable' | 'canary';

/** `2xx`, `4xx`... from a status code (bounded: five values and `other`). */
export function statusClass(status: number): string {
  switch (Math.floor(status / 100)) {
    case 1:
      return '1xx';
    case 2:
      return '2xx';
    case 3:
      return '3xx';
    case 4:
      return '4xx';
    case 5:
      return '5xx';
    default:
      return 'other';
  }
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A request's method as a label (bounded: anything unusual is `other`). */
export const methodLabel = (method: string | undefined): string => (method && METHODS.has(method) ? method : 'other');

function createEdgeMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = counter({
    name: 'edge_http_requests_total',
    help: 'Requests the edge answered, by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status_class'],
    registry,
  });
  const requestSeconds = histogram({
    name: 'edge_http_request_duration_seconds',
    help: 'Time to answer a request (until the answer was handed to the socket), by route pattern and method.',
    labelNames: ['route', 'method'],
    buckets: LATENCY_BUCKETS,
    registry,
  });
  const fileRequests = counter({
    name: 'edge_build_file_requests_total',
    help: "Requests for a build's files (/remotes/<app>/<version>/..., the shell's hashed files), by build and status (200 served, 404 missing).",
    labelNames: ['app', 'version', 'status'],
    registry,
  });
  const renders = counter({
    name: 'edge_ssr_renders_total',
    help: 'Server renders by build and outcome: ok, partial (an area of this build went to the browser), error (the shell build could not render the page).',
    labelNames: ['app', 'version', 'outcome'],
    registry,
  });
  const renderSeconds = histogram({
    name: 'edge_ssr_render_duration_seconds',
    help: 'Time a server render took in its worker, for the shell build and the page remote build it rendered.',
    labelNames: ['app', 'version'],
    buckets: LATENCY_BUCKETS,
    registry,
  });
  const pageViews = counter({
    name: 'edge_page_views_total',
    help: 'Page documents the edge served, per build of the page (the shell build, and the page remote build) and channel.',
    labelNames: ['app', 'version', 'channel'],
    registry,
  });
  const cacheRequests = counter({
    name: 'edge_cache_requests_total',
    help: 'Lookups in the edge caches by cache (html: the server-rendered page cache) and result (hit, stale, miss).',
    labelNames: ['cache', 'result'],
    registry,
  });
  const reportedViews = counter({
    name: 'edge_beacon_page_views_total',
    help: 'Page views the browser reported by beacon for a page view the edge served, per build and outcome (loaded, or the failure kind).',
    labelNames: ['app', 'version', 'outcome'],
    registry,
  });
  const lcp = histogram({
    name: 'edge_web_vitals_lcp_seconds',
    help: 'Largest Contentful Paint reported by beacon, per build.',
    labelNames: ['app', 'version'],
    buckets: LCP_BUCKETS,
    registry,
  });
  const inp = histogram({
    name: 'edge_web_vitals_inp_seconds',
    help: 'Interaction to Next Paint (the longest interaction) reported by beacon, per build.',
    labelNames: ['app', 'version'],
    buckets: INP_BUCKETS,
    registry,
  });

  const request = children3((route, method, status) => requests(route, method, status));
  const requestTime = children2((route, method) => requestSeconds(route, method));
  const file = children3((app, version, status) => fileRequests(app, version, status));
  const render = children3((app, version, outcome) => renders(app, version, outcome));
  const renderTime = children2((app, version) => renderSeconds(app, version));
  const view = children3((app, version, channel) => pageViews(app, version, channel));
  const cache = children2((name, result) => cacheRequests(name, result));
  const reported = children3((app, version, outcome) => reportedViews(app, version, outcome));
  const lcpOf = children2((app, version) => lcp(app, version));
  const inpOf = children2((app, version) => inp(app, version));

  return {
    registry,
    /** A request answered: its route pattern (routes.ts), method label, status and time in seconds. */
    request(route: string, method: string, status: number, seconds: number) {
      request(route, method, statusClass(status)).inc();
      requestTime(route, method).observe(seconds);
    },
    /** A build's file asked for: 200 served, 404 missing. */
    buildFile(app: string, version: string, status: 200 | 404) {
      file(app, version, status === 200 ? '200' : '404').inc();
    },
    /** A server render's outcome for one build, with the render's time when it rendered. */
    render(app: string, version: string, outcome: RenderOutcomeLabel, seconds?: number) {
      render(app, version, outcome).inc();
      if (seconds !== undefined) renderTime(app, version).observe(seconds);
    },
    /** A page document served, for one build of the page. */
    pageView(app: string, version: string, channel: Channel) {
      view(app, version, channel).inc();
    },
    /** A lookup in one of the edge's caches. */
    cache(name: 'html', result: 'hit' | 'stale' | 'miss') {
      cache(name, result).inc();
    },
    /**
     * For the release beacons (apps/edge/src/release): a page view the browser reported, once per
     * page view the edge served, after the edge has checked the session was given this build.
     * `outcome`: `loaded`, or the failure kind (`load`, `timeout`, `render`, `pageerror`).
     */
    pageViewReported(app: string, version: string, outcome: string) {
      reported(app, version, outcome).inc();
    },
    /** For the release beacons: a web vital of a page view of this build, in milliseconds. */
    vital(app: string, version: string, name: 'lcp' | 'inp', ms: number) {
      if (!Number.isFinite(ms) || ms < 0) return;
      (name === 'lcp' ? lcpOf : inpOf)(app, version).observe(ms / 1000);
    },
  };
}

export type EdgeMetrics = ReturnType<typeof createEdgeMetrics>;

let metrics: EdgeMetrics | null = null;
/** The process's edge metrics (one registry, however many edge servers a test makes). */
export function edgeMetrics(): EdgeMetrics {
  metrics ??= createEdgeMetrics();
  return metrics;
}
