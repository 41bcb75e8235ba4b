// The deploy root's state as the release CLI sees it: remotes.json (validated by the same
// code the shell runs, on every read and before every write), shell.json, the release
// history, and a lock so a scheduled guard and a person at a terminal never interleave.
import { randomBytes } from 'node:crypto';
import { copyFile, open, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { hostname, userInfo } from 'node:os';
import { join } from 'node:path';
import { deployFolder, exists, readJson, writeJsonAtomic } from './deploy.mjs';
import { ReleaseError, VERSION } from './errors.mjs';
import { ManifestError, parseRemotesManifest } from './manifest-schema.mjs';

export const manifestPath = (root) => join(root, 'remotes.json');
export const shellPath = (root) => join(root, 'shell.json');
export const historyPath = (root) => join(root, 'history.json');
const lockPath = (root) => join(root, '.release.lock');

/**
 * A lock whose holder cannot be checked (another host, or a file that names no holder) is taken
 * over only when it has not been touched for this long. A holder touches its lock every
 * LOCK_HEARTBEAT_MS while it runs, so a live holder's lock never gets this old, however long
 * its command runs; a lock held by a live process on this host is never taken over.
 */
export const LOCK_EXPIRY_MS = 10 * 60_000;
const LOCK_HEARTBEAT_MS = 15_000;

/**
 * The manifest check is plain JavaScript (manifest-schema.mjs, the same rules as the shell's
 * libs/federation/src/manifest.ts, compared by its test): the CLI needs no build to run.
 */
/** Throws a ReleaseError naming the bad field, via the shell's own parseRemotesManifest. */
export async function validateManifest(manifest, what = 'remotes.json') {
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
    throw new ReleaseError(`no remotes.json in ${root}; deploy every remote first (release deploy <app>; npm start deploys into .deploy-local, not here)`);
  }
  await validateManifest(manifest, `remotes.json in ${root}`);
  return manifest;
}

export async function writeManifest(root, manifest) {
  // A bug here must never reach shoppers: an invalid manifest is refused, never written.
  await validateManifest(manifest, 'the new remotes.json (not written)');
  await writeJsonAtomic(manifestPath(root), manifest);
  await keepLastGood(manifestPath(root));
}

/** `<file>.last-good`: the copy of a file as this tool last wrote it (valid), which repair and rollback fall back on. */
export const lastGoodPath = (file) => `${file}.last-good`;

/** Copies a file just written (and so valid) to its last-good copy, atomically. */
export async function keepLastGood(file) {
  const temp = `${lastGoodPath(file)}.${process.pid}.tmp`;
  await copyFile(file, temp);
  await rename(temp, lastGoodPath(file));
}

/** Writes shell.json (validated) and its last-good copy. */
export async function writeShell(root, shell) {
  validateShell(shell, 'the new shell.json (not written)');
  await writeJsonAtomic(shellPath(root), shell);
  await keepLastGood(shellPath(root));
}

/**
 * The parts of shell.json the edge relies on (apps/edge/src/release/manifest.ts checkShellShape)
 * and the release CLI keeps: `{ version, canary?: { version, percent, salt, rollout? } }`.
 * Returns the problem, or null when the file is well formed.
 * @param {any} shell
 */
function shellProblem(shell) {
  const versionOk = (value) => typeof value === 'string' && VERSION.test(value);
  if (!shell || typeof shell !== 'object' || Array.isArray(shell)) return 'it must be { "version": "<version>" }';
  if (!versionOk(shell.version)) return 'version must be a version string';
  const { canary } = shell;
  if (canary === undefined) return null;
  if (!canary || typeof canary !== 'object') return 'canary must be an object';
  if (!versionOk(canary.version)) return 'canary.version must be a version string';
  if (canary.version === shell.version) return 'canary.version must differ from the stable version';
  if (!Number.isInteger(canary.percent) || canary.percent < 0 || canary.percent > 100) return 'canary.percent must be an integer from 0 to 100';
  if (canary.salt !== undefined && (typeof canary.salt !== 'string' || !canary.salt)) return 'canary.salt must be a non-empty string';
  return null;
}

