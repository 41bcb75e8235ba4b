// `repair`: makes a deploy root whose remotes.json, shell.json or history.json is broken
// (not JSON, or invalid) usable again, and says what it changed. Each broken file is moved
// aside (`<file>.broken-<time>`, kept for whoever investigates) and rebuilt from, in order:
//   1. its last-good copy (`<file>.last-good`, written by this tool on every successful write),
//      when that copy is valid and names only deployed builds;
//   2. the history (each app's stable version as the history knows it, if still deployed);
//   3. the deployed folders (the most recently deployed build of an app the history cannot name).
// A rebuilt manifest never starts a canary: a canary the history says was running is dropped
// (and named), so every shopper gets stable. An audit entry (`repair`) lists the changes.
// `rollback` runs the same repair first when a file is broken, so it works in an incident.
import { readdir, readFile, rename, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { REMOTE_APPS, entryUrl, exists, writeJsonAtomic } from './deploy.mjs';
import { ReleaseError } from './errors.mjs';
import {
  appendHistory,
  historyPath,
  isDeployed,
  keepLastGood,
  lastGoodPath,
  manifestPath,
  pendingStables,
  readHistory,
  readManifest,
  readShell,
  shellPath,
  stableStack,
  validateManifest,
  validateShell,
  withLock,
  writeManifest,
  writeShell,
} from './manifest-store.mjs';

/** What is wrong with a file: null when it reads and validates (or is absent), else the problem. */
async function problemOf(read) {
  try {
    await read();
    return null;
  } catch (error) {
    if (error instanceof ReleaseError) return error.message;
    throw error;
  }
}

async function readJsonOrNull(file) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The canary each app had running by the history (started, not promoted or rolled back since). */
export function runningCanaries(entries) {
  const running = {};
  for (const entry of entries) {
    if (entry.action === 'canary') running[entry.app] = entry.version;
    if (entry.action === 'promote' || (entry.action === 'rollback' && entry.channel === 'canary')) delete running[entry.app];
  }
  return running;
}

/** An app's deployed version folders, most recently changed first. */
async function deployedNewestFirst(root, app) {
  const dir = app === 'shell' ? join(root, 'shell') : join(root, 'remotes', app);
  const names = await readdir(dir).catch(() => []);
  const dated = [];
  for (const name of names) {
    if (/\.partial-\d+$/.test(name) || !(await isDeployed(root, app, name))) continue;
    dated.push([name, (await stat(join(dir, name))).mtimeMs]);
  }
  return dated.sort((a, b) => b[1] - a[1]).map(([name]) => name);
}

/** The stable version of an app rebuilt from the history, else from the deployed folders. */
async function stableFor(root, app, entries) {
  const known = [...stableStack(entries, app)].reverse();
  if (app !== 'shell' && pendingStables(entries)[app]) known.push(pendingStables(entries)[app]);
  for (const version of known) if (await isDeployed(root, app, version)) return { version, from: 'history' };
  const [newest] = await deployedNewestFirst(root, app);
  if (newest) return { version: newest, from: 'the most recently deployed folder' };
  return null;
}

/** Whether every build a manifest or shell.json names is deployed. */
async function allDeployed(root, app, channels) {
  for (const release of [channels.stable, channels.canary].filter(Boolean)) if (!(await isDeployed(root, app, release.version))) return false;
  return true;
}

const aside = (file, at) => `${file}.broken-${at.replace(/[:.]/g, '-')}`;

/**
 * Repairs what is broken in `root` (see above). Must run under the lock (`repairLocked`), or
 * through `repair`, which takes it.
 * @param {{ root: string, now?: () => number }} options
 */
export async function repairLocked({ root, now = Date.now }) {
  const at = new Date(now()).toISOString();
  const changes = [];
  const droppedCanaries = {};
  /** @type {null | (() => Promise<void>)} */
  let historyWrite = null;
  /** @type {Array<() => Promise<void>>} */
  const writes = [];

  // 1. The history first: the manifests are rebuilt from it.
  let entries;
  const historyProblem = await problemOf(() => readHistory(root));
  if (historyProblem) {
    const copy = await readJsonOrNull(lastGoodPath(historyPath(root)));
    const good = copy && Array.isArray(copy.entries) ? copy : null;
    entries = good ? good.entries : [];
    changes.push({
      file: 'history.json',
      problem: historyProblem,
      movedTo: aside(historyPath(root), at),
      action: good ? `restored from history.json.last-good (${entries.length} entries)` : 'started afresh (no valid last-good copy)',
    });
    historyWrite = async () => {
      await rename(historyPath(root), aside(historyPath(root), at));
      await writeJsonAtomic(historyPath(root), { schemaVersion: 1, entries });
      await keepLastGood(historyPath(root));
    };
  } else {
    entries = await readHistory(root);
  }
  const running = runningCanaries(entries);

  // 2. remotes.json.
  const manifestProblem = await problemOf(() => readManifest(root, { required: false }));
  if (manifestProblem) {
    const copy = await readJsonOrNull(lastGoodPath(manifestPath(root)));
    let next = null;
    let action = '';
    if (copy && (await problemOf(() => validateManifest(copy))) === null) {
      let deployed = true;
      for (const remote of REMOTE_APPS) deployed &&= await allDeployed(root, remote, copy.remotes[remote]);
      if (deployed) {
        next = copy;
        action = 'restored from remotes.json.last-good';
      }
    }
    if (!next) {
      const remotes = {};
      const from = [];
      for (const remote of REMOTE_APPS) {
        const stable = await stableFor(root, remote, entries);
        if (!stable)
          throw new ReleaseError(`cannot repair remotes.json: no deployed build of ${remote} (deploy one: release deploy ${remote}); nothing changed`);
        remotes[remote] = { stable: { version: stable.version, entry: entryUrl(remote, stable.version) } };
        from.push(`${remote} ${stable.version} (${stable.from})`);
        if (running[remote]) droppedCanaries[remote] = running[remote];
      }
      next = { schemaVersion: 1, remotes };
      action = `rebuilt: ${from.join(', ')}`;
    }
    await validateManifest(next, 'the repaired remotes.json (not written)');
    changes.push({ file: 'remotes.json', problem: manifestProblem, movedTo: aside(manifestPath(root), at), action });
    writes.push(async () => {
      if (await exists(manifestPath(root))) await rename(manifestPath(root), aside(manifestPath(root), at));
      await writeManifest(root, next);
    });
  }

  // 3. shell.json.
  const shellProblem = await problemOf(() => readShell(root));
  if (shellProblem) {
    const copy = await readJsonOrNull(lastGoodPath(shellPath(root)));
    let next = null;
    let action = '';
    if (copy && (await problemOf(async () => validateShell(copy))) === null) {
      const channels = { stable: { version: copy.version }, ...(copy.canary ? { canary: copy.canary } : {}) };
      if (await allDeployed(root, 'shell', channels)) {
        next = copy;
        action = 'restored from shell.json.last-good';
      }
    }
    if (!next) {
      const stable = await stableFor(root, 'shell', entries);
      if (!stable) throw new ReleaseError('cannot repair shell.json: no deployed build of the shell (release deploy shell); nothing changed');
      next = { version: stable.version };
      action = `rebuilt: shell ${stable.version} (${stable.from})`;
      if (running.shell) droppedCanaries.shell = running.shell;
    }
    changes.push({ file: 'shell.json', problem: shellProblem, movedTo: aside(shellPath(root), at), action });
    writes.push(async () => {
      await rename(shellPath(root), aside(shellPath(root), at));
      await writeShell(root, next);
    });
  }

  if (!changes.length) return { root, changes, droppedCanaries, repaired: false };
  // The broken history is replaced first, so the repair's own entry can be recorded; then the
  // audit entry; then the files shoppers see (history first, as every release command).
  if (historyWrite) await historyWrite();
  await appendHistory(root, [
    {
      action: 'repair',
      app: null,
      files: changes.map((change) => change.file),
      changes: changes.map(({ file, problem, action, movedTo }) => ({ file, problem, action, movedTo })),
      ...(Object.keys(droppedCanaries).length ? { droppedCanaries } : {}),
    },
  ]);
  for (const write of writes) await write();
  return { root, changes, droppedCanaries, repaired: true };
}

/** @param {{ root: string, now?: () => number }} options */
export async function repair({ root, now }) {
  root = resolve(root);
  if (!(await exists(root))) throw new ReleaseError(`the deploy root ${root} does not exist`);
  return withLock(root, () => repairLocked({ root, now }));
}

/** Whether any of the root's three files is broken (rollback repairs first then). */
export async function isBroken(root) {
  for (const read of [() => readHistory(root), () => readManifest(root, { required: false }), () => readShell(root)]) {
    if (await problemOf(read)) return true;
  }
  return false;
}

export function formatRepair({ root, changes, droppedCanaries }) {
  if (!changes.length) return [`Nothing to repair in ${root}: remotes.json, shell.json and history.json are valid.`];
  const lines = [`Repaired ${root}:`];
  for (const change of changes) {
    lines.push(`  ${change.file}: ${change.problem}`);
    lines.push(`    ${change.action}; the broken file is kept as ${change.movedTo}`);
  }
  for (const [app, version] of Object.entries(droppedCanaries ?? {})) lines.push(`  ${app}: the canary ${version} was dropped; every shopper gets stable`);
  lines.push('  recorded in the history (release log)');
  return lines;
}
