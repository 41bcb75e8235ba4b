// What the servers saw of a build, from Prometheus (issue 41, docs/adr/055): the edge's server
// renders, page views and build-file requests, and the API's answers by the build that called
// (only as the edge vouched for it), over a period of a rollout. Read through the HTTP API
// (`/api/v1/query`, instant queries at the period's end over a range as long as the period),
// so the release CLI needs nothing but the URL of the Prometheus that scrapes the servers.
//
// The queries are written out here (FIGURE_QUERIES, `node -e` can print them) so docs/adr/055
// can quote them; `$app`, `$versions` (a regex alternation of the versions, each escaped) and
// `$range` (`<seconds>s`) are filled in by buildFigures.

/**
 * How much a counter series grew over the period: increase() for a series that was there at its
 * start, and its whole value for one that appeared within it (a build's first render on an edge,
 * a new pod: increase() needs two samples and so drops what a series counted before its first
 * scrape, which for a canary's sparse series may be all of it).
 */
const grown = (selector) => `((${selector} unless ${selector} offset $range) or (increase(${selector}[$range]) and ${selector} offset $range))`;

/** One figure per query; each sums by version (api: by build_version). */
export const FIGURE_QUERIES = {
  pageViews: `sum by (version) (${grown('edge_page_views_total{app="$app",version=~"$versions"}')})`,
  renders: `sum by (version) (${grown('edge_ssr_renders_total{app="$app",version=~"$versions"}')})`,
  renderErrors: `sum by (version) (${grown('edge_ssr_renders_total{app="$app",version=~"$versions",outcome=~"partial|error"}')})`,
  renderP75Seconds: `histogram_quantile(0.75, sum by (version, le) (${grown('edge_ssr_render_duration_seconds_bucket{app="$app",version=~"$versions"}')}))`,
  fileRequests: `sum by (version) (${grown('edge_build_file_requests_total{app="$app",version=~"$versions"}')})`,
  fileFailures: `sum by (version) (${grown('edge_build_file_requests_total{app="$app",version=~"$versions",status!="200"}')})`,
  apiRequests: `sum by (build_version) (${grown('api_requests_total{build_app="$app",build_version=~"$versions"}')})`,
  apiErrors: `sum by (build_version) (${grown('api_requests_total{build_app="$app",build_version=~"$versions",status_class="5xx"}')})`,
};

/** The README's query for a release engineer: the server-render error ratio by version of one app, over the last 10 minutes. */
export const RENDER_ERROR_RATIO_QUERY =
  'sum by (version) (rate(edge_ssr_renders_total{app="catalog",outcome=~"partial|error"}[10m])) / sum by (version) (rate(edge_ssr_renders_total{app="catalog"}[10m]))';

const NAME = /^[\w.+-]{1,100}$/;
const escapeRegex = (value) => value.replace(/[.+\\^$|()[\]{}*?]/g, (char) => `\\\\${char}`);

/**
 * One instant query: its series as `{ labels, value }` (value a number; NaN stays NaN). `time`:
 * a Date, or seconds or milliseconds since the epoch (numbers past 1e11 are milliseconds).
 * Throws with Prometheus's own error when the query fails.
 */
export async function queryPrometheus(url, promql, time, { timeoutMs = 10_000 } = {}) {
  const query = new URLSearchParams({ query: promql });
  if (time !== undefined) query.set('time', String(secondsOf(time)));
  const answer = await fetch(`${String(url).replace(/\/$/, '')}/api/v1/query?${query}`, { signal: AbortSignal.timeout(timeoutMs) });
  const body = await answer.json().catch(() => null);
  if (!answer.ok || body?.status !== 'success') {
    throw new Error(`Prometheus at ${url} refused ${promql}: ${body?.error ?? `HTTP ${answer.status}`}`);
  }
  const { resultType, result } = body.data;
  if (resultType === 'scalar') return [{ labels: {}, value: Number(result[1]) }];
  if (resultType !== 'vector') throw new Error(`Prometheus answered a ${resultType}, not an instant vector: ${promql}`);
  return result.map((series) => ({ labels: series.metric, value: Number(series.value[1]) }));
}

function secondsOf(time) {
  if (time instanceof Date) return time.getTime() / 1000;
  const number = Number(time);
  return number > 1e11 ? number / 1000 : number;
}

/** A query of FIGURE_QUERIES for one app, its versions and the period's length. */
export function figureQuery(name, { app, versions, rangeSeconds }) {
  if (!NAME.test(app) || versions.some((version) => !NAME.test(version))) throw new Error(`not an app and versions: ${app} ${versions.join(' ')}`);
  return FIGURE_QUERIES[name]
    .replaceAll('$app', app)
    .replaceAll('$versions', versions.map(escapeRegex).join('|'))
    .replaceAll('$range', `${Math.max(1, Math.round(rangeSeconds))}s`);
}

/**
 * What the servers saw of each version of `app` between `since` and `until` (Dates, or seconds
 * or milliseconds since the epoch): per version `{ pageViews, renders, renderErrors,
 * renderP75Seconds, fileRequests, fileFailures, apiRequests, apiErrors }`. Counts are
 * Prometheus's increase() (extrapolated to the period's ends, so not always whole) for series
 * older than the period, and the whole value of series that appeared within it; a figure no
 * server reported is 0, a p75 without renders null.
 */
export async function buildFigures({ url, app, versions, since, until }) {
  const from = secondsOf(since);
  const to = secondsOf(until);
  if (!(to > from)) throw new Error('buildFigures: until must be after since');
  const figures = Object.fromEntries(
    versions.map((version) => [
      version,
      { pageViews: 0, renders: 0, renderErrors: 0, renderP75Seconds: null, fileRequests: 0, fileFailures: 0, apiRequests: 0, apiErrors: 0 },
    ]),
  );
  await Promise.all(
    Object.keys(FIGURE_QUERIES).map(async (name) => {
      const series = await queryPrometheus(url, figureQuery(name, { app, versions, rangeSeconds: to - from }), to);
      for (const { labels, value } of series) {
        const version = labels.version ?? labels.build_version;
        if (!figures[version]) continue;
        figures[version][name] = Number.isNaN(value) ? (name === 'renderP75Seconds' ? null : 0) : value;
      }
    }),
  );
  return figures;
}
