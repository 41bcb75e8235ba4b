// `status`, `guard` and `analysisFor`: the manifest plus what the edge counted about each
// build (tools/release/signal.mjs), judged by tools/release/analysis.mjs. `guard` is the
// controller: it acts on the very judgement `status` shows (roll back a failing canary,
// advance a staged rollout, promote at its last step).
import { join, resolve } from 'node:path';
import { DEFAULT_ALPHA, DEFAULT_MARGIN, LOOK_GROWTH, DEFAULT_MIN_SESSIONS, dueForLook, rateOf, slowerThanStable, vitalsOf } from './analysis.mjs';
import { DEFAULT_DISTRUST, DEFAULT_PER_NETWORK, boundedSample, judgeEvidence, networkTallies } from './evidence.mjs';
import { buildFigures } from './prometheus.mjs';
import { promote, rollback } from './channels.mjs';
import { REMOTE_APPS } from './deploy.mjs';
import { ReleaseError, integerOption, numberOption } from './errors.mjs';
import { changeChannels, readHistory, readManifest, readShell, shellChannels } from './manifest-store.mjs';
import { emptyCounts, readSignal } from './signal.mjs';
import { readStateFile, writeStateFile } from './state-file.mjs';
import { watchTicks } from './watch-loop.mjs';

const readState = (root) => readStateFile(root, 'analysis.json');
const writeState = (root, state) => writeStateFile(root, 'analysis.json', state);

/**
 * @typedef {{ minutes?: number | string, alpha?: number | string, minSessions?: number | string, margin?: number | string,
 *   distrust?: number | string, perNetwork?: number | string, prometheus?: string }} JudgeOptions
 */

/** @param {JudgeOptions} options */
function judgeOptions({ minutes, alpha, minSessions, margin, distrust, perNetwork, prometheus }) {
  const url = prometheus ?? process.env.RELEASE_PROMETHEUS_URL ?? null;
  if (url !== null && !/^https?:\/\/[^\s]+$/.test(url)) throw new ReleaseError(`--prometheus must be an http(s) URL (got "${url}")`);
  const a = numberOption('alpha', alpha, DEFAULT_ALPHA);
  if (a <= 0 || a >= 0.5) throw new ReleaseError(`--alpha must be above 0 and below 0.5 (got "${alpha}")`);
  return {
    minutes: integerOption('minutes', minutes, { min: 1, max: 10080, fallback: 60 }),
    alpha: a,
    minSessions: integerOption('min-sessions', minSessions, { min: 1, fallback: DEFAULT_MIN_SESSIONS }),
    margin: numberOption('margin', margin, DEFAULT_MARGIN),
    // docs/adr/057: the client networks set aside before each test, and what one network weighs.
    distrust: integerOption('distrust', distrust ?? process.env.RELEASE_DISTRUST, { min: 0, max: 100_000, fallback: DEFAULT_DISTRUST }),
    perNetwork: integerOption('per-network', perNetwork ?? process.env.RELEASE_PER_NETWORK, { min: 1, max: 1_000_000, fallback: DEFAULT_PER_NETWORK }),
    // docs/adr/055, 057: what the servers saw, from Prometheus (renders, the API's 5xx by build).
    prometheus: url,
  };
}

/** When the running canary of `app` began: its rollout's start, else the history's record of it. */
function canaryStart(app, canary, history) {
  if (canary.rollout?.startedAt) return Date.parse(canary.rollout.startedAt);
  let start = null;
  for (const entry of history) {
    if (entry.app !== app || entry.action !== 'canary') continue;
    if (entry.version !== canary.version) start = null;
    else if (start === null || entry.previous?.version !== canary.version) start = Date.parse(entry.at);
  }
  return Number.isNaN(start) ? null : start;
}

/**
 * One side of an app as the analysis sees it: the page views of its run (the canary's salt, or
 * stable's), per client network, the edge's own renders of that run, the vitals and the edge's
 * answers for the build's files (shown, not judged).
 */
function sideOf(signal, app, version, run, options) {
  const counts = signal.apps[app]?.[version] ?? emptyCounts();
  const tallies = networkTallies(counts.views, { app, run });
  const sample = boundedSample(tallies, { distrust: 0, perNetwork: options.perNetwork, drop: 'busiest' });
  const renders = counts.renders?.[run] ?? [0, 0];
  return {
    counts,
    tallies,
    sessions: sample.sessions,
    failed: sample.failed,
    networks: sample.networks,
    rate: rateOf(sample),
    renders: { count: renders[0], failed: renders[1] },
    vitals: vitalsOf(counts),
  };
}

/**
 * The smallest share the canary had since it started (its rollout's first step, a lower share
 * it was started at by hand): the share its bucket's silence is measured against, so views
 * counted at an earlier, smaller step never make a raised canary look silent.
 */
