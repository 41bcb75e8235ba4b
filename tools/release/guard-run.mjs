// `release guard`: one tick of the controller as a release engineer and a scheduler see it.
// The canary guard (health.mjs guard), then the bake watch over promoted stables (bake.mjs);
// both held, and nothing judged, while the release signal is stale (no signal file for the
// last `--stale` minutes while a canary or a bake runs: an edge that stopped writing must not
// look like a quiet, healthy canary). Alerts go to the webhook (alerts.mjs) after the changes
// are written. The exit code says what the tick did (GUARD_EXIT, docs/release-guide.md).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { sendAlerts } from './alerts.mjs';
import { runningBakes, watchBakes } from './bake.mjs';
import { APPS, REMOTE_APPS } from './deploy.mjs';
import { durationOption } from './errors.mjs';
import { formatGuard } from './format.mjs';
import { guard } from './health.mjs';
import { readHistory, readManifest, readShell } from './manifest-store.mjs';
import { readSignal } from './signal.mjs';
import { watchTicks } from './watch-loop.mjs';

/** What a guard tick did, most serious first when it did several things. */
export const GUARD_EXIT = Object.freeze({
  /** Nothing to do, or everything it judged is healthy (holding a step is not an action). */
  ok: 0,
  /** An error: nothing was judged (bad option, unreadable root, ...). */
  error: 2,
  /** A staged rollout moved to its next step. */
  advanced: 10,
  /** A rollout completed and its canary was promoted. */
  promoted: 11,
  /** A canary (or a baking stable) was rolled back. */
  rolledBack: 12,
  /** Held: a canary or a bake runs, but the release signal is stale or missing. */
  stale: 13,
});

/** The exit code of a tick's report: a rollback first, then a promote, an advance, a stale signal. */
export function exitCodeOf(report) {
  if (report.rolledBack.length || report.bake?.rolledBack.length) return GUARD_EXIT.rolledBack;
  if (report.promoted.length) return GUARD_EXIT.promoted;
  if (report.advanced.length) return GUARD_EXIT.advanced;
  if (report.stale) return GUARD_EXIT.stale;
  return GUARD_EXIT.ok;
}

const stalePath = (root) => join(root, '.release', 'stale.json');

/** Remembers since when the signal is stale, so its alert goes once per episode; returns whether it is new. */
async function markStale(root, stale, at) {
  const known = await readFile(stalePath(root), 'utf8').then(
    (text) => JSON.parse(text),
    () => null,
  );
  if (!stale) {
    if (known) await rm(stalePath(root), { force: true });
    return false;
  }
  if (known?.since) return false;
  await mkdir(join(root, '.release'), { recursive: true });
  await writeFile(stalePath(root), `${JSON.stringify({ since: new Date(at).toISOString() })}\n`);
  return true;
}

const emptyBake = () => ({ baking: [], rolledBack: [], passed: [], inconclusive: [], skipped: [] });

/**
 * One guard tick. `webhook` (a URL or null) gets an alert per abort, rollback, promote and
 * stale signal; `stale` is how long without a signal file a running canary or bake may go.
 * @param {{ root: string, now?: () => number, webhook?: string | null, stale?: string, bake?: string, alertTimeoutMs?: number,
 *   report?: (line: string) => void, minutes?: any, alpha?: any, minSessions?: any, margin?: any }} options
 * @returns {Promise<any>}
 */
export async function guardTick({ root, now = Date.now, webhook = null, stale = '10m', bake, alertTimeoutMs, report, ...judge }) {
  root = resolve(root);
  const staleMs = durationOption('stale', stale);
  const manifest = await readManifest(root);
  const shell = await readShell(root);
  const history = await readHistory(root);
  const stables = Object.fromEntries(APPS.map((app) => [app, app === 'shell' ? (shell?.version ?? null) : manifest.remotes[app].stable.version]));
  const canaries = [
    ...(shell?.canary ? [{ app: 'shell', version: shell.canary.version, percent: shell.canary.percent }] : []),
    ...REMOTE_APPS.filter((app) => manifest.remotes[app].canary).map((app) => ({
      app,
      version: manifest.remotes[app].canary.version,
      percent: manifest.remotes[app].canary.percent,
    })),
  ];
  const bakes = runningBakes(history, stables);
  const at = now();
  const fresh = await readSignal(root, { since: at - staleMs, until: at });
  const watching = canaries.length > 0 || bakes.length > 0;
  const isStale = watching && fresh.files === 0;
  /** @type {any} */
  let result;
  if (isStale) {
    const why = fresh.present
      ? `no release signal file in ${join(root, '.signal')} for the last ${stale}`
      : `no release signal at all in ${join(root, '.signal')} (is an edge serving this root?)`;
    result = {
      root,
      stale: { why, canaries, bakes: bakes.map(({ app, version, until }) => ({ app, version, until })) },
      rolledBack: [],
      advanced: [],
      promoted: [],
      held: canaries.map(({ app, version, percent }) => ({ remote: app, version, percent, why: `nothing judged: ${why}` })),
      skipped: [],
      bake: emptyBake(),
    };
  } else if (!fresh.present) {
    // Nothing runs and no edge writes a signal here: nothing to judge, nothing to hold.
    result = { root, stale: null, idle: true, rolledBack: [], advanced: [], promoted: [], held: [], skipped: [], bake: emptyBake() };
  } else {
    const ticked = await guard({ root, now, bake, ...judge });
    result = {
      ...ticked,
      stale: null,
      bake: await watchBakes({
        root,
        now,
        alpha: ticked.alpha,
        minSessions: ticked.minSessions,
        margin: ticked.margin,
        distrust: ticked.distrust,
        perNetwork: ticked.perNetwork,
        apps: APPS,
      }),
    };
  }
  const newlyStale = await markStale(root, isStale, at);
  result.exitCode = exitCodeOf(result);
  result.alerts = await sendAlerts(webhook, alertsOf(result, { root, newlyStale, at }), { timeoutMs: alertTimeoutMs, report });
  return result;
}

