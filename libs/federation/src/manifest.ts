import { REMOTE_IDS, isRemoteId, type RemoteId } from './remotes';

/** One deployed build of a remote: its version and the URL of its mf-manifest.json. */
export interface RemoteRelease {
  version: string;
  entry: string;
}

export interface CanaryRelease extends RemoteRelease {
  /** Share of shoppers (0-100) whose cohort is below this number. */
  percent: number;
}

export interface RemoteChannels {
  stable: RemoteRelease;
  canary?: CanaryRelease;
}

/** `remotes.json`: where each remote's builds live. Read by the shell at start, never compiled in. */
export interface RemotesManifest {
  schemaVersion: 1;
  remotes: Record<RemoteId, RemoteChannels>;
}

export class ManifestError extends Error {
  override name = 'ManifestError';
}

const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function release(value: unknown, where: string): RemoteRelease {
  if (!isObject(value)) throw new ManifestError(`${where} must be an object`);
  const { version, entry } = value;
  if (typeof version !== 'string' || !VERSION.test(version)) {
    throw new ManifestError(`${where}.version must be a version string (letters, digits, . + _ -)`);
  }
  if (typeof entry !== 'string' || !/^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(entry) || !entry.endsWith('.json')) {
    throw new ManifestError(`${where}.entry must be an absolute path or http(s) URL of a .json manifest`);
  }
  return { version, entry };
}

/**
 * Validates a parsed remotes.json. Throws a ManifestError naming the first bad field, so a
 * broken manifest is caught by the release CLI before it is written, and loudly in the
 * browser if one slips through.
 */
export function parseRemotesManifest(value: unknown): RemotesManifest {
  if (!isObject(value)) throw new ManifestError('remotes.json must be an object');
  if (value.schemaVersion !== 1) throw new ManifestError('remotes.json schemaVersion must be 1');
  if (!isObject(value.remotes)) throw new ManifestError('remotes.json must have a "remotes" object');
  const remotes = {} as Record<RemoteId, RemoteChannels>;
  for (const key of Object.keys(value.remotes)) {
    if (!isRemoteId(key)) throw new ManifestError(`unknown remote "${key}"`);
  }
  for (const id of REMOTE_IDS) {
    const channels = value.remotes[id];
    if (!isObject(channels)) throw new ManifestError(`remotes.${id} is missing`);
    const entry: RemoteChannels = { stable: release(channels.stable, `remotes.${id}.stable`) };
    if (channels.canary !== undefined) {
      const canary = release(channels.canary, `remotes.${id}.canary`);
      const percent = isObject(channels.canary) ? channels.canary.percent : undefined;
      if (typeof percent !== 'number' || !Number.isInteger(percent) || percent < 0 || percent > 100) {
        throw new ManifestError(`remotes.${id}.canary.percent must be an integer from 0 to 100`);
      }
      if (canary.version === entry.stable.version) {
        throw new ManifestError(`remotes.${id}.canary.version must differ from the stable version`);
      }
      entry.canary = { ...canary, percent };
    }
    remotes[id] = entry;
  }
  return { schemaVersion: 1, remotes };
}

export type Channel = 'stable' | 'canary';

export interface ChosenRemote extends RemoteRelease {
  remote: RemoteId;
  channel: Channel;
  /** Chosen by QA's override rather than the cohort. */
  overridden?: boolean;
  /** The canary failed in this page view and stable was loaded instead. */
  fellBack?: boolean;
}

/**
 * The build each remote should load for a shopper in `cohort` (0-99): the canary when the
 * cohort is below its percentage, stable otherwise.
 */
export function chooseReleases(manifest: RemotesManifest, cohort: number): Record<RemoteId, ChosenRemote> {
  const chosen = {} as Record<RemoteId, ChosenRemote>;
  for (const remote of REMOTE_IDS) {
    const { stable, canary } = manifest.remotes[remote];
    chosen[remote] =
      canary && cohort < canary.percent
        ? { remote, channel: 'canary', version: canary.version, entry: canary.entry }
        : { remote, channel: 'stable', version: stable.version, entry: stable.entry };
  }
  return chosen;
}
