// The evidence a canary is judged on (docs/adr/057, docs/release-analysis.md), from what the edge
// servers saw. Pure functions over what tools/release/signal.mjs read, so status, guard and
// promote can never disagree and the tests can replay recorded series.
//
// - Page views, not sessions: a vote is a page view the edge served (its receipt), one per view
//   however many beacons it sent, read once across edges (views are merged by id).
// - Client networks weigh what a shopper weighs: one network's views count at most
//   `perNetwork` per build, and a verdict needs more networks than a stranger can bring: the
//   `distrust` networks that push a side hardest are set aside before each test (the ones with
//   the most failures when asking "is the canary worse", the ones with the most loads when
//   asking "is it as good"). A stranger with up to `distrust` networks can move neither.
// - Runs: a canary's views count only for its run (its salt), so nothing of an earlier canary of
//   the same version, in the same five-minute window or not, counts for this one.
// - The edge's own server renders of each build are a second, unforgeable measure.
// - A canary whose bucket sends far fewer page views than its share (none at all, for a shell
//   that never starts) fails: silence is not a wait.
import { DEFAULT_ALPHA, DEFAULT_MARGIN, DEFAULT_MIN_SESSIONS, binomialUpperTail, judgeCanary, rateOf } from './analysis.mjs';

/** Client networks whose reports may be a stranger's, set aside before each test. */
export const DEFAULT_DISTRUST = 32;
/** Page views of one client network that count, at most, for one build in one analysis. */
export const DEFAULT_PER_NETWORK = 20;
/** Server renders needed on each side before renders decide anything. */
export const MIN_RENDERS = 20;
/** Page views (both sides) before a canary's silence is judged. */
export const MIN_VIEWS_FOR_SILENCE = 20;

const FAILURES = new Set(['load', 'timeout', 'render']);

/**
 * Per client network: how its page views of one build ended. For the shell, a view with a JS
 * error is a failure (it has no load of its own to fail); a view that said nothing yet is `quiet`.
 * @param {Map<string, { addr: string, outcome: string, run: string }> | undefined} views
 * @param {{ app: string, run: string }} which
 */
export function networkTallies(views, { app, run }) {
  /** @type {Map<string, { ok: number, failed: number, quiet: number }>} */
  const tallies = new Map();
  for (const view of views?.values() ?? []) {
    if (view.run !== run) continue;
    let tally = tallies.get(view.addr);
    if (!tally) tallies.set(view.addr, (tally = { ok: 0, failed: 0, quiet: 0 }));
    if (FAILURES.has(view.outcome) || (app === 'shell' && view.outcome === 'error')) tally.failed += 1;
    else if (view.outcome === 'ok' || view.outcome === 'error') tally.ok += 1;
    else tally.quiet += 1;
  }
  return tallies;
}

/** A network's reported views, scaled down to `cap` keeping its failure share. */
function capped({ ok, failed }, cap) {
  const n = ok + failed;
  if (n <= cap) return { ok, failed };
  const keptFailed = Math.round((failed * cap) / n);
  return { ok: cap - keptFailed, failed: keptFailed };
}

/**
 * A side's sample with the `distrust` networks that push hardest one way set aside:
 * `drop: 'failing'` removes those with the most failures (what a stranger adds to fail a good
 * build), `drop: 'loading'` those with the most loads (what a stranger adds to pass a bad one),
 * `drop: 'busiest'` those with the most views.
 * @param {Map<string, { ok: number, failed: number }>} tallies
 * @param {{ distrust?: number, perNetwork?: number, drop: 'failing' | 'loading' | 'busiest' }} options
 */
export function boundedSample(tallies, { distrust = DEFAULT_DISTRUST, perNetwork = DEFAULT_PER_NETWORK, drop }) {
  const networks = [...tallies.values()].map((tally) => capped(tally, perNetwork)).filter(({ ok, failed }) => ok + failed > 0);
  const weight = drop === 'failing' ? (t) => t.failed : drop === 'loading' ? (t) => t.ok : (t) => t.ok + t.failed;
  networks.sort((a, b) => weight(b) - weight(a) || b.ok + b.failed - (a.ok + a.failed));
  const kept = networks.slice(Math.min(distrust, networks.length));
  return {
    sessions: kept.reduce((sum, t) => sum + t.ok + t.failed, 0),
    failed: kept.reduce((sum, t) => sum + t.failed, 0),
    networks: kept.length,
    setAside: networks.length - kept.length,
  };
}

/** P(X <= k) for X ~ Binomial(n, p). */
const binomialLowerTail = (n, k, p) => (k >= n ? 1 : 1 - binomialUpperTail(n, k + 1, p));

/**
 * Whether the canary's bucket is silent: far fewer page views reported the canary than its share
 * of the two sides predicts (none, for a build that never starts). Both sides with their
 * busiest `distrust` networks set aside, so a stranger can neither fake the silence (by loading
 * stable a lot) nor hide it (by loading the canary).
 * @param {{ canary: { sessions: number }, stable: { sessions: number }, percent: number, alpha?: number }} input
 */
