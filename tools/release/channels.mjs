// The release commands that only edit an app's channels: start or change a canary, promote
// it, roll back. A remote's channels are in remotes.json, the shell's in shell.json; both go
// through the same locked, history-first write (manifest-store.mjs changeChannels). Each
// checks everything inside the lock before the file is rewritten, so an error leaves the
// deploy root exactly as it was.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { deployFolder, entryUrl } from './deploy.mjs';
import { ReleaseError, checkChannelApp, checkVersion, durationOption, integerOption } from './errors.mjs';
import { changeChannels, deployedMarker, isDeployed, previousStable, readChannels, readHistory, readManifest } from './manifest-store.mjs';
import { compatGate } from './compat-gate.mjs';
import { isBroken, repair } from './repair.mjs';
import { remotesBrokenUnderShell } from './shared.mjs';

/** How long the guard watches a promoted stable by default (`--bake`, docs/release-guide.md). */
export const DEFAULT_BAKE = '15m';

/** A release of a version: a remote's carries its entry URL; the shell's is its version alone. */
const releaseOf = (app, version) => (app === 'shell' ? { version } : { version, entry: entryUrl(app, version) });

/**
 * `--steps 1,5,25,50,100`: increasing whole percentages from 1 to 100. The last step need not
 * be 100: a rollout that ends below it waits there for a person to promote.
 */
export function stepsOption(value) {
  const text = String(value ?? '').trim();
  const steps = /^\d+(,\d+)*$/.test(text) ? text.split(',').map(Number) : [];
  if (!steps.length || steps.some((step, i) => step < 1 || step > 100 || (i > 0 && step <= steps[i - 1]))) {
    throw new ReleaseError(`--steps must be increasing whole percentages from 1 to 100, such as 1,5,25,50,100 (got "${text}")`);
  }
  return steps;
}

/** A shell under which a live remote build could not start (docs/adr/032) is not put live. */
async function refuseShellThatBreaksRemotes(root, version, what) {
  const broken = await remotesBrokenUnderShell({ root, version, manifest: await readManifest(root, { required: false }) });
  if (broken.length) throw new ReleaseError(`${what} shell ${version} would break live remotes, nothing changed: ${broken.join('; ')}`);
}

/**
 * Starts a canary of `version` for `percent` percent of shoppers, or changes the running one;
 * or, with `steps` and `interval`, starts a staged rollout that the guard advances (at the
 * first step's percentage) while the analysis passes, and aborts when it fails. `remote` may
 * be 'shell': the edge serves the canary shell to the sessions in its bucket.
 * A new canary version is first run by the compatibility check (`compat`, compat-gate.mjs; the
 * CLI always gives it), before the lock is taken; one that fails is refused unless `force` with
 * a `reason`. Changing the share of the running canary checks nothing again.
 * @param {{ root: string, remote: string, version: string, percent?: number | string, steps?: string, interval?: string, now?: () => number,
 *   force?: boolean, reason?: string, compat?: import('./compat-gate.mjs').CompatCheck }} options
 */