/** The alerts a tick's report calls for. */
/**
 * @param {any} result
 * @param {{ root: string, newlyStale: boolean, at: number }} context
 * @returns {import('./alerts.mjs').Alert[]}
 */
export function alertsOf(result, { root, newlyStale, at }) {
  const when = new Date(at).toISOString();
  /** @type {import('./alerts.mjs').Alert[]} */
  const alerts = [];
  const rollouts = new Map([result.shell, ...(result.remotes ?? [])].filter((h) => h?.canary).map((h) => [h.app, Boolean(h.canary.rollout)]));
  for (const done of result.rolledBack) {
    alerts.push({
      event: rollouts.get(done.remote) ? 'abort' : 'rollback',
      app: done.remote,
      version: done.version,
      previous: done.stable,
      reason: rollouts.get(done.remote) ? `the staged rollout was stopped and its canary removed; ${done.reason}` : done.reason,
      at: when,
      root,
    });
  }
  for (const done of result.bake?.rolledBack ?? []) {
    alerts.push({
      event: 'rollback',
      app: done.app,
      version: done.version,
      previous: done.previous,
      reason: `stable rolled back to ${done.previous} during its bake; ${done.reason}`,
      at: when,
      root,
    });
  }
  for (const done of result.promoted) {
    alerts.push({ event: 'promote', app: done.remote, version: done.version, previous: done.previous, reason: 'its staged rollout completed', at: when, root });
  }
  if (result.stale && newlyStale) {
    const running = [...result.stale.canaries.map((c) => `${c.app} canary ${c.version}`), ...result.stale.bakes.map((b) => `${b.app} ${b.version} baking`)];
    alerts.push({
      event: 'stale-signal',
      app: null,
      version: null,
      reason: `${result.stale.why} while ${running.join(', ')} runs; the guard holds`,
      at: when,
      root,
    });
  }
  return alerts;
}

export function formatGuardTick(result) {
  const lines = [];
  if (result.stale) {
    lines.push(`HELD: ${result.stale.why}; nothing judged, nothing changed`);
    for (const hold of result.held) lines.push(`  ${hold.remote} canary ${hold.version} at ${hold.percent}%`);
    for (const bake of result.stale.bakes) lines.push(`  ${bake.app} ${bake.version} baking until ${bake.until}`);
  } else if (result.idle) {
    lines.push('Guard: no canary and no bake running, and no release signal here: nothing to do.');
  } else {
    lines.push(...formatGuard(result));
  }
  const bake = result.bake ?? emptyBake();
  for (const done of bake.rolledBack) lines.push(`Rolled back ${done.app} stable ${done.version} to ${done.previous}: its bake failed`, `  ${done.reason}`);
  for (const done of bake.passed) lines.push(`Bake passed: ${done.app} ${done.version} (${done.reason})`);
  for (const done of bake.inconclusive) lines.push(`Bake ended without a verdict: ${done.app} ${done.version} (${done.reason})`);
  for (const done of bake.baking) lines.push(`Baking ${done.app} ${done.version} until ${done.until}: ${done.verdict} (${done.reason})`);
  for (const left of bake.skipped) lines.push(`Left ${left.app} alone: its stable changed while the bake watch was judging ${left.version}`);
  for (const failed of result.alerts?.failed ?? []) lines.push(`Alert not delivered: ${failed.event} ${failed.app ?? ''} (${failed.error})`);
  lines.push(`Exit ${result.exitCode} (${Object.entries(GUARD_EXIT).find(([, code]) => code === result.exitCode)?.[0]})`);
  return lines;
}

/**
 * `guard --watch`: a tick every `every` ms until stopped (SIGINT, SIGTERM, `signal`), each
 * printed by `print` as it happens. A tick that fails is printed and the loop goes on.
 * @param {any} options guardTick's
 * @param {{ every?: number, print?: (result: any, error: any) => void, signal?: AbortSignal }} [loop]
 */
export function watchGuardTicks(options, loop = {}) {
  return watchTicks(() => guardTick(options), loop);
}
