// Reading the API's telemetry summary and judging canaries by it. The judgement lives here,
// apart from any output, so `status` and `guard` can never disagree about a canary.
import { REMOTE_APPS } from './deploy.mjs';

export const DEFAULT_API = 'http://127.0.0.1:3000';
const FAILURES = ['load', 'timeout', 'render'];

/**
 * @typedef {{ remote: string, version: string | null, kind: string, count: number }} SummaryRow
 * @typedef {{ ok: boolean, url: string, since?: string, rows?: SummaryRow[], reason?: string }} Summary
 */

/**
 * GET {api}/v2/telemetry/summary. Never throws: an API that is down, slow or answers
 * something unexpected is a `reason`, because status must still show the manifest.
 * @returns {Promise<Summary>}
 */
export async function fetchSummary(api, minutes, { timeoutMs = 5000 } = {}) {
  // Appended, not resolved, so an API behind a path prefix (http://host/api) keeps it.
  const url = `${String(api).replace(/\/+$/, '')}/v2/telemetry/summary?minutes=${minutes}`;
  let response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    return { ok: false, url, reason: error.cause?.code ?? error.cause?.message ?? error.message };
  }
  if (!response.ok) return { ok: false, url, reason: `HTTP ${response.status}` };
  const body = await response.json().catch(() => null);
  const rows = body?.result?.byVersion;
  if (!Array.isArray(rows)) return { ok: false, url, reason: 'the answer has no result.byVersion' };
  return { ok: true, url, since: String(body.result.since ?? ''), rows };
}

/**
 * @typedef {{ loaded: number, load: number, timeout: number, render: number,
 *   attempts: number, failures: number, rate: number }} Stats
 */

/** @returns {Stats} */
export function statsOf(counts = {}) {
  const n = (kind) => counts[kind] ?? 0;
  // A render failure happens after a successful load, so it adds to failures, not attempts.
  const attempts = n('loaded') + n('load') + n('timeout');
  const failures = FAILURES.reduce((sum, kind) => sum + n(kind), 0);
  return { loaded: n('loaded'), load: n('load'), timeout: n('timeout'), render: n('render'), attempts, failures, rate: failures / Math.max(1, attempts) };
}

/** Counts per remote and version (null: events that carried no version), and page errors. */
export function tally(rows) {
  /** @type {Map<string, Map<string | null, Record<string, number>>>} */
  const byRemote = new Map();
  let pageErrors = 0;
  for (const { remote, version, kind, count } of rows) {
    if (kind === 'pageerror') {
      pageErrors += Number(count) || 0;
      continue;
    }
    if (!byRemote.has(remote)) byRemote.set(remote, new Map());
    const versions = byRemote.get(remote);
    const key = version ?? null;
    if (!versions.has(key)) versions.set(key, {});
    const counts = versions.get(key);
    counts[kind] = (counts[kind] ?? 0) + (Number(count) || 0);
  }
  return { byRemote, pageErrors };
}

/**
 * @typedef {'no-canary' | 'no-data' | 'too-few-loads' | 'healthy' | 'unhealthy'} Verdict
 * @typedef {{ remote: string,
 *   stable: { version: string, share: number, stats: Stats | null },
 *   canary: { version: string, percent: number, stats: Stats | null } | null,
 *   others: Array<{ version: string | null, stats: Stats }>,
 *   verdict: Verdict, excess: number | null, flagged: boolean }} RemoteHealth
 */

/**
 * Per remote: stable and canary with their stats, other versions seen (QA overrides, old
 * tabs), and whether the canary fails more than `margin` percentage points above stable
 * once it has `minLoads` attempts.
 * @param {any} manifest a validated remotes.json
 * @param {SummaryRow[] | null} rows null when the API could not be read
 * @returns {{ remotes: RemoteHealth[], pageErrors: number | null }}
 */
export function judge(manifest, rows, { margin, minLoads }) {
  const counted = rows ? tally(rows) : null;
  const remotes = REMOTE_APPS.map((remote) => {
    const { stable, canary } = manifest.remotes[remote];
    const versions = counted?.byRemote.get(remote) ?? new Map();
    const stats = (version) => (counted ? statsOf(versions.get(version)) : null);
    /** @type {RemoteHealth} */
    const health = {
      remote,
      stable: { version: stable.version, share: 100 - (canary?.percent ?? 0), stats: stats(stable.version) },
      canary: canary ? { version: canary.version, percent: canary.percent, stats: stats(canary.version) } : null,
      others: [...versions.keys()]
        .filter((version) => version !== stable.version && version !== canary?.version)
        .map((version) => ({ version, stats: statsOf(versions.get(version)) })),
      verdict: 'no-canary',
      excess: null,
      flagged: false,
    };
    if (!canary) return health;
    if (!counted) {
      health.verdict = 'no-data';
      return health;
    }
    // Rounded so that 10% against 5% is 5 points, not 5.000000000000001, at a margin of 5.
    health.excess = Math.round((health.canary.stats.rate - health.stable.stats.rate) * 1e8) / 1e6;
    if (health.canary.stats.attempts < minLoads) {
      health.verdict = 'too-few-loads';
      return health;
    }
    health.flagged = health.excess > margin;
    health.verdict = health.flagged ? 'unhealthy' : 'healthy';
    return health;
  });
  return { remotes, pageErrors: counted ? counted.pageErrors : null };
}
