// The deploy root's state as the release CLI sees it: remotes.json (validated by the same
// code the shell runs, on every read and before every write), shell.json, the release
// history, and a lock so a scheduled guard and a person at a terminal never interleave.
import { open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { deployFolder, exists, readJson, writeJsonAtomic } from './deploy.mjs';
import { ReleaseError } from './errors.mjs';

export const manifestPath = (root) => join(root, 'remotes.json');
export const shellPath = (root) => join(root, 'shell.json');
export const historyPath = (root) => join(root, 'history.json');
const lockPath = (root) => join(root, '.release.lock');

/** A lock older than this was left by a command that died; no command runs this long. */
const STALE_LOCK_MS = 2 * 60_000;

// Node cannot run the lib's TypeScript source, so the validator comes from its build
// (`nx run federation:build`), loaded by path at run time. The path is a variable so that
// tsc types it from the source instead of type-checking built output.
const VALIDATOR_MODULE = '../../dist/libs/federation/manifest.js';
/** @type {Promise<typeof import('../../libs/federation/src/manifest')> | undefined} */
let validator;

/** The federation lib's manifest check, loaded on first use so a missing build is one clear line. */
async function loadValidator() {
  validator ??= import(VALIDATOR_MODULE).catch((error) => {
    validator = undefined;
    throw new ReleaseError(
      `cannot load the manifest validator (${error.message}); build it with: NX_DAEMON=false npx nx run federation:build`,
    );
  });
  return validator;
}

/** Throws a ReleaseError naming the bad field, via the shell's own parseRemotesManifest. */
export async function validateManifest(manifest, what = 'remotes.json') {
  const { parseRemotesManifest, ManifestError } = await loadValidator();
  try {
    return parseRemotesManifest(manifest);
  } catch (error) {
    if (error instanceof ManifestError) throw new ReleaseError(`${what} is invalid: ${error.message}`);
    throw error;
  }
}

async function readJsonFile(file, fallback, what) {
  try {
    return await readJson(file, fallback);
  } catch (error) {
    if (error instanceof SyntaxError) throw new ReleaseError(`${what} is not valid JSON (${file}): ${error.message}`);
    throw error;
  }
}

/**
 * The manifest as stored (not the parsed copy), so fields this tool does not know about
 * survive a rewrite; null when the root has none yet and `required` is false.
 */
export async function readManifest(root, { required = true } = {}) {
  const manifest = await readJsonFile(manifestPath(root), null, 'remotes.json');
  if (manifest === null) {
    if (!required) return null;
    throw new ReleaseError(`no remotes.json in ${root}; deploy every remote first (release deploy <app>, or npm start)`);
  }
  await validateManifest(manifest, `remotes.json in ${root}`);
  return manifest;
}

export async function writeManifest(root, manifest) {
  // A bug here must never reach shoppers: an invalid manifest is refused, never written.
  await validateManifest(manifest, 'the new remotes.json (not written)');
  await writeJsonAtomic(manifestPath(root), manifest);
}

/** The shell version shell.json points at, or null before the shell is deployed. */
export async function readShellVersion(root) {
  const shell = await readJsonFile(shellPath(root), null, 'shell.json');
  if (shell === null) return null;
  if (typeof shell !== 'object' || typeof shell.version !== 'string' || !shell.version) {
    throw new ReleaseError(`shell.json in ${root} is invalid: it must be { "version": "<version>" }`);
  }
  return shell.version;
}

/**
 * @typedef {{ at: string, action: 'deploy' | 'canary' | 'promote' | 'rollback', app: string,
 *   version: string, [field: string]: unknown }} HistoryEntry
 */

/** @returns {Promise<HistoryEntry[]>} oldest first */
export async function readHistory(root) {
  const history = await readJsonFile(historyPath(root), { schemaVersion: 1, entries: [] }, 'history.json');
  if (!history || !Array.isArray(history.entries)) {
    throw new ReleaseError(`history.json in ${root} is invalid: it must be { "schemaVersion": 1, "entries": [...] }`);
  }
  return history.entries;
}

/** @param {Array<Omit<HistoryEntry, 'at'>>} entries */
export async function appendHistory(root, entries) {
  if (!entries.length) return;
  const at = new Date().toISOString();
  const all = [...(await readHistory(root)), ...entries.map((entry) => ({ at, ...entry }))];
  await writeJsonAtomic(historyPath(root), { schemaVersion: 1, entries: all });
}

/**
 * Runs `fn` holding the deploy root's lock. Read-modify-write of remotes.json and
 * history.json is only safe if no other release command does the same at the same time.
 */
export async function withLock(root, fn) {
  const file = lockPath(root);
  let handle;
  try {
    handle = await open(file, 'wx');
  } catch (error) {
    if (error.code === 'ENOENT') throw new ReleaseError(`the deploy root ${root} does not exist`);
    if (error.code !== 'EEXIST') throw error;
    const age = Date.now() - (await stat(file).then((s) => s.mtimeMs, () => Date.now()));
    if (age < STALE_LOCK_MS) {
      throw new ReleaseError(`another release command is running on ${root} (lock ${file}); try again shortly`);
    }
    await rm(file, { force: true });
    handle = await open(file, 'wx');
  }
  try {
    await handle.writeFile(`${process.pid}\n`);
    await handle.close();
    return await fn();
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * Under the lock: reads and validates remotes.json, lets `change` edit a copy, validates and
 * writes the result, then records the history entries `change` returns.
 * @template T
 * @param {string} root
 * @param {(manifest: any) => Promise<{ history: Array<Omit<HistoryEntry, 'at'>>, result: T }> | { history: Array<Omit<HistoryEntry, 'at'>>, result: T }} change
 * @returns {Promise<T>}
 */
export async function changeManifest(root, change) {
  return withLock(root, async () => {
    const before = await readManifest(root);
    const manifest = structuredClone(before);
    const { history, result } = await change(manifest);
    if (JSON.stringify(manifest) !== JSON.stringify(before)) await writeManifest(root, manifest);
    await appendHistory(root, history);
    return result;
  });
}

/** Whether a version of an app is deployed and complete enough to be served. */
export async function isDeployed(root, app, version) {
  const folder = deployFolder(root, app, version);
  return exists(join(folder, app === 'shell' ? 'index.html' : 'mf-manifest.json'));
}

/**
 * The remote's stable versions in the order they became stable, with rollbacks undone, so
 * the entry before the last is what a rollback returns to.
 * @param {HistoryEntry[]} entries
 * @param {string} remote
 */
export function stableStack(entries, remote) {
  const stack = [];
  for (const entry of entries) {
    if (entry.app !== remote) continue;
    if (entry.action === 'deploy' && entry.madeStable) stack.push(entry.version);
    if (entry.action === 'promote') {
      // The stable it replaced may have been set outside the CLI (npm start), unrecorded.
      if (typeof entry.previous === 'string' && stack.at(-1) !== entry.previous) stack.push(entry.previous);
      stack.push(entry.version);
    }
    if (entry.action === 'rollback' && entry.channel === 'stable') {
      while (stack.length && stack.at(-1) !== entry.to) stack.pop();
      if (!stack.length) stack.push(entry.to);
    }
  }
  return stack;
}

/**
 * The version a stable rollback returns to. A stable set outside the CLI (npm start) is not
 * in the history; then the last stable the history knows is the one to go back to.
 * @param {HistoryEntry[]} entries
 */
export function previousStable(entries, remote, current) {
  const stack = stableStack(entries, remote);
  while (stack.length && stack.at(-1) === current) stack.pop();
  return stack.at(-1) ?? null;
}

/** Remotes made stable by a deploy before remotes.json could be written (a fresh root). */
export function pendingStables(entries) {
  const pending = {};
  for (const entry of entries) if (entry.action === 'deploy' && entry.madeStable && entry.app !== 'shell') pending[entry.app] = entry.version;
  return pending;
}