/** Throws a ReleaseError naming what is wrong with a shell.json. */
export function validateShell(shell, what = 'shell.json') {
  const problem = shellProblem(shell);
  if (problem) throw new ReleaseError(`${what} is invalid: ${problem}`);
  return shell;
}

/** shell.json as stored, validated; null before the shell is deployed. */
export async function readShell(root) {
  const shell = await readJsonFile(shellPath(root), null, 'shell.json');
  if (shell === null) return null;
  return validateShell(shell, `shell.json in ${root}`);
}

/** The stable shell version shell.json points at, or null before the shell is deployed. */
export async function readShellVersion(root) {
  return (await readShell(root))?.version ?? null;
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

/**
 * Who is acting and with what command line, stamped on every history entry (the audit log).
 * Set once by the CLI: `--actor`, else RELEASE_ACTOR, else the OS user.
 */
const audit = { actor: null, command: null };
export function setAuditContext({ actor, command }) {
  audit.actor = actor ?? null;
  audit.command = command ?? null;
}
function actorOf() {
  if (audit.actor) return audit.actor;
  if (process.env.RELEASE_ACTOR) return process.env.RELEASE_ACTOR;
  try {
    return `${userInfo().username}@${hostname()}`;
  } catch {
    return `unknown@${hostname()}`;
  }
}

/** The build facts of a deployed version for the audit log: commit and build id from build.json. */
async function buildFacts(root, app, version) {
  if (!app || !version) return {};
  try {
    const info = JSON.parse(await readFile(join(deployFolder(root, app, version), 'build.json'), 'utf8'));
    return { commit: info.commit ?? null, buildId: info.buildId ?? null };
  } catch {
    return {};
  }
}

/**
 * Appends entries to the history, the release audit log: each with when, who, the command
 * line and the build's commit and build id. Called before the manifest is written, so a
 * change shoppers see is never missing from the log.
 * @param {Array<Omit<HistoryEntry, 'at'>>} entries
 */
export async function appendHistory(root, entries) {
  if (!entries.length) return;
  const at = new Date().toISOString();
  const stamped = [];
  for (const entry of entries) {
    stamped.push({
      at,
      actor: actorOf(),
      ...(audit.command ? { command: audit.command } : {}),
      ...(await buildFacts(root, entry.app, entry.version)),
      ...entry,
    });
  }
  const all = [...(await readHistory(root)), ...stamped];
  await writeJsonAtomic(historyPath(root), { schemaVersion: 1, entries: all });
  await keepLastGood(historyPath(root));
}

/**
 * Runs `fn` holding the deploy root's lock. Read-modify-write of remotes.json and
 * history.json is only safe if no other release command does the same at the same time.
 * The lock is taken over only when its holder is dead (lockIsStale); while `fn` runs, the
 * lock's time is touched every LOCK_HEARTBEAT_MS so that no other host thinks it abandoned.
 */
export async function withLock(root, fn) {
  const file = lockPath(root);
  const owner = { pid: process.pid, host: hostname(), token: randomBytes(8).toString('hex'), command: audit.command, at: new Date().toISOString() };
  let handle;
  try {
    handle = await open(file, 'wx');
  } catch (error) {
    if (error.code === 'ENOENT') throw new ReleaseError(`the deploy root ${root} does not exist`);
    if (error.code !== 'EEXIST') throw error;
    const holder = await lockHolder(file);
    if (!(await lockIsStale(file))) {
      throw new ReleaseError(`another release command is running on ${root} (lock ${file}${holder.text ? `: ${holder.text}` : ''}); try again shortly`);
    }
    handle = await takeOver(root, file, holder.raw);
  }
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(file, now, now).catch(() => {});
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    await handle.writeFile(`${JSON.stringify(owner)}\n`);
    await handle.close();
    return await fn();
  } finally {
    clearInterval(heartbeat);
    // Released by its owner only: a lock someone took over stays theirs.
    const held = await readFile(file, 'utf8').then(
      (text) => JSON.parse(text),
      () => null,
    );
    if (held?.token === owner.token) await rm(file, { force: true });
  }
}

