// The release commands that add or remove version folders: deploy a build, collect old
// ones. Each checks everything before it changes anything, so an error leaves the deploy
// root exactly as it was. The manifest-only commands (canary, promote, rollback) and the
// health ones (status, guard) are re-exported so callers need one import.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { APPS, REMOTE_APPS, deployBuild, deployFolder, digestOf, entryUrl, exists, readJson, versionOf } from './deploy.mjs';
import { ReleaseError, checkApp, checkVersion, durationOption, integerOption } from './errors.mjs';
import { compatGate } from './compat-gate.mjs';
import { checkSharedAgainstShells } from './shared.mjs';
import {
  appendHistory,
  deployMadeStable,
  pendingStables,
  previousStable,
  readHistory,
  readManifest,
  readShell,
  shellChannels,
  validateManifest,
  withLock,
  writeManifest,
  writeShell,
} from './manifest-store.mjs';

export { canary, promote, rollback } from './channels.mjs';
export { guard, status } from './health.mjs';

async function readBuild(app, distDir) {
  const info = await readJson(join(distDir, 'build.json'), null).catch(() => null);
  if (!info || typeof info !== 'object') {
    throw new ReleaseError(`no build of ${app} in ${distDir} (build.json missing or unreadable); build it first: npx nx run ${app}:build`);
  }
  if (info.name && info.name !== app) throw new ReleaseError(`${distDir}/build.json says it is a build of "${info.name}", not ${app}`);
  if (app !== 'shell' && !(await exists(join(distDir, 'mf-manifest.json')))) {
    throw new ReleaseError(`${distDir} has no mf-manifest.json, so it cannot be loaded as a remote`);
  }
  return info;
}

/** The live shells (stable, and canary if any) of a shell.json. */
const shellsOf = (shell) => [
  { version: shell.version, channel: /** @type {const} */ ('stable') },
  ...(shell.canary ? [{ version: shell.canary.version, channel: /** @type {const} */ ('canary') }] : []),
];

const sharedRefusal = (app, version, shared) =>
  new ReleaseError(
    `${app} ${version} does not fit the live shell, nothing deployed: ${shared.mismatches.map((m) => m.message).join('; ')}; deploy it anyway with --force --reason "<why>"`,
  );

/**
 * Copies dist/apps/<app> into its versioned folder. A deploy is not a release: the channels
 * change only for an app that has no stable version yet (a remote without one in remotes.json,
 * the shell without shell.json); any other build goes live by canary and promote.
 * A remote's build is refused when a singleton it shares requires a version the live shell
 * (stable or canary) does not provide (shared.mjs), unless `force` with a `reason`; so is one
 * that fails the compatibility check (`compat`, compat-gate.mjs: the CLI always runs it),
 * which runs before the lock is taken.
 * @param {{ root: string, workspace: string, app: string, version?: string, force?: boolean, reason?: string, compat?: import('./compat-gate.mjs').CompatCheck }} options
 */
