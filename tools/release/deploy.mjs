// Deploying a build: copy an app's production build into a versioned folder of a deploy
// root, never touching another app's files, and point the manifest at it. The release CLI
// (canary, promote, rollback) builds on these steps.
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

export const APPS = ['shell', 'catalog', 'product', 'cart-checkout', 'account', 'appointments'];
export const REMOTE_APPS = APPS.filter((app) => app !== 'shell');

async function* files(dir) {
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * A digest of a build folder's files and their names. build.json's `commit` is left out: it
 * says where a build came from, not what it is, so one build made at two commits deploys once.
 */
export async function digestOf(dir) {
  const hash = createHash('sha256');
  for await (const file of files(dir)) {
    const name = relative(dir, file);
    hash.update(name);
    hash.update('\0');
    const body = await readFile(file);
    if (name !== 'build.json') hash.update(body);
    else hash.update(JSON.stringify({ ...JSON.parse(body.toString('utf8')), commit: undefined }));
  }
  return hash.digest('hex');
}

/**
 * The version a build deploys as: its app version (package.json or RELEASE_VERSION at build
 * time, recorded in build.json) plus the build's digest, so two different builds never share
 * a folder and the same build always lands in the same one.
 */
export async function versionOf(distDir) {
  const info = JSON.parse(await readFile(join(distDir, 'build.json'), 'utf8'));
  if (process.env.RELEASE_VERSION && info.version === process.env.RELEASE_VERSION) return info.version;
  return `${info.version}-${(await digestOf(distDir)).slice(0, 10)}`;
}

export function deployFolder(root, app, version) {
  return app === 'shell' ? join(root, 'shell', version) : join(root, 'remotes', app, version);
}

export async function exists(path) {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Writes JSON so that a reader sees the old file or the new one, never half of one. */
export async function writeJsonAtomic(file, data) {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, `${JSON.stringify(data, null, 2)}\n`);
  await rename(temp, file);
}

export async function readJson(file, fallback) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT' && fallback !== undefined) return fallback;
    throw error;
  }
}

/** Copies one app's build into its versioned folder; an existing folder is left as it is. */
/** @param {{ root: string, app: string, distDir: string, version?: string }} options */
export async function deployBuild({ root, app, distDir, version }) {
  const resolvedVersion = version ?? (await versionOf(distDir));
  const target = deployFolder(root, app, resolvedVersion);
  if (!(await exists(target))) {
    const temp = `${target}.partial-${process.pid}`;
    await mkdir(dirname(target), { recursive: true });
    await cp(distDir, temp, { recursive: true });
    await rename(temp, target);
  }
  return { app, version: resolvedVersion, folder: target };
}

export function entryUrl(app, version) {
  return `/remotes/${app}/${version}/mf-manifest.json`;
}

/**
 * The deploy root of `npm start` and `npm run dev`: a folder of their own, so a local start
 * never rewrites the manifest of the release CLI's default root (`.deploy`, where a release
 * engineer's canaries and history live). Ignored by git (the .deploy-* pattern).
 * @param {string} workspace
 */
export function localDeployRoot(workspace) {
  return join(workspace, '.deploy-local');
}

/** Deploys every app's current build and makes it the stable version (npm start, e2e); canaries of other versions stay. */
export async function deployWorkspace({ root, workspace }) {
  const deployed = [];
  for (const app of APPS) {
    deployed.push(await deployBuild({ root, app, distDir: join(workspace, 'dist/apps', app) }));
  }
  const manifest = await readJson(join(root, 'remotes.json'), { schemaVersion: 1, remotes: {} });
  for (const { app, version } of deployed) {
    if (app === 'shell') continue;
    const current = manifest.remotes[app] ?? {};
    const next = { stable: { version, entry: entryUrl(app, version) } };
    if (current.canary && current.canary.version !== version) next.canary = current.canary;
    manifest.remotes[app] = next;
  }
  await writeJsonAtomic(join(root, 'remotes.json'), manifest);
  // The shell build becomes the stable shell at once; a running shell canary of another
  // version is kept, as a remote's is. An unreadable shell.json is replaced.
  const shell = deployed.find((d) => d.app === 'shell');
  const current = await readJson(join(root, 'shell.json'), null).catch(() => null);
  const next = { version: shell.version };
  if (current?.canary && typeof current.canary === 'object' && current.canary.version !== shell.version) next.canary = current.canary;
  await writeJsonAtomic(join(root, 'shell.json'), next);
  return deployed;
}
