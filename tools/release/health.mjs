// `status` and `guard`: the manifest plus what shoppers' browsers reported about each
// version. `guard` acts on the very judgement `status` shows.
import { resolve } from 'node:path';
import { rollback } from './channels.mjs';
import { ReleaseError, integerOption, numberOption } from './errors.mjs';
import { readManifest, readShellVersion } from './manifest-store.mjs';
import { DEFAULT_API, fetchSummary, judge } from './telemetry.mjs';

/**
 * @typedef {{ root: string, api?: string, minutes?: number | string, margin?: number | string,
 *   minLoads?: number | string, timeoutMs?: number }} HealthOptions
 */

/** @param {HealthOptions} options */
export async function status({ root, api = DEFAULT_API, minutes, margin, minLoads, timeoutMs }) {
  root = resolve(root);
  const window = integerOption('minutes', minutes, { min: 1, max: 10080, fallback: 60 });
  const points = numberOption('margin', margin, 5);
  const least = integerOption('min-loads', minLoads, { min: 0, fallback: 20 });
  const manifest = await readManifest(root);
  const shellVersion = await readShellVersion(root);
  const summary = await fetchSummary(api, window, { timeoutMs });
  const { remotes, pageErrors } = judge(manifest, summary.ok ? summary.rows : null, { margin: points, minLoads: least });
  return {
    root,
    api,
    minutes: window,
    margin: points,
    minLoads: least,
    telemetry: summary.ok ? { ok: true, url: summary.url, since: summary.since } : { ok: false, url: summary.url, reason: summary.reason },
    shell: { version: shellVersion, pageErrors },
    remotes,
    flagged: remotes.filter((r) => r.flagged).map((r) => r.remote),
  };
}

const percent = (rate) => `${(rate * 100).toFixed(1)}%`;

/**
 * Rolls back every canary `status` flags. Meant for a scheduler: acting or not is success;
 * an API it cannot read is an error (exit 2), because a blind guard must be noticed.
 * @param {HealthOptions} options
 */
export async function guard(options) {
  const report = await status(options);
  if (!report.telemetry.ok) {
    throw new ReleaseError(`could not reach the API at ${report.api} (${report.telemetry.reason}); no canary was judged, nothing changed`);
  }
  const rolledBack = [];
  const skipped = [];
  for (const remote of report.remotes.filter((r) => r.flagged)) {
    const { canary, stable } = remote;
    const reason =
      `guard: canary failure rate ${percent(canary.stats.rate)} (${canary.stats.failures}/${canary.stats.attempts}) ` +
      `vs stable ${percent(stable.stats.rate)} over ${report.minutes} min, margin ${report.margin} pts`;
    const done = await rollback({ root: report.root, remote: remote.remote, by: 'guard', reason, expectCanary: canary.version });
    (done.skipped ? skipped : rolledBack).push({ remote: remote.remote, version: canary.version, stable: stable.version, reason });
  }
  return { ...report, rolledBack, skipped };
}
