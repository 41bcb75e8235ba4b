// The bake watch: after a promote, the guard watches the new stable for the bake time the
// promote recorded (`bake: { since, until, previous, ms }` on its history entry; `--bake 15m`
// by default) and rolls it back to the previous stable when it fails. The judgement is the
// canary's exact test (analysis.mjs judgeCanary) with the new stable in the canary's place
// and, as the baseline, the previous stable over an equal window just before the promote:
// the new stable's failures in [since, now] against the previous stable's in
// [since - (now - since), since], each side needing the minimum of sessions. Looks are taken
// as the canary's are (when the sample has grown by LOOK_GROWTH), each with its share of alpha.
// A bake ends at the first tick past `until`: a rollback (fail), `passed`, or `inconclusive`
// (too few sessions to judge), the last two recorded in the history as a `bake` entry.
import { DEFAULT_ALPHA, DEFAULT_MARGIN, DEFAULT_MIN_SESSIONS, dueForLook, judgeCanary } from './analysis.mjs';
import { rollback } from './channels.mjs';
import { appendHistory, readChannels, readHistory, withLock } from './manifest-store.mjs';
import { DEFAULT_DISTRUST, DEFAULT_PER_NETWORK, boundedSample, networkTallies } from './evidence.mjs';
import { emptyCounts, readSignal } from './signal.mjs';
import { readStateFile, writeStateFile } from './state-file.mjs';

const readState = (root) => readStateFile(root, 'bake.json');
const writeState = (root, state) => writeStateFile(root, 'bake.json', state);

/**
 * The bakes running now: per app, the last promote with a bake whose version is still stable
 * and that no later entry of the app ended (a bake conclusion, a rollback or another promote).
 * @param {any[]} entries the history
 * @param {Record<string, string | null>} stables app -> its stable version now
 */
export function runningBakes(entries, stables) {
  const open = new Map();
  for (const entry of entries) {
    if (!entry.app) continue;
    if (entry.action === 'promote') {
      if (entry.bake && typeof entry.bake.until === 'string') open.set(entry.app, { app: entry.app, version: entry.version, ...entry.bake });
      else open.delete(entry.app);
    } else if (entry.action === 'bake' || (entry.action === 'rollback' && entry.channel === 'stable')) {
      open.delete(entry.app);
    }
  }
  return [...open.values()].filter((bake) => stables[bake.app] === bake.version);
}

/**
 * A stable build's page views as the canary analysis counts them (docs/adr/057): its run is
 * 'stable', each client network bounded, the `distrust` networks that push hardest set aside:
 * for the new stable those with the most failures, for the baseline those with the most loads,
 * so a stranger can neither fail a good promote nor hide a bad one.
 */
function sample(signal, app, version, drop, { distrust = DEFAULT_DISTRUST, perNetwork = DEFAULT_PER_NETWORK }) {
  const counts = signal.apps[app]?.[version] ?? emptyCounts();
  const { sessions, failed } = boundedSample(networkTallies(counts.views, { app, run: 'stable' }), { distrust, perNetwork, drop });
  return { sessions, failed };
}

/**
 * The judgement of one bake at `now` (reads the signal; changes nothing).
 * @param {string} root
 * @param {{ app: string, version: string, previous: string, since: string, until: string }} bake
 * @param {{ now: number, alpha?: number, minSessions?: number, margin?: number, look?: number, distrust?: number, perNetwork?: number }} options
 */