/** The lock file's text and who it names, for messages. */
async function lockHolder(file) {
  const raw = await readFile(file, 'utf8').catch(() => null);
  let held = null;
  try {
    held = raw && JSON.parse(raw);
  } catch {
    held = null;
  }
  const text = held && typeof held === 'object' ? `held by pid ${held.pid} on ${held.host}${held.command ? ` (${held.command})` : ''} since ${held.at}` : '';
  return { raw, held, text };
}

/**
 * Takes a dead holder's lock: moves it aside under a name of our own (so two commands taking
 * over the same dead lock cannot both succeed), checks that what was moved is the lock judged
 * dead (not a live one taken meanwhile, which is put back), then creates ours.
 */
async function takeOver(root, file, judged) {
  const aside = `${file}.dead-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(file, aside);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  const moved = await readFile(aside, 'utf8').catch(() => null);
  if (moved !== null && moved !== judged) {
    await rename(aside, file).catch(() => {});
    throw new ReleaseError(`another release command is running on ${root} (lock ${file}); try again shortly`);
  }
  await rm(aside, { force: true });
  try {
    return await open(file, 'wx');
  } catch (error) {
    if (error.code === 'EEXIST') throw new ReleaseError(`another release command is running on ${root} (lock ${file}); try again shortly`);
    throw error;
  }
}

/**
 * Whether the lock's holder is dead. A holder on this host is dead when its pid is not alive
 * (its age does not matter: a live holder keeps its lock however long it runs). A holder that
 * cannot be checked (another host, or a lock file naming no holder) is taken for dead only
 * when the lock has not been touched for LOCK_EXPIRY_MS (its holder touches it while alive).
 * @param {string} file
 * @param {{ now?: number }} [options]
 */
export async function lockIsStale(file, { now = Date.now() } = {}) {
  const { held } = await lockHolder(file);
  if (held && typeof held === 'object' && held.host === hostname() && Number.isInteger(held.pid) && held.pid > 0) {
    try {
      process.kill(held.pid, 0);
      return false;
    } catch (error) {
      return error.code === 'ESRCH';
    }
  }
  const touched = await stat(file).then(
    (s) => s.mtimeMs,
    () => null,
  );
  if (touched === null) return true;
  return now - touched >= LOCK_EXPIRY_MS;
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
    const changed = JSON.stringify(manifest) !== JSON.stringify(before);
    // Checked before anything is written, recorded before shoppers can see it.
    if (changed) await validateManifest(manifest, 'the new remotes.json (not written)');
    await appendHistory(root, history);
    if (changed) {
      try {
        await writeManifest(root, manifest);
      } catch (error) {
        await appendHistory(root, [{ action: 'failed', app: history[0]?.app ?? null, of: history[0]?.action ?? null, error: String(error.message ?? error) }]);
        throw error;
      }
    }
    return result;
  });
}

/**
 * Under the lock: reads and validates shell.json, lets `change` edit a copy, validates the
 * result, records the history entries `change` returns, then writes the file: the same
 * history-first path as changeManifest.
 * @template T
 * @param {string} root
 * @param {(shell: any) => Promise<{ history: Array<Omit<HistoryEntry, 'at'>>, result: T }> | { history: Array<Omit<HistoryEntry, 'at'>>, result: T }} change
 * @returns {Promise<T>}
 */
export async function changeShell(root, change) {
  return withLock(root, async () => {
    const before = await readShell(root);
    if (before === null)
      throw new ReleaseError(`no shell.json in ${root}; deploy the shell first (release deploy shell; npm start deploys into .deploy-local, not here)`);
    const shell = structuredClone(before);
    const { history, result } = await change(shell);
    const changed = JSON.stringify(shell) !== JSON.stringify(before);
    if (changed) validateShell(shell, 'the new shell.json (not written)');
    await appendHistory(root, history);
    if (changed) {
      try {
        await writeShell(root, shell);
      } catch (error) {
        await appendHistory(root, [{ action: 'failed', app: 'shell', of: history[0]?.action ?? null, error: String(error.message ?? error) }]);
        throw error;
      }
    }
    return result;
  });
}

/**
 * The release channels of an app, `{ stable: { version, entry? }, canary?: {...} }`, edited
 * under the lock and written history first: a remote's in remotes.json, the shell's in
 * shell.json (its stable is `version`, its canary `canary`; it has no entry URLs).
 * @template T
 * @param {string} root
 * @param {string} app
 * @param {(channels: any) => Promise<{ history: Array<Omit<HistoryEntry, 'at'>>, result: T }> | { history: Array<Omit<HistoryEntry, 'at'>>, result: T }} change
 * @returns {Promise<T>}
 */
export async function changeChannels(root, app, change) {
  if (app !== 'shell') return changeManifest(root, (manifest) => change(manifest.remotes[app]));
  return changeShell(root, async (shell) => {
    const channels = shellChannels(shell);
    const outcome = await change(channels);
    shell.version = channels.stable.version;
    if (channels.canary) shell.canary = channels.canary;
    else delete shell.canary;
    return outcome;
  });
}

/** shell.json seen as release channels (the same shape as a remote's in remotes.json). */
export function shellChannels(shell) {
  return { stable: { version: shell.version }, ...(shell.canary ? { canary: shell.canary } : {}) };
}

/** The channels of an app as stored now (validated), or null for a shell not deployed yet. */
export async function readChannels(root, app) {
  if (app !== 'shell') return (await readManifest(root)).remotes[app];
  const shell = await readShell(root);
  return shell && shellChannels(shell);
}

/** Whether a version of an app is deployed and complete enough to be served. */
export async function isDeployed(root, app, version) {
  return exists(deployedMarker(root, app, version));
}

/** The file whose presence makes a version folder deployed: a remote's manifest, the shell's page. */
export function deployedMarker(root, app, version) {
  return join(deployFolder(root, app, version), app === 'shell' ? 'index.html' : 'mf-manifest.json');
}

/**
 * Whether a deploy entry made its version stable. Shell deploys recorded before the shell had
 * a canary carry no `madeStable`: each of them made the shell live at once.
 * @param {HistoryEntry} entry
 */
export function deployMadeStable(entry) {
  if (entry.action !== 'deploy') return false;
  if (entry.app === 'shell' && entry.madeStable === undefined) return true;
  return Boolean(entry.madeStable);
}

/**
 * The app's stable versions in the order they became stable, with rollbacks undone, so
 * the entry before the last is what a rollback returns to.
 * @param {HistoryEntry[]} entries
 * @param {string} app
 */
export function stableStack(entries, app) {
  const stack = [];
  for (const entry of entries) {
    if (entry.app !== app) continue;
    if (deployMadeStable(entry)) {
      // A legacy shell deploy names the shell it replaced, which may have been set outside the CLI.
      if (typeof entry.previous === 'string' && stack.at(-1) !== entry.previous && entry.previous !== entry.version) stack.push(entry.previous);
      if (stack.at(-1) !== entry.version) stack.push(entry.version);
    }
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
export function previousStable(entries, app, current) {
  const stack = stableStack(entries, app);
  while (stack.length && stack.at(-1) === current) stack.pop();
  return stack.at(-1) ?? null;
}

/** Remotes made stable by a deploy before remotes.json could be written (a fresh root). */
export function pendingStables(entries) {
  const pending = {};
  for (const entry of entries) if (entry.action === 'deploy' && entry.madeStable && entry.app !== 'shell') pending[entry.app] = entry.version;
  return pending;
}
