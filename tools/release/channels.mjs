// The release commands that only edit remotes.json: start or change a canary, promote it,
// roll back. Each checks everything inside the lock before the manifest is rewritten, so an
// error leaves the deploy root exactly as it was.
import { join, resolve } from 'node:path';
import { deployFolder, entryUrl } from './deploy.mjs';
import { ReleaseError, checkRemote, checkVersion, integerOption } from './errors.mjs';
import { changeManifest, isDeployed, previousStable, readHistory } from './manifest-store.mjs';

/**
 * Starts a canary of `version` for `percent` percent of shoppers, or changes the running one.
 * @param {{ root: string, remote: string, version: string, percent: number | string }} options
 */
export async function canary({ root, remote, version, percent }) {
  root = resolve(root);
  checkRemote(remote);
  const share = integerOption('percent', percent, { min: 0, max: 100 });
  checkVersion(version);
  return changeManifest(root, async (manifest) => {
    const channels = manifest.remotes[remote];
    if (!(await isDeployed(root, remote, version))) {
      throw new ReleaseError(`${remote} ${version} is not deployed (no ${join(deployFolder(root, remote, version), 'mf-manifest.json')}); deploy it first`);
    }
    if (channels.stable.version === version) throw new ReleaseError(`${version} is already the stable version of ${remote}`);
    const previous = channels.canary ? { version: channels.canary.version, percent: channels.canary.percent } : null;
    channels.canary = { version, entry: entryUrl(remote, version), percent: share };
    return {
      history: [{ action: 'canary', app: remote, version, percent: share, stable: channels.stable.version, previous }],
      result: { remote, stable: channels.stable.version, canary: { version, percent: share }, previous },
    };
  });
}

/**
 * Makes the canary the stable version for everyone.
 * @param {{ root: string, remote: string }} options
 */
export async function promote({ root, remote }) {
  root = resolve(root);
  checkRemote(remote);
  return changeManifest(root, async (manifest) => {
    const channels = manifest.remotes[remote];
    if (!channels.canary) throw new ReleaseError(`${remote} has no canary to promote (stable is ${channels.stable.version})`);
    // Whatever else the canary's release carries (fields this tool does not know) goes along.
    const { percent, ...release } = channels.canary;
    if (!(await isDeployed(root, remote, release.version))) {
      throw new ReleaseError(`${remote} ${release.version} is no longer deployed; roll the canary back instead`);
    }
    const previous = channels.stable.version;
    channels.stable = release;
    delete channels.canary;
    return {
      history: [{ action: 'promote', app: remote, version: release.version, previous, percent }],
      result: { remote, stable: release.version, previous, percent },
    };
  });
}

/**
 * Removes the canary, or without one returns to the previous stable version.
 * `expectCanary` makes the call a no-op (`skipped`) when the canary is no longer that
 * version, so the guard never removes a canary someone started after it judged.
 * @param {{ root: string, remote: string, by?: string, reason?: string, expectCanary?: string }} options
 */
export async function rollback({ root, remote, by = 'cli', reason, expectCanary }) {
  root = resolve(root);
  checkRemote(remote);
  return changeManifest(root, async (manifest) => {
    const channels = manifest.remotes[remote];
    const stable = channels.stable.version;
    if (expectCanary !== undefined && channels.canary?.version !== expectCanary) {
      return { history: [], result: { remote, channel: 'canary', skipped: true, from: expectCanary, to: stable } };
    }
    if (channels.canary) {
      const from = channels.canary.version;
      delete channels.canary;
      return {
        history: [{ action: 'rollback', app: remote, channel: 'canary', version: from, from, to: stable, by, ...(reason ? { reason } : {}) }],
        result: { remote, channel: 'canary', from, to: stable, skipped: false },
      };
    }
    const target = previousStable(await readHistory(root), remote, stable);
    if (!target) throw new ReleaseError(`nothing to roll back for ${remote}: no canary, and the history knows no stable version before ${stable}`);
    if (!(await isDeployed(root, remote, target))) throw new ReleaseError(`cannot roll ${remote} back to ${target}: it is no longer deployed`);
    channels.stable = { version: target, entry: entryUrl(remote, target) };
    return {
      history: [{ action: 'rollback', app: remote, channel: 'stable', version: target, from: stable, to: target, by, ...(reason ? { reason } : {}) }],
      result: { remote, channel: 'stable', from: stable, to: target, skipped: false },
    };
  });
}