export async function canary({ root, remote, version, percent, steps, interval, now = Date.now, force = false, reason, compat }) {
  root = resolve(root);
  checkChannelApp(remote);
  if ((percent === undefined) === (steps === undefined)) throw new ReleaseError('give either --percent N or --steps 1,5,25,50,100 with --interval');
  if (steps === undefined && interval !== undefined) throw new ReleaseError('--interval goes with --steps');
  const plan = steps === undefined ? null : stepsOption(steps);
  const intervalMs = plan ? durationOption('interval', interval ?? '10m') : null;
  const share = plan ? plan[0] : integerOption('percent', percent, { min: 0, max: 100 });
  checkVersion(version);
  if (force && !String(reason ?? '').trim())
    throw new ReleaseError('--force needs --reason "<why this canary goes out though it failed the compatibility check>"');
  let compatible = null;
  if (compat && (await isDeployed(root, remote, version)) && (await readChannels(root, remote))?.canary?.version !== version) {
    compatible = await compatGate({ compat, root, app: remote, build: deployFolder(root, remote, version), version, force, what: 'changed' });
  }
  return changeChannels(root, remote, async (channels) => {
    if (!(await isDeployed(root, remote, version))) {
      throw new ReleaseError(`${remote} ${version} is not deployed (no ${deployedMarker(root, remote, version)}); deploy it first`);
    }
    if (channels.stable.version === version) throw new ReleaseError(`${version} is already the stable version of ${remote}`);
    if (remote === 'shell') await refuseShellThatBreaksRemotes(root, version, 'a canary of');
    const previous = channels.canary ? { version: channels.canary.version, percent: channels.canary.percent } : null;
    // The same canary keeps its salt, so raising its share keeps the shoppers who have it; a
    // new canary draws a new one, so it goes to other shoppers than the last (docs/adr/024).
    const salt = previous?.version === version && channels.canary.salt ? channels.canary.salt : randomBytes(8).toString('hex');
    const at = new Date(now()).toISOString();
    channels.canary = { ...releaseOf(remote, version), percent: share, salt };
    if (plan) channels.canary.rollout = { steps: plan, intervalMs, step: 0, stepSince: at, startedAt: at };
    return {
      history: [
        {
          action: 'canary',
          app: remote,
          version,
          percent: share,
          stable: channels.stable.version,
          previous,
          ...(plan ? { steps: plan, intervalMs } : {}),
          ...(compatible ? { compat: compatible } : {}),
          ...(compatible?.forced ? { forced: true, reason } : {}),
        },
      ],
      result: {
        remote,
        stable: channels.stable.version,
        canary: { version, percent: share, ...(plan ? { steps: plan, intervalMs } : {}) },
        previous,
        ...(compatible ? { compat: compatible } : {}),
      },
    };
  });
}

/**
 * Makes the canary the stable version for everyone. Refused unless the canary's analysis
 * passes (docs/release-analysis.md), or `force` with a `reason`, which the history keeps.
 * The guard promotes with the passing `verdict` it just took.
 * `judge` (--alpha, --min-sessions, --margin, --minutes) judges as the guard would with them.
 * `bake` (`--bake`, 15m by default, '0' for none) is how long the guard then watches the new stable (bake.mjs).
 * @param {{ root: string, remote: string, force?: boolean, reason?: string, by?: string, verdict?: any, expectCanary?: string, judge?: Record<string, string | number | undefined>, bake?: string | number, now?: () => number }} options
 */
export async function promote({ root, remote, force = false, reason, by = 'cli', verdict, expectCanary, judge = {}, bake = DEFAULT_BAKE, now = Date.now }) {
  root = resolve(root);
  checkChannelApp(remote);
  const bakeMs = String(bake) === '0' ? 0 : durationOption('bake', bake);
  if (force && !String(reason ?? '').trim()) throw new ReleaseError('--force needs --reason "<why this canary is promoted without a passing analysis>"');
  let analysis = verdict ?? null;
  if (!analysis) {
    const { analysisFor } = await import('./health.mjs');
    const health = await analysisFor(root, remote, judge);
    analysis = {
      verdict: health.verdict,
      reason: health.reason,
      look: health.look,
      canary: health.canary && { sessions: health.canary.sessions, failed: health.canary.failed },
      stable: { sessions: health.stable.sessions, failed: health.stable.failed },
    };
  }
  if (analysis.verdict !== 'pass' && analysis.verdict !== 'no-canary' && !force) {
    throw new ReleaseError(
      `${remote}: the canary's analysis is "${analysis.verdict}", not "pass" (${analysis.reason}); wait for it, or promote with --force --reason "<why>"`,
    );
  }
  return changeChannels(root, remote, async (channels) => {
    if (expectCanary !== undefined && channels.canary?.version !== expectCanary) {
      return { history: [], result: /** @type {any} */ ({ remote, skipped: true, stable: channels.stable.version }) };
    }
    if (!channels.canary) throw new ReleaseError(`${remote} has no canary to promote (stable is ${channels.stable.version})`);
    // Whatever else the canary's release carries goes along, except what only a canary has.
    const { percent, salt: _salt, rollout: _rollout, ...release } = channels.canary;
    if (!(await isDeployed(root, remote, release.version))) {
      throw new ReleaseError(`${remote} ${release.version} is no longer deployed; roll the canary back instead`);
    }
    const previous = channels.stable.version;
    channels.stable = release;
    delete channels.canary;
    // The guard watches the new stable until then (bake.mjs): the window starts now.
    const at = now();
    const baking = bakeMs ? { since: new Date(at).toISOString(), until: new Date(at + bakeMs).toISOString(), previous, ms: bakeMs } : null;
    return {
      history: [
        {
          action: 'promote',
          app: remote,
          version: release.version,
          previous,
          percent,
          by,
          ...(baking ? { bake: baking } : {}),
          ...(force && analysis.verdict !== 'pass' ? { forced: true } : {}),
          ...(reason ? { reason } : {}),
          verdict: analysis,
        },
      ],
      result: {
        remote,
        stable: release.version,
        previous,
        percent,
        forced: force && analysis.verdict !== 'pass',
        verdict: analysis.verdict,
        skipped: false,
        bake: baking,
      },
    };
  });
}