function lowestPercent(app, canary, history, since) {
  let lowest = canary.percent;
  if (canary.rollout?.steps?.length) lowest = Math.min(lowest, canary.rollout.steps[0]);
  for (const entry of history) {
    if (entry.app !== app || entry.version !== canary.version || Date.parse(entry.at) < since - 1000) continue;
    if (entry.action === 'canary' || entry.action === 'advance') if (Number.isFinite(entry.percent)) lowest = Math.min(lowest, entry.percent);
  }
  return lowest;
}

const STABLE_RUN = 'stable';
/** A canary's run: its salt (apps/edge/src/sessions/cohorts.ts runOfCanary). */
const runOfCanary = (app, canary) => canary.salt ?? `${app}-unsalted`;

/**
 * The analysis of one app's canary against its stable build (docs/adr/057). `count` (the guard)
 * records a look when one is due; without it (status, promote) the look a guard would take is shown.
 * @param {string} root
 * @param {string} app
 * @param {{ channels: any, history: any[], state: any, options: ReturnType<typeof judgeOptions>, count?: boolean, now?: number }} input
 */
async function analyse(root, app, { channels, history, state, options, count = false, now = Date.now() }) {
  const { stable, canary } = channels;
  const started = canary ? canaryStart(app, canary, history) : null;
  const since = started ?? now - options.minutes * 60_000;
  const signal = await readSignal(root, { since, until: now });
  const known = new Set([stable.version, canary?.version].filter(Boolean));
  const health = {
    app,
    remote: app,
    since: new Date(since).toISOString(),
    signal: { present: signal.present, files: signal.files, unreadable: signal.unreadable, rejected: signal.rejected },
    stable: { version: stable.version, share: 100 - (canary?.percent ?? 0), ...sideOf(signal, app, stable.version, STABLE_RUN, options) },
    canary: canary
      ? {
          version: canary.version,
          percent: canary.percent,
          rollout: canary.rollout ?? null,
          ...sideOf(signal, app, canary.version, runOfCanary(app, canary), options),
        }
      : null,
    others: Object.keys(signal.apps[app] ?? {})
      .filter((version) => !known.has(version))
      .map((version) => ({ version, ...sideOf(signal, app, version, STABLE_RUN, options) })),
    verdict: 'no-canary',
    reason: '',
    look: 0,
    slow: [],
    flagged: false,
  };
  if (!canary) return health;
  health.slow = slowerThanStable(health.canary.vitals, health.stable.vitals);
  const evidence = {
    canary: { tallies: health.canary.tallies, renders: pair(health.canary.renders), percent: lowestPercent(app, canary, history, since) },
    stable: { tallies: health.stable.tallies, renders: pair(health.stable.renders) },
    server: /** @type {any[]} */ ([]),
  };
  if (options.prometheus) health.prometheus = await fromPrometheus(options.prometheus, app, stable.version, canary.version, since, now, evidence);
  const judge = (look) => ({ ...judgeEvidence(evidence, { ...options, look }), look });
  // One canary's looks: its salt is drawn when it starts and kept while it runs (other shares,
  // rollout steps), so a version canaried again after a rollback is judged afresh.
  const key = `${app}@${canary.version}#${canary.salt ?? ''}`;
  const seen = state[key] ?? { looks: 0, lastLookSessions: 0, result: null };
  const first = judge(seen.looks + 1);
  const lookSessions = first.samples.views.canary.sessions;
  const enough = lookSessions >= options.minSessions && first.samples.views.stable.sessions >= options.minSessions;
  let result;
  if (first.verdict === 'fail' && !enough) {
    // Server renders or a silent bucket: decided without the minimum of page views.
    result = first;
    if (count) state[key] = { looks: seen.looks + 1, lastLookSessions: seen.lastLookSessions, result: strip(first), at: new Date(now).toISOString() };
  } else if (enough && dueForLook(lookSessions, seen.lastLookSessions)) {
    result = first;
    if (count) state[key] = { looks: first.look, lastLookSessions: lookSessions, result: strip(first), at: new Date(now).toISOString() };
  } else if (enough && seen.result) {
    // Between looks the last verdict stands (docs/release-analysis.md).
    result = {
      ...seen.result,
      reason: `${seen.result.reason} (look ${seen.looks}; the next look at ${Math.ceil(seen.lastLookSessions * LOOK_GROWTH)} canary page views)`,
    };
  } else {
    result = { ...first, look: seen.looks };
  }
  Object.assign(health, {
    verdict: result.verdict,
    reason: result.reason,
    look: result.look,
    pValue: result.pValue,
    alphaLook: result.alphaLook,
    excess: result.excess,
    flagged: result.verdict === 'fail',
  });
  return health;
}

