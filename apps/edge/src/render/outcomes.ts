// How each build's pages were rendered (issue 39): on the server, partly in the browser (an area
// of that build failed or was late), or entirely in the browser (its shell build failed). Counted
// per build and logged (once a minute per build and reason), so a build that never renders on
// the server is seen, not served quietly.
import type { EdgeMetrics } from '../metrics/metrics';
import type { RenderResult } from './types';

export type RenderOutcome = 'server' | 'partial' | 'browser';
export type OutcomeCounts = Record<RenderOutcome, number>;

const LOG_EVERY_MS = 60_000;

export function createOutcomes({ log, now = Date.now, metrics }: { log: (line: string) => void; now?: () => number; metrics?: EdgeMetrics | undefined }) {
  const counts = new Map<string, OutcomeCounts>();
  const logged = new Map<string, number>();

  function count(build: string, outcome: RenderOutcome) {
    let entry = counts.get(build);
    if (!entry) counts.set(build, (entry = { server: 0, partial: 0, browser: 0 }));
    entry[outcome] += 1;
  }

  function say(build: string, reason: string, line: string) {
    const key = `${build}|${reason}`;
    const at = now();
    if ((logged.get(key) ?? -Infinity) > at - LOG_EVERY_MS) return;
    if (logged.size > 1000) logged.clear();
    logged.set(key, at);
    log(line);
  }

  return {
    /**
     * A page rendered (wholly, or with areas left to the browser). `page`: the page's remote; its
     * build and the shell build get the render's outcome and time in the metrics (docs/adr/055).
     */
    rendered(url: string, shell: string, chosen: Record<string, { version: string }>, result: RenderResult, page?: string) {
      if (metrics) renderMetrics(metrics, shell, chosen, result, page);
      if (result.failedAreas.length === 0) {
        count(`shell@${shell}`, 'server');
        return;
      }
      const builds = new Set<string>();
      for (const area of result.failedAreas) {
        const build = area.remote && chosen[area.remote] ? `${area.remote}@${chosen[area.remote]?.version}` : `shell@${shell}`;
        builds.add(build);
        say(build, area.reason, `server render of ${url}: an area of ${build} went to the browser (${area.reason})`);
      }
      for (const build of builds) count(build, 'partial');
    },
    /** A page left to the browser entirely. */
    refused(url: string, shell: string, reason: string) {
      const build = `shell@${shell}`;
      count(build, 'browser');
      metrics?.render('shell', shell, 'error');
      say(build, reason, `server render of ${url} went to the browser: ${reason}`);
    },
    snapshot: (): Record<string, OutcomeCounts> => Object.fromEntries([...counts].map(([build, entry]) => [build, { ...entry }])),
  };
}

/** A render's outcome per build in the metrics: the shell build, the page's remote build, and any other build an area of which failed. */
function renderMetrics(metrics: EdgeMetrics, shell: string, chosen: Record<string, { version: string }>, result: RenderResult, page: string | undefined) {
  const seconds = result.timing.ms / 1000;
  let shellFailed = false;
  const failed = new Set<string>();
  for (const area of result.failedAreas) {
    if (area.remote && chosen[area.remote]) failed.add(area.remote);
    else shellFailed = true;
  }
  metrics.render('shell', shell, shellFailed ? 'partial' : 'ok', seconds);
  const pageBuild = page ? chosen[page] : undefined;
  if (page && pageBuild && (failed.has(page) || result.serverRemotes.includes(page)))
    metrics.render(page, pageBuild.version, failed.has(page) ? 'partial' : 'ok', seconds);
  for (const remote of failed) if (remote !== page) metrics.render(remote, chosen[remote]?.version ?? '', 'partial');
}