export async function deploy({ root, workspace, app, version, force = false, reason, compat }) {
  root = resolve(root);
  checkApp(app);
  if (version !== undefined) checkVersion(version);
  if (force && !String(reason ?? '').trim())
    throw new ReleaseError('--force needs --reason "<why this build is deployed though it does not fit the live shell>"');
  const distDir = join(resolve(workspace), 'dist/apps', app);
  const build = await readBuild(app, distDir);
  const resolved = checkVersion(version ?? (await versionOf(distDir)));
  await mkdir(root, { recursive: true });
  if (compat && app !== 'shell') {
    // The cheap check first (again under the lock below): a build refused for its shared
    // modules is refused before minutes of journeys.
    const live = await readShell(root).catch(() => null);
    const shared = live ? await checkSharedAgainstShells({ root, distDir, shells: shellsOf(live) }) : null;
    if (shared?.mismatches.length && !force) throw sharedRefusal(app, resolved, shared);
  }
  const compatible = await compatGate({ compat, root, app, build: distDir, version: resolved, force, what: 'deployed' });

  return withLock(root, async () => {
    // Read (and so validate) everything before the copy: a refused deploy copies nothing.
    const manifest = app === 'shell' ? null : await readManifest(root, { required: false });
    const shell = await readShell(root);
    const history = await readHistory(root);
    const folder = deployFolder(root, app, resolved);
    const fresh = !(await exists(folder));
    if (!fresh && (await digestOf(folder)) !== (await digestOf(distDir))) {
      throw new ReleaseError(`${folder} already holds a different build of ${app} ${resolved}; deploy this build with another --version`);
    }
    const shells = shell ? shellsOf(shell) : [];
    const shared = app === 'shell' ? null : await checkSharedAgainstShells({ root, distDir, shells });
    if (shared?.mismatches.length && !force) throw sharedRefusal(app, resolved, shared);
    if (fresh) await deployBuild({ root, app, distDir, version: resolved });

    const result = {
      app,
      version: resolved,
      folder,
      copied: fresh,
      mode: build.mode ?? null,
      manifest: 'unchanged',
      stable: null,
      canary: null,
      pending: [],
      previousShell: null,
      shared: shared && { ...shared, forced: Boolean(shared.mismatches.length) },
      ...(compatible ? { compat: compatible } : {}),
    };
    /** @type {Record<string, unknown>} */
    const entry = { action: 'deploy', app, version: resolved, copied: fresh };
    if (shared?.mismatches.length) Object.assign(entry, { forced: true, reason, mismatches: shared.mismatches.map((m) => m.message) });
    if (compatible) entry.compat = compatible;
    if (compatible?.forced) Object.assign(entry, { forced: true, reason });
    /** The file the deploy changes, written after its history entry (history first). */
    let write = null;
    if (app === 'shell') {
      result.previousShell = shell?.version ?? null;
      if (shell) {
        // A live shell changes by canary and promote, like a remote.
        result.stable = shell.version;
        result.canary = shell.canary ? { version: shell.canary.version, percent: shell.canary.percent } : null;
        entry.madeStable = false;
      } else {
        result.stable = resolved;
        result.manifest = 'shell';
        entry.madeStable = true;
        write = () => writeShell(root, { version: resolved });
      }
    } else if (manifest) {
      result.stable = manifest.remotes[app].stable.version;
    } else {
      // A fresh root: remotes.json needs every remote, so the stable versions chosen by
      // first deploys wait in the history until the last remote arrives.
      const pending = pendingStables(history);
      if (pending[app]) {
        result.stable = pending[app];
      } else {
        pending[app] = resolved;
        result.stable = resolved;
        entry.madeStable = true;
      }
      result.pending = REMOTE_APPS.filter((remote) => !pending[remote]);
      if (!result.pending.length) {
        const remotes = Object.fromEntries(
          REMOTE_APPS.map((remote) => [remote, { stable: { version: pending[remote], entry: entryUrl(remote, pending[remote]) } }]),
        );
        const next = { schemaVersion: 1, remotes };
        await validateManifest(next, 'the new remotes.json (not written)');
        write = () => writeManifest(root, next);
        result.manifest = 'written';
      } else if (entry.madeStable) {
        result.manifest = 'pending';
      }
    }
    await appendHistory(root, [entry]);
    if (write) {
      try {
        await write();
      } catch (error) {
        await appendHistory(root, [{ action: 'failed', app, of: 'deploy', error: String(error.message ?? error) }]);
        throw error;
      }
    }
    return result;
  });
}

/** Version folders of an app, newest deploy first: by the history, else by folder mtime. */
async function rankByDeployTime(dir, app, names, history) {
  const deployed = new Map();
  history.forEach((entry, index) => {
    if (entry.action === 'deploy' && entry.app === app) deployed.set(entry.version, [Date.parse(entry.at) || 0, index]);
  });
  const keyed = await Promise.all(names.map(async (name) => [name, deployed.get(name) ?? [(await stat(join(dir, name))).mtimeMs, -1]]));
  return keyed.sort(([, a], [, b]) => b[0] - a[0] || b[1] - a[1]).map(([name]) => name);
}

/** How long a version that was live stays on disk by default: open tabs may still load its files. */
export const DEFAULT_GRACE_MS = 24 * 3_600_000;

/**
 * The versions of each app that were live (stable or canary, for any share) at some time since
 * `since`: those named by a release entry of that time (what it made live, and what it took
 * off), besides those live now. A version live at `since` and later replaced is named by the
 * entry that replaced it.
 * @param {import('./manifest-store.mjs').HistoryEntry[]} entries
 * @param {number} since epoch ms
 * @returns {Map<string, Set<string>>} app -> versions
 */
