// The judgement of a canary against stable (docs/release-analysis.md). Pure functions: counts
// in, a verdict out, so `status`, `guard` and `promote` can never disagree, and the
// simulation test can run it thousands of times.

export const DEFAULT_ALPHA = 0.01;
export const DEFAULT_MIN_SESSIONS = 100;
/** A canary passes only when its failure rate is at most this many points above stable's. */
export const DEFAULT_MARGIN = 1;

/**
 * A new look at a canary is taken only when its sample has grown by this factor since the
 * last look (the first look when both sides have the minimum sample). Looks at growing data
 * spend the false-alarm budget where it buys power; between looks the last verdict stands.
 */
export const LOOK_GROWTH = 1.25;

/** Whether the canary's sample has grown enough since the last look for a new one. */
export function dueForLook(canarySessions, lastLookSessions) {
  return !lastLookSessions || canarySessions >= Math.ceil(lastLookSessions * LOOK_GROWTH);
}

/**
 * The false-alarm budget of look `k` (1, 2, 3 ...) of one canary: alpha / (k (k + 1)). The
 * budgets of all looks sum to alpha (1/(1*2) + 1/(2*3) + ... = 1), so however many times the
 * guard looks, the chance that a canary as good as stable is ever rolled back stays under alpha.
 */
export function alphaAtLook(alpha, look) {
  const k = Math.max(1, Math.floor(look));
  return alpha / (k * (k + 1));
}

function logChoose(n, k) {
  let sum = 0;
  for (let i = 1; i <= k; i += 1) sum += Math.log(n - k + i) - Math.log(i);
  return sum;
}

