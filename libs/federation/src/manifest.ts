import { REMOTE_IDS, isRemoteId, type RemoteId } from './remotes';

/** One deployed build of a remote: its version and the URL of its mf-manifest.json. */
export interface RemoteRelease {
  version: string;
  entry: string;
}

export interface CanaryRelease extends RemoteRelease {
  /** Share of shoppers (0-100) whose cohort is below this number. */
  percent: number;
  /**
   * The canary's own bucketing salt (set by the release CLI when the canary starts), so the
   * same shoppers do not get every canary of every remote. Absent in older files: the
   * remote's name is the salt.
   */
  salt?: string;
}

export interface RemoteChannels {
  stable: RemoteRelease;
  canary?: CanaryRelease;
}

/** `remotes.json`: where each remote's builds live. Read by the shell at start, never compiled in. */
export interface RemotesManifest {
  schemaVersion: 1;
  remotes: Record<RemoteId, RemoteChannels>;
  /**
   * The shopper's bucket (0-99) per remote, computed by the edge from its session and the
   * canary's salt (docs/adr/024). Only in what the edge serves, never in the file.
   */
  cohorts?: Partial<Record<RemoteId, number>>;
  /**
   * This page view's receipt, signed by the edge (docs/adr/057): the page's release beacons
   * carry it, and count only with it. Only in what the edge serves, never in the file.
   */
  view?: string;
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
      const salt = isObject(channels.canary) ? channels.canary.salt : undefined;
      if (salt !== undefined && (typeof salt !== 'string' || !SALT.test(salt))) {
        throw new ManifestError(`remotes.${id}.canary.salt must be 8 to 64 lowercase hex digits`);
      }
      const rollout = isObject(channels.canary) ? channels.canary.rollout : undefined;
      if (rollout !== undefined) checkRollout(rollout, `remotes.${id}.canary.rollout`);
      entry.canary = { ...canary, percent, ...(typeof salt === 'string' ? { salt } : {}) };
    }
    remotes[id] = entry;
  }
  const result: RemotesManifest = { schemaVersion: 1, remotes };
  if (value.cohorts !== undefined) {
    if (!isObject(value.cohorts)) throw new ManifestError('remotes.json "cohorts" must be an object');
    const cohorts: Partial<Record<RemoteId, number>> = {};
    for (const [key, bucket] of Object.entries(value.cohorts)) {
      if (!isRemoteId(key)) throw new ManifestError(`cohorts names an unknown remote "${key}"`);
      if (typeof bucket !== 'number' || !Number.isInteger(bucket) || bucket < 0 || bucket > 99) {
        throw new ManifestError(`cohorts.${key} must be an integer from 0 to 99`);
      }
      cohorts[key] = bucket;
    }
    result.cohorts = cohorts;
  }
  if (value.view !== undefined) {
    if (typeof value.view !== 'string' || !VIEW.test(value.view)) throw new ManifestError('remotes.json "view" must be a page-view receipt');
    result.view = value.view;
  }
  return result;
}

const SALT = /^[0-9a-f]{8,64}$/;
const VIEW = /^[A-Za-z0-9_-]{12}\.[0-9a-z]{1,11}[fn]\.[A-Za-z0-9_-]{22}$/;

/**
 * A staged rollout's state (written by the release CLI, advanced by its guard; the browser
 * ignores it). Checked here so that no tool can write a manifest the guard cannot read.
 */
function checkRollout(value: unknown, where: string) {
  if (!isObject(value)) throw new ManifestError(`${where} must be an object`);
  const { steps, intervalMs, step, stepSince, startedAt } = value;
  if (
    !Array.isArray(steps) ||
    steps.length === 0 ||
    !steps.every((s, i) => typeof s === 'number' && Number.isInteger(s) && s >= 1 && s <= 100 && (i === 0 || s > (steps[i - 1] as number)))
  ) {
    throw new ManifestError(`${where}.steps must be increasing integers from 1 to 100`);
  }
  if (typeof intervalMs !== 'number' || !Number.isInteger(intervalMs) || intervalMs < 0) {
    throw new ManifestError(`${where}.intervalMs must be a whole number of milliseconds`);
  }
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step >= steps.length) {
    throw new ManifestError(`${where}.step must index steps`);
  }
  for (const [name, at] of [
    ['stepSince', stepSince],
    ['startedAt', startedAt],
  ] as const) {
    if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) throw new ManifestError(`${where}.${name} must be an ISO date`);
  }
}

export type Channel = 'stable' | 'canary';

export interface ChosenRemote extends RemoteRelease {
  remote: RemoteId;
  channel: Channel;
  /** Chosen by QA's override rather than the cohort. */
  overridden?: boolean;
  /** The canary failed in this page view and stable was loaded instead. */
  fellBack?: boolean;
  /** The shopper's bucket (0-99) for this remote, and where it came from: the edge's signed
   * session with the canary's salt, or (with no edge in front) the browser's cohort cookie. */
  bucket?: number;
  bucketFrom?: 'edge' | 'cookie';
}

/**
 * The build each remote should load for a shopper in `cohort` (0-99): the canary when the
 * cohort is below its percentage, stable otherwise. When the edge served per-remote buckets
 * (`manifest.cohorts`), each remote uses its own, so the same shoppers do not get every canary.
 */
export function chooseReleases(manifest: RemotesManifest, cohort: number): Record<RemoteId, ChosenRemote> {
  const chosen = {} as Record<RemoteId, ChosenRemote>;
  for (const remote of REMOTE_IDS) {
    const { stable, canary } = manifest.remotes[remote];
    // The edge's bucket for this remote (its own salt) when it gave one; else the cookie's.
    const edgeBucket = manifest.cohorts?.[remote];
    const bucket = edgeBucket ?? cohort;
    const from = { bucket, bucketFrom: edgeBucket === undefined ? ('cookie' as const) : ('edge' as const) };
    chosen[remote] =
      canary && bucket < canary.percent
        ? { remote, channel: 'canary', version: canary.version, entry: canary.entry, ...from }
        : { remote, channel: 'stable', version: stable.version, entry: stable.entry, ...from };
  }
  return chosen;
}