/**
 * What Prometheus holds of both builds since the canary started (docs/adr/055): its renders
 * replace the files' (every edge's, by version), and the API's 5xx for calls the edge vouched
 * were the build's become a check of their own. Prometheus not answering leaves the files'
 * evidence, and says so.
 */
async function fromPrometheus(url, app, stableVersion, canaryVersion, since, now, evidence) {
  try {
    const figures = await buildFigures({ url, app, versions: [stableVersion, canaryVersion], since, until: Math.max(now, since + 1000) });
    const of = (version) => figures[version] ?? { renders: 0, renderErrors: 0, apiRequests: 0, apiErrors: 0 };
    const whole = (n) => Math.max(0, Math.round(n));
    const c = of(canaryVersion);
    const s = of(stableVersion);
    evidence.canary.renders = [whole(c.renders), Math.min(whole(c.renderErrors), whole(c.renders))];
    evidence.stable.renders = [whole(s.renders), Math.min(whole(s.renderErrors), whole(s.renders))];
    evidence.server.push({
      name: 'API 5xx by build',
      canary: { sessions: whole(c.apiRequests), failed: whole(c.apiErrors) },
      stable: { sessions: whole(s.apiRequests), failed: whole(s.apiErrors) },
    });
    return { url, figures };
  } catch (error) {
    return { url, error: `Prometheus did not answer (${error instanceof Error ? error.message : String(error)}); judged on the signal files` };
  }
}

/** @returns {[number, number]} */
const pair = ({ count, failed }) => [count, failed];

/** A verdict as the state file keeps it (without the samples). */
const strip = ({ samples: _samples, ...rest }) => rest;

/**
 * The judgement of one app's canary as `promote` needs it: `{ verdict, reason, ... }` with
 * verdict 'pass', 'fail', 'pending' or 'no-canary'. Reads, never counts a look.
 * @param {string} root
 * @param {string} app
 * @param {JudgeOptions & { now?: number }} [options] `now`: the end of the period (tests on recorded series)
 */
export async function analysisFor(root, app, options = {}) {
  root = resolve(root);
  let channels;
  if (app === 'shell') {
    const shell = await readShell(root);
    if (!shell)
      throw new ReleaseError(`no shell.json in ${root}; deploy the shell first (release deploy shell; npm start deploys into .deploy-local, not here)`);
    channels = shellChannels(shell);
  } else {
    channels = (await readManifest(root)).remotes[app];
    if (!channels) throw new ReleaseError(`unknown remote "${app}"`);
  }
  const { now, ...judged } = /** @type {JudgeOptions & { now?: number }} */ (options);
  return analyse(root, app, {
    channels,
    history: await readHistory(root),
    state: await readState(root),
    options: judgeOptions(judged),
    now: now ?? Date.now(),
  });
}

/** @param {{ root: string } & JudgeOptions} options */
export async function status({ root, ...rest }) {
  root = resolve(root);
  const options = judgeOptions(rest);
  const manifest = await readManifest(root);
  const history = await readHistory(root);
  const state = await readState(root);
  const remotes = [];
  for (const app of REMOTE_APPS) remotes.push(await analyse(root, app, { channels: manifest.remotes[app], history, state, options }));
  const shell = await shellHealth(root, { history, state, options });
  const signal = await readSignal(root, { since: Date.now() - options.minutes * 60_000 });
  return {
    root,
    ...options,
    signal: { present: signal.present, files: signal.files, unreadable: signal.unreadable, rejected: signal.rejected },
    shell,
    remotes,
    flagged: flaggedOf(shell, remotes),
  };
}

/**
 * The shell's analysis, as a remote's (its canary judged by the sessions with a JS error),
 * with `version` its stable version; `{ version: null }` before the shell is deployed.
 * @param {string} root
 * @param {{ history: any[], state: any, options: ReturnType<typeof judgeOptions>, count?: boolean, now?: number }} input
 */
async function shellHealth(root, input) {
  const shell = await readShell(root);
  if (!shell) return { version: null, app: 'shell', remote: 'shell', canary: null, flagged: false };
  return { version: shell.version, ...(await analyse(root, 'shell', { ...input, channels: shellChannels(shell) })) };
}

const flaggedOf = (shell, remotes) => [shell, ...remotes].filter((r) => r.flagged).map((r) => r.remote);