export async function judgeBake(
  root,
  bake,
  { now, alpha = DEFAULT_ALPHA, minSessions = DEFAULT_MIN_SESSIONS, margin = DEFAULT_MARGIN, look = 1, distrust, perNetwork },
) {
  const since = Date.parse(bake.since);
  const end = Math.max(since, Math.min(now, Date.parse(bake.until)));
  const length = end - since;
  const after = await readSignal(root, { since, until: end });
  const before = await readSignal(root, { since: since - length, until: since });
  const stable = sample(after, bake.app, bake.version, 'failing', { distrust, perNetwork });
  const baseline = sample(before, bake.app, bake.previous, 'loading', { distrust, perNetwork });
  const verdict = judgeCanary({ canary: stable, stable: baseline }, { alpha, minSessions, margin, look });
  const reason = verdict.reason
    .replace(/^canary /, `new stable ${bake.version} `)
    .replace(/, stable /, `, previous stable ${bake.previous} before the promote `);
  return {
    ...verdict,
    reason,
    stable,
    baseline,
    window: { from: new Date(since).toISOString(), to: new Date(end).toISOString() },
    baselineWindow: { from: new Date(since - length).toISOString(), to: new Date(since).toISOString() },
  };
}

/**
 * One tick of the bake watch over every app: judges each running bake, rolls a failing one
 * back to its previous stable, ends those past their time. Returns what it did.
 * @param {{ root: string, now?: () => number, alpha?: number, minSessions?: number, margin?: number, distrust?: number, perNetwork?: number, apps: string[] }} options
 */
export async function watchBakes({ root, now = Date.now, alpha, minSessions, margin, distrust, perNetwork, apps }) {
  /** @type {Record<string, string | null>} */
  const stables = {};
  for (const app of apps) stables[app] = (await readChannels(root, app))?.stable.version ?? null;
  const bakes = runningBakes(await readHistory(root), stables);
  const state = await readState(root);
  const report = { baking: [], rolledBack: [], passed: [], inconclusive: [], skipped: [] };
  for (const bake of bakes) {
    const at = now();
    const key = `${bake.app}@${bake.version}#${bake.since}`;
    const seen = state[key] ?? { looks: 0, lastLookSessions: 0 };
    const first = await judgeBake(root, bake, { now: at, alpha, minSessions, margin, distrust, perNetwork, look: seen.looks + 1 });
    const min = minSessions ?? DEFAULT_MIN_SESSIONS;
    const enough = first.stable.sessions >= min && first.baseline.sessions >= min;
    const over = at >= Date.parse(bake.until);
    // A look counts (and spends its alpha) only when due, or at the end of the bake.
    const due = enough && (over || dueForLook(first.stable.sessions, seen.lastLookSessions));
    if (due) state[key] = { looks: seen.looks + 1, lastLookSessions: first.stable.sessions };
    const verdict = due ? first : { ...first, verdict: first.verdict === 'fail' ? 'pending' : first.verdict };
    const facts = { app: bake.app, version: bake.version, previous: bake.previous, until: bake.until, verdict: verdict.verdict, reason: verdict.reason };
    if (verdict.verdict === 'fail') {
      const reason = `bake: ${verdict.reason}`;
      const done = await rollback({
        root,
        remote: bake.app,
        by: 'guard',
        reason,
        expectStable: bake.version,
        to: bake.previous,
        verdict: { verdict: 'fail', reason: verdict.reason, stable: verdict.stable, baseline: verdict.baseline, pValue: verdict.pValue },
        bake: 'failed',
      });
      (done.skipped ? report.skipped : report.rolledBack).push({ ...facts, reason });
      continue;
    }
    if (!over) {
      report.baking.push(facts);
      continue;
    }
    const result = verdict.verdict === 'pass' ? 'passed' : 'inconclusive';
    await withLock(root, async () => {
      // Written only if the bake is still open (another guard may have ended it meanwhile).
      const still = runningBakes(await readHistory(root), { [bake.app]: (await readChannels(root, bake.app))?.stable.version ?? null });
      if (!still.some((open) => open.since === bake.since)) return;
      await appendHistory(root, [
        { action: 'bake', app: bake.app, version: bake.version, previous: bake.previous, result, reason: verdict.reason, by: 'guard' },
      ]);
    });
    report[result].push(facts);
  }
  await writeState(root, state);
  return report;
}