/** P(X >= k) for X ~ Binomial(n, p), summed in log space (exact for the counts we see). */
export function binomialUpperTail(n, k, p) {
  if (k <= 0) return 1;
  if (k > n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  const lp = Math.log(p);
  const lq = Math.log1p(-p);
  // The first term in log space, the next ones by the ratio of neighbours; terms fall off
  // quickly past the mode, so the sum stops when they no longer matter.
  let term = Math.exp(logChoose(n, k) + k * lp + (n - k) * lq);
  let total = term;
  const ratio = p / (1 - p);
  for (let i = k; i < n; i += 1) {
    term *= ((n - i) / (i + 1)) * ratio;
    total += term;
    if (i > n * p && term < total * 1e-12) break;
  }
  return Math.min(1, total);
}

/**
 * One-sided exact test that the canary fails more often than stable. Given the F failed
 * sessions of both together, under "equal rates" each is a canary session with probability
 * n_c / (n_c + n_s), so the canary's failures are Binomial(F, n_c / (n_c + n_s)): the p-value
 * is the chance of at least as many as seen. (The conditional binomial test: exact for small
 * counts, where a z-test is not.)
 */
export function canaryWorseP({ canary, stable }) {
  const failures = canary.failed + stable.failed;
  const sessions = canary.sessions + stable.sessions;
  if (failures === 0 || sessions === 0) return 1;
  return binomialUpperTail(failures, canary.failed, canary.sessions / sessions);
}

export const rateOf = ({ sessions, failed }) => (sessions > 0 ? Math.min(1, failed / sessions) : 0);

/**
 * @typedef {{ sessions: number, failed: number }} Sample
 * @typedef {'pass' | 'fail' | 'pending'} Verdict
 * @param {{ canary: Sample, stable: Sample }} samples
 * @param {{ alpha?: number, minSessions?: number, margin?: number, look?: number }} [options]
 * @returns {{ verdict: Verdict, reason: string, pValue: number, alphaLook: number, canaryRate: number, stableRate: number, excess: number }}
 */
export function judgeCanary(samples, { alpha = DEFAULT_ALPHA, minSessions = DEFAULT_MIN_SESSIONS, margin = DEFAULT_MARGIN, look = 1 } = {}) {
  const canary = { sessions: samples.canary.sessions, failed: Math.min(samples.canary.failed, samples.canary.sessions) };
  const stable = { sessions: samples.stable.sessions, failed: Math.min(samples.stable.failed, samples.stable.sessions) };
  const canaryRate = rateOf(canary);
  const stableRate = rateOf(stable);
  // Points, rounded so 10 % against 9 % is 1 point and not 1.0000000000000009.
  const excess = Math.round((canaryRate - stableRate) * 1e8) / 1e6;
  const pValue = canaryWorseP({ canary, stable });
  const alphaLook = alphaAtLook(alpha, look);
  const base = { pValue, alphaLook, canaryRate, stableRate, excess };
  const counts = `canary ${canary.failed}/${canary.sessions} sessions failed (${(canaryRate * 100).toFixed(1)}%), stable ${stable.failed}/${stable.sessions} (${(stableRate * 100).toFixed(1)}%)`;
  if (canary.sessions < minSessions || stable.sessions < minSessions) {
    return {
      verdict: 'pending',
      reason: `too few sessions to judge (${canary.sessions} canary, ${stable.sessions} stable; ${minSessions} each needed)`,
      ...base,
    };
  }
  if (canaryRate > stableRate && pValue < alphaLook) {
    return { verdict: 'fail', reason: `${counts}; p = ${pValue.toExponential(2)} < ${alphaLook.toExponential(2)} (look ${look}, alpha ${alpha})`, ...base };
  }
  if (excess > margin) {
    return {
      verdict: 'pending',
      reason: `${counts}: ${excess.toFixed(1)} pts above stable, over the ${margin} pt margin but not yet significant (p = ${pValue.toExponential(2)})`,
      ...base,
    };
  }
  return { verdict: 'pass', reason: `${counts}: within ${margin} pt of stable, no significant excess (p = ${pValue.toPrecision(2)})`, ...base };
}

/** The upper bound (ms) of the histogram bucket holding the given quantile, or null without data. */
export function quantileOf(metric, q = 0.75) {
  const n = metric?.n ?? 0;
  if (!n) return null;
  const buckets = Object.entries(metric.hist ?? {})
    .map(([bound, count]) => [bound === 'inf' ? Infinity : Number(bound), count])
    .sort((a, b) => a[0] - b[0]);
  let seen = 0;
  for (const [bound, count] of buckets) {
    seen += count;
    if (seen >= q * n) return bound;
  }
  return buckets.at(-1)?.[0] ?? null;
}

/** Vitals from summed counts: LCP and INP p75 (bucket bounds, ms) and JS error sessions per 100 sessions. */
export function vitalsOf(counts) {
  return {
    lcpP75: quantileOf(counts.lcp),
    lcpSamples: counts.lcp?.n ?? 0,
    inpP75: quantileOf(counts.inp),
    inpSamples: counts.inp?.n ?? 0,
    errorSessionsPer100: counts.sessions > 0 ? Math.round((counts.errorSessions / counts.sessions) * 1000) / 10 : null,
  };
}

/** Vitals samples needed on each side before a canary can be called slow. */
export const MIN_VITAL_SAMPLES = 20;

/**
 * Whether the canary is noticeably slower than stable: its LCP or INP p75 is more than 25 %
 * and 200 ms above stable's, each with enough samples. Shown by `status`; it does not block
 * a pass by itself (the guard decides on failures), see docs/release-analysis.md.
 */
export function slowerThanStable(canary, stable) {
  const slow = [];
  for (const [metric, samples] of [
    ['lcp', 'lcpSamples'],
    ['inp', 'inpSamples'],
  ]) {
    const c = canary[`${metric}P75`];
    const s = stable[`${metric}P75`];
    if (c === null || s === null || canary[samples] < MIN_VITAL_SAMPLES || stable[samples] < MIN_VITAL_SAMPLES) continue;
    if (c > s * 1.25 && c - s > 200) slow.push(`${metric.toUpperCase()} p75 ${c === Infinity ? '>10000' : c} ms vs ${s} ms`);
  }
  return slow;
}