const formatDuration = (ms) =>
  ms >= 3_600_000 && ms % 3_600_000 === 0 ? `${ms / 3_600_000}h` : ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000}m` : `${Math.round(ms / 1000)}s`;

/**
 * One tick of the controller. For every canary: a look (when due); `fail` rolls it back;
 * a staged rollout whose step was held for its interval and whose analysis passes moves to
 * the next step, or is promoted after the last; anything else holds, and says why.
 * @param {{ root: string, now?: () => number, bake?: string } & JudgeOptions} options
 */
export async function guard({ root, now = Date.now, bake, ...rest }) {
  root = resolve(root);
  const options = judgeOptions(rest);
  const signalDir = await readSignal(root, { since: now() - 60_000 });
  if (!signalDir.present) {
    throw new ReleaseError(`no release signal in ${join(root, '.signal')}: is an edge serving this root? No canary was judged, nothing changed`);
  }
  const manifest = await readManifest(root);
  const history = await readHistory(root);
  const state = await readState(root);
  const remotes = [];
  for (const app of REMOTE_APPS) remotes.push(await analyse(root, app, { channels: manifest.remotes[app], history, state, options, count: true, now: now() }));
  const shell = await shellHealth(root, { history, state, options, count: true, now: now() });
  await writeState(root, state);
  const rolledBack = [];
  const advanced = [];
  const promoted = [];
  const held = [];
  const skipped = [];
  for (const health of [shell, ...remotes]) {
    const { canary, stable } = health;
    if (!canary) continue;
    const verdict = {
      verdict: health.verdict,
      reason: health.reason,
      look: health.look,
      pValue: health.pValue,
      canary: { sessions: canary.sessions, failed: canary.failed },
      stable: { sessions: stable.sessions, failed: stable.failed },
    };
    if (health.verdict === 'fail') {
      const reason = `guard: ${health.reason}`;
      const done = await rollback({ root, remote: health.app, by: 'guard', reason, expectCanary: canary.version, verdict });
      (done.skipped ? skipped : rolledBack).push({ remote: health.app, version: canary.version, stable: stable.version, reason });
      continue;
    }
    const rollout = canary.rollout;
    if (!rollout) continue;
    const heldFor = now() - Date.parse(rollout.stepSince);
    if (heldFor < rollout.intervalMs) {
      held.push({
        remote: health.app,
        version: canary.version,
        percent: canary.percent,
        why: `step ${rollout.step + 1} of ${rollout.steps.length} held ${formatDuration(heldFor)} of ${formatDuration(rollout.intervalMs)}`,
      });
      continue;
    }
    if (health.verdict !== 'pass') {
      held.push({ remote: health.app, version: canary.version, percent: canary.percent, why: `waiting for a pass: ${health.reason}` });
      continue;
    }
    if (rollout.step === rollout.steps.length - 1) {
      if (rollout.steps.at(-1) !== 100) {
        held.push({
          remote: health.app,
          version: canary.version,
          percent: canary.percent,
          why: `the rollout ends at ${canary.percent}%: promote it by hand when you are ready`,
        });
        continue;
      }
      const done = await promote({
        root,
        remote: health.app,
        by: 'guard',
        reason: `guard: rollout complete; ${health.reason}`,
        verdict,
        expectCanary: canary.version,
        bake,
        now,
      });
      (done.skipped ? skipped : promoted).push({ remote: health.app, version: canary.version, previous: stable.version });
      continue;
    }
    const moved = await changeChannels(root, health.app, async (current) => {
      const live = current.canary;
      if (!live || live.version !== canary.version || live.rollout?.step !== rollout.step) return { history: [], result: null };
      const step = rollout.step + 1;
      live.percent = rollout.steps[step];
      live.rollout = { ...live.rollout, step, stepSince: new Date(now()).toISOString() };
      return {
        history: [
          {
            action: 'advance',
            app: health.app,
            version: canary.version,
            percent: live.percent,
            step,
            steps: rollout.steps,
            by: 'guard',
            reason: `guard: ${health.reason}`,
            verdict,
          },
        ],
        result: { remote: health.app, version: canary.version, from: canary.percent, to: live.percent, step },
      };
    });
    if (moved) advanced.push(moved);
    else skipped.push({ remote: health.app, version: canary.version });
  }
  return {
    root,
    ...options,
    signal: { present: true, files: signalDir.files },
    shell,
    remotes,
    flagged: flaggedOf(shell, remotes),
    rolledBack,
    advanced,
    promoted,
    held,
    skipped,
  };
}

/**
 * `guard --watch`: a tick every `every` ms until stopped (SIGINT, SIGTERM), each printed by
 * `print`. A tick that fails is printed and the loop goes on (the next one may succeed).
 */
/**
 * @param {any} options
 * @param {{ every?: number, print?: (result: any, error: any) => void, signal?: AbortSignal }} [loop]
 */
export async function watchGuard(options, loop = {}) {
  await watchTicks(() => guard(options), loop);
  return { stopped: true };
}
