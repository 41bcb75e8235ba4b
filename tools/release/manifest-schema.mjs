// The remotes.json check the release CLI runs on every read and before every write: the same
// rules as the shell's own parseRemotesManifest (libs/federation/src/manifest.ts), as plain
// JavaScript so the CLI runs with node alone, without building the lib first (an incident's
// rollback must not wait for Nx). manifest-schema.test.ts runs both on the same inputs and
// expects the same answers, so the two cannot drift apart.

/** The remotes, as libs/federation/src/remotes.ts names them (the test compares the lists). */
export const REMOTE_IDS = ['catalog', 'product', 'cart-checkout', 'account', 'appointments'];

export class ManifestError extends Error {
  /** @override */
  name = 'ManifestError';
}

const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;
const SALT = /^[0-9a-f]{8,64}$/;
/** A page view's receipt, signed by the edge (docs/adr/057): only in what the edge serves. */
const VIEW = /^[A-Za-z0-9_-]{12}\.[0-9a-z]{1,11}[fn]\.[A-Za-z0-9_-]{22}$/;

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isRemoteId = (value) => typeof value === 'string' && REMOTE_IDS.includes(value);

function release(value, where) {
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

function checkRollout(value, where) {
  if (!isObject(value)) throw new ManifestError(`${where} must be an object`);
  const { steps, intervalMs, step, stepSince, startedAt } = value;
  if (
    !Array.isArray(steps) ||
    steps.length === 0 ||
    !steps.every((s, i) => typeof s === 'number' && Number.isInteger(s) && s >= 1 && s <= 100 && (i === 0 || s > steps[i - 1]))
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
  ]) {
    if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) throw new ManifestError(`${where}.${name} must be an ISO date`);
  }
}

/**
 * Validates a parsed remotes.json; throws a ManifestError naming the first bad field.
 * @param {any} value
 */
export function parseRemotesManifest(value) {
  if (!isObject(value)) throw new ManifestError('remotes.json must be an object');
  if (value.schemaVersion !== 1) throw new ManifestError('remotes.json schemaVersion must be 1');
  if (!isObject(value.remotes)) throw new ManifestError('remotes.json must have a "remotes" object');
  const remotes = {};
  for (const key of Object.keys(value.remotes)) {
    if (!isRemoteId(key)) throw new ManifestError(`unknown remote "${key}"`);
  }
  for (const id of REMOTE_IDS) {
    const channels = value.remotes[id];
    if (!isObject(channels)) throw new ManifestError(`remotes.${id} is missing`);
    const entry = { stable: release(channels.stable, `remotes.${id}.stable`) };
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
  const result = { schemaVersion: 1, remotes };
  if (value.cohorts !== undefined) {
    if (!isObject(value.cohorts)) throw new ManifestError('remotes.json "cohorts" must be an object');
    const cohorts = {};
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