export function silentCanary({ canary, stable, percent, alpha = DEFAULT_ALPHA }) {
  const n = canary.sessions + stable.sessions;
  const share = Math.min(0.99, Math.max(0.01, percent / 100));
  const expected = n * share;
  if (n < MIN_VIEWS_FOR_SILENCE || expected < 5) return { silent: false, canary: canary.sessions, expected, pValue: 1 };
  const pValue = binomialLowerTail(n, canary.sessions, share);
  return { silent: pValue < alpha && canary.sessions < expected / 2, canary: canary.sessions, expected, pValue };
}

/**
 * The verdict on all the evidence of one canary against its stable:
 * - `fail` when the edge's own renders of the canary (or another server check: the API's 5xx
 *   by build, from Prometheus) fail significantly more than stable's, or when its bucket is silent;
 * - otherwise the exact test (analysis.mjs judgeCanary) on the browsers' page views, bounded per
 *   network, with the `distrust` networks with the most failures on the canary and the most
 *   loads on stable set aside: what a stranger with up to `distrust` networks adds to fail a good
 *   canary is gone, and what they add to pass a bad one (loads on the canary) cannot outweigh
 *   more than `distrust` networks of real failures. `pass` needs the minimum of views on each
 *   side of that sample and renders that do not fail.
 * @param {{
 *   canary: { tallies: Map<string, any>, renders: [number, number], percent: number },
 *   stable: { tallies: Map<string, any>, renders: [number, number] },
 *   server?: Array<{ name: string, canary: { sessions: number, failed: number }, stable: { sessions: number, failed: number } }>,
 * }} evidence
 * @param {{ alpha?: number, minSessions?: number, margin?: number, look?: number, distrust?: number, perNetwork?: number }} [options]
 */
export function judgeEvidence(evidence, options = {}) {
  const {
    alpha = DEFAULT_ALPHA,
    minSessions = DEFAULT_MIN_SESSIONS,
    margin = DEFAULT_MARGIN,
    look = 1,
    distrust = DEFAULT_DISTRUST,
    perNetwork = DEFAULT_PER_NETWORK,
  } = options;
  const bound = { distrust, perNetwork };
  const judge = { alpha, minSessions, margin, look };
  // What the servers saw themselves: the edge's renders (by run, from the signal files, or from
  // Prometheus), and the API's 5xx for calls the edge vouched were the build's (Prometheus).
  const renders = {
    canary: { sessions: evidence.canary.renders[0], failed: evidence.canary.renders[1] },
    stable: { sessions: evidence.stable.renders[0], failed: evidence.stable.renders[1] },
  };
  const checks = [{ name: 'server renders', ...renders }, ...(evidence.server ?? [])];
  const serverFailure = checks
    .map((check) => ({ check, judged: judgeCanary(check, { ...judge, minSessions: MIN_RENDERS }) }))
    .find(({ judged }) => judged.verdict === 'fail');
  const rendered = judgeCanary(renders, { ...judge, minSessions: MIN_RENDERS });
  // The browsers' reports, bounded per network, the strangers' likely networks set aside.
  const views = {
    canary: boundedSample(evidence.canary.tallies, { ...bound, drop: 'failing' }),
    stable: boundedSample(evidence.stable.tallies, { ...bound, drop: 'loading' }),
  };
  const viewed = judgeCanary(views, judge);
  const silence = silentCanary({
    canary: boundedSample(evidence.canary.tallies, { ...bound, drop: 'busiest' }),
    stable: boundedSample(evidence.stable.tallies, { ...bound, drop: 'busiest' }),
    percent: evidence.canary.percent,
    alpha,
  });
  const shown = (s) => `${s.failed}/${s.sessions} (${(rateOf(s) * 100).toFixed(1)}%)`;
  const setAside = distrust > 0 ? `; ${views.canary.setAside} canary and ${views.stable.setAside} stable networks set aside` : '';
  const base = {
    pValue: viewed.pValue,
    alphaLook: viewed.alphaLook,
    excess: viewed.excess,
    canaryRate: viewed.canaryRate,
    stableRate: viewed.stableRate,
    samples: { renders, views, silence },
  };
  if (serverFailure) {
    const { check, judged } = serverFailure;
    return {
      verdict: 'fail',
      reason: `${check.name}: canary ${shown(check.canary)} failed, stable ${shown(check.stable)}; ${judged.reason.split('; ').at(-1)}`,
      ...base,
    };
  }
  if (silence.silent) {
    return {
      verdict: 'fail',
      reason: `the canary's bucket is silent: ${silence.canary} page views reported it where its ${evidence.canary.percent}% share predicts ${Math.round(silence.expected)} (p = ${silence.pValue.toExponential(2)}): its pages do not start`,
      ...base,
    };
  }
  const renderNote = rendered.verdict === 'pass' ? `; server renders ${shown(renders.canary)} vs ${shown(renders.stable)}` : '';
  return { verdict: viewed.verdict, reason: `page views: ${viewed.reason}${setAside}${renderNote}`, ...base };
}
