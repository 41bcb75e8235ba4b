// What the release CLI treats as a user error (one line on stderr, exit 2, nothing changed),
// and the option checks every command shares. Commands take options as the CLI hands them
// (strings) or as tests pass them (numbers), so the checks accept both.
import { APPS, REMOTE_APPS } from './deploy.mjs';

export class ReleaseError extends Error {
  /** @override */
  name = 'ReleaseError';
}

/** The same rule as libs/federation's manifest check, so a version is always safe in a path. */
export const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;

/** @param {unknown} version */
export function checkVersion(version) {
  if (typeof version !== 'string' || !VERSION.test(version)) {
    throw new ReleaseError(`"${String(version)}" is not a valid version (letters, digits, . + _ -, at most 64)`);
  }
  // deployBuild's temporary folders are `<version>.partial-<pid>`; a version named like one
  // would be mistaken for a half-finished deploy.
  if (/\.partial-\d+$/.test(version)) throw new ReleaseError(`"${version}" is reserved for unfinished deploys`);
  return version;
}

/** @param {unknown} app */
export function checkApp(app) {
  if (typeof app !== 'string' || !APPS.includes(app)) {
    throw new ReleaseError(`unknown app "${String(app ?? '')}" (apps: ${APPS.join(', ')})`);
  }
  return app;
}

/**
 * An app that has release channels (a stable version and maybe a canary): a remote, whose
 * channels are in remotes.json, or the shell, whose channels are in shell.json.
 * @param {unknown} app
 */
export function checkChannelApp(app) {
  if (typeof app !== 'string' || !APPS.includes(app)) {
    throw new ReleaseError(`unknown app "${String(app ?? '')}" (the shell or a remote: ${REMOTE_APPS.join(', ')})`);
  }
  return app;
}

/**
 * An integer option within bounds. Strings must be plain digits, so "1.5", "1e2" or "5%"
 * are refused rather than silently read as something else.
 * @param {string} name
 * @param {unknown} value
 * @param {{ min: number, max?: number, fallback?: number }} bounds
 */
export function integerOption(name, value, { min, max = Number.MAX_SAFE_INTEGER, fallback }) {
  if (value === undefined || value === null) {
    if (fallback === undefined) throw new ReleaseError(`--${name} is required`);
    return fallback;
  }
  const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : typeof value === 'number' ? value : NaN;
  const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new ReleaseError(`--${name} must be an integer ${range} (got "${String(value)}")`);
  }
  return number;
}

/**
 * A non-negative number option (percentage points may be fractional).
 * @param {string} name
 * @param {unknown} value
 * @param {number} fallback
 */
export function numberOption(name, value, fallback) {
  if (value === undefined || value === null) return fallback;
  const number = typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(number) || number < 0) throw new ReleaseError(`--${name} must be a number of at least 0 (got "${String(value)}")`);
  return number;
}

/**
 * A duration option: a whole number with a unit, `30s`, `10m` or `2h`; returns milliseconds.
 * @param {string} name
 * @param {unknown} value
 */
export function durationOption(name, value) {
  const match = /^(\d+)(s|m|h)$/.exec(String(value ?? '').trim());
  const ms = match ? Number(match[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[match[2]] : NaN;
  if (!Number.isSafeInteger(ms) || ms < 1000 || ms > 7 * 24 * 3_600_000) {
    throw new ReleaseError(`--${name} must be a duration from 1s to 168h, such as 30s, 10m or 2h (got "${String(value ?? '')}")`);
  }
  return ms;
}