export function liveSince(entries, since) {
  const live = new Map();
  const add = (app, version) => {
    if (typeof app !== 'string' || typeof version !== 'string' || !version) return;
    if (!live.has(app)) live.set(app, new Set());
    live.get(app).add(version);
  };
  for (const entry of entries) {
    if (!(Date.parse(entry.at) >= since)) continue;
    const { app } = entry;
    const previous = /** @type {any} */ (entry.previous);
    switch (/** @type {string} */ (entry.action)) {
      case 'deploy':
        if (deployMadeStable(entry)) {
          add(app, entry.version);
          add(app, previous);
        }
        break;
      case 'canary':
        add(app, entry.version);
        add(app, /** @type {any} */ (entry.stable));
        add(app, previous?.version);
        break;
      case 'advance':
        add(app, entry.version);
        break;
      case 'promote':
        add(app, entry.version);
        add(app, previous);
        break;
      case 'rollback':
        add(app, entry.version);
        add(app, /** @type {any} */ (entry.from));
        add(app, /** @type {any} */ (entry.to));
        break;
      default:
    }
  }
  return live;
}

const formatGrace = (ms) => (ms % 3_600_000 === 0 ? `${ms / 3_600_000}h` : ms % 60_000 === 0 ? `${ms / 60_000}m` : `${Math.round(ms / 1000)}s`);

/**
 * Deletes version folders nobody can need: not stable, canary, the stable a rollback would
 * return to (remote or shell), not live at any time within the grace period (24 h, `grace`
 * overrides it: tabs opened then may still load its files), nor among the `keep` most
 * recently deployed per app.
 * @param {{ root: string, keep?: number | string, grace?: string, dryRun?: boolean, now?: () => number }} options
 */
export async function gc({ root, keep, grace, dryRun = false, now = Date.now }) {
  root = resolve(root);
  const newest = integerOption('keep', keep, { min: 0, fallback: 3 });
  const graceMs = grace === undefined ? DEFAULT_GRACE_MS : durationOption('grace', grace);
  return withLock(root, async () => {
    const manifest = await readManifest(root);
    const shell = await readShell(root);
    const history = await readHistory(root);
    const recentlyLive = liveSince(history, now() - graceMs);
    const removed = [];
    const kept = [];
    for (const app of APPS) {
      const dir = app === 'shell' ? join(root, 'shell') : join(root, 'remotes', app);
      const entries = await readdir(dir, { withFileTypes: true }).catch((error) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      // Half-copied folders belong to a deploy that may still be running.
      const names = entries.filter((e) => e.isDirectory() && !/\.partial-\d+$/.test(e.name)).map((e) => e.name);
      const why = new Map();
      const channels = app === 'shell' ? shell && shellChannels(shell) : manifest.remotes[app];
      if (channels) {
        const { stable, canary: running } = channels;
        why.set(stable.version, 'stable');
        if (running) why.set(running.version, 'canary');
        const back = previousStable(history, app, stable.version);
        if (back && !why.has(back)) why.set(back, 'rollback target');
      }
      for (const name of recentlyLive.get(app) ?? []) if (!why.has(name)) why.set(name, 'live within grace');
      for (const name of (await rankByDeployTime(dir, app, names, history)).slice(0, newest)) if (!why.has(name)) why.set(name, 'recent');
      for (const name of names.sort()) {
        if (why.has(name)) {
          kept.push({ app, version: name, reason: why.get(name) });
        } else {
          removed.push({ app, version: name, folder: join(dir, name) });
        }
      }
    }
    if (!dryRun && removed.length) {
      // The audit log names every deleted build and why, before it goes (history first).
      const why = `not stable, canary or a rollback target, not live within the grace period (${formatGrace(graceMs)}), not among the ${newest} most recently deployed`;
      await appendHistory(
        root,
        removed.map(({ app, version }) => ({ action: 'gc', app, version, why, keep: newest, grace: formatGrace(graceMs) })),
      );
      for (const { folder } of removed) await rm(folder, { recursive: true, force: true });
    }
    return { removed, kept, keep: newest, grace: formatGrace(graceMs), graceMs, dryRun };
  });
}