/**
 * Removes the canary, or without one returns to the previous stable version.
 * `expectCanary` makes the call a no-op (`skipped`) when the canary is no longer that
 * version, so the guard never removes a canary someone started after it judged; likewise
 * `expectStable` with `to` (the bake watch: back from that stable to that version).
 * A broken remotes.json, shell.json or history.json is repaired first (repair.mjs): a
 * canary the repair dropped is rolled back by it, and the result says what it changed.
 * @param {{ root: string, remote: string, by?: string, reason?: string, expectCanary?: string, expectStable?: string, to?: string, verdict?: any, [key: string]: any }} options
 * @returns {Promise<any>}
 */
export async function rollback({ root, remote, by = 'cli', reason, expectCanary, expectStable, to, verdict, ...extra }) {
  root = resolve(root);
  checkChannelApp(remote);
  let repaired = null;
  if (await isBroken(root)) {
    repaired = await repair({ root });
    const dropped = repaired.droppedCanaries[remote];
    if (dropped) {
      const stable = (await readChannels(root, remote)).stable.version;
      return { remote, channel: 'canary', from: dropped, to: stable, skipped: false, repaired };
    }
  }
  const done = await rollbackChannels({ root, remote, by, reason, expectCanary, expectStable, to, verdict, extra });
  return repaired ? { ...done, repaired } : done;
}

/** @param {{ root: string, remote: string, by: string, reason?: string, expectCanary?: string, expectStable?: string, to?: string, verdict?: any, extra: any }} options */
async function rollbackChannels({ root, remote, by, reason, expectCanary, expectStable, to, verdict, extra }) {
  return changeChannels(root, remote, async (channels) => {
    const stable = channels.stable.version;
    if (expectCanary !== undefined && channels.canary?.version !== expectCanary) {
      return { history: [], result: { remote, channel: 'canary', skipped: true, from: expectCanary, to: stable } };
    }
    if (expectStable !== undefined && stable !== expectStable) {
      return { history: [], result: { remote, channel: 'stable', skipped: true, from: expectStable, to: stable } };
    }
    if (channels.canary && expectStable === undefined) {
      const from = channels.canary.version;
      delete channels.canary;
      return {
        history: [
          {
            action: 'rollback',
            app: remote,
            channel: 'canary',
            version: from,
            from,
            to: stable,
            by,
            ...(reason ? { reason } : {}),
            ...(verdict ? { verdict } : {}),
          },
        ],
        result: { remote, channel: 'canary', from, to: stable, skipped: false },
      };
    }
    const target = to ?? previousStable(await readHistory(root), remote, stable);
    if (!target) throw new ReleaseError(`nothing to roll back for ${remote}: no canary, and the history knows no stable version before ${stable}`);
    if (!(await isDeployed(root, remote, target))) throw new ReleaseError(`cannot roll ${remote} back to ${target}: it is no longer deployed`);
    if (remote === 'shell') await refuseShellThatBreaksRemotes(root, target, 'a rollback to');
    channels.stable = releaseOf(remote, target);
    return {
      history: [
        {
          action: 'rollback',
          app: remote,
          channel: 'stable',
          version: target,
          from: stable,
          to: target,
          by,
          ...(reason ? { reason } : {}),
          ...(verdict ? { verdict } : {}),
          ...extra,
        },
      ],
      result: { remote, channel: 'stable', from: stable, to: target, skipped: false },
    };
  });
}
