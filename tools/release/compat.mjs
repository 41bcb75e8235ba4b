#!/usr/bin/env node
// The compatibility check, two ways.
//
// `compat.mjs [--rev HEAD~1]`: the shell of this checkout against each remote's previous
// version. Builds the five remotes as they were at a previous commit (default HEAD~1) in a
// git worktree, deploys them beside the current builds, and runs the Playwright smoke
// journeys (e2e/tests/compat.spec.ts) with every remote at N-1. The current versions are the
// main suite's. Skipped, with the reason printed, where there is no previous commit.
//
// `compat.mjs --against <deploy root>`: this checkout's builds against what is actually
// deployed there (its remotes.json and shell.json, read-only): first every remote built here
// under the deployed stable shell, then the shell built here over the deployed stable remotes.
// Run it before `release deploy` / `canary` of a new build (docs/release-guide.md).
//
// `compat.mjs --against <deploy root> --app <app> --build <folder> --version <V>`: one build
// (a workspace build or a deployed version folder) against what that root serves: a remote
// under the deployed stable shell, or a shell over the deployed stable remotes. This is what
// `release deploy` and `release canary` run before they change anything (compat-gate.mjs).
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { deployBuild, entryUrl, readJson, REMOTE_APPS, writeJsonAtomic } from './deploy.mjs';

const workspace = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const { values } = parseArgs({
  options: {
    rev: { type: 'string', default: 'HEAD~1' },
    against: { type: 'string' },
    app: { type: 'string' },
    build: { type: 'string' },
    version: { type: 'string' },
  },
});

function run(command, args, options = {}) {
  return spawnSync(command, args, { cwd: workspace, encoding: 'utf8', ...options, env: { ...process.env, ...options.env } });
}

/** The smoke journeys over a deploy root, with a label naming what is checked. */
function journeys(root, label) {
  console.log(`• ${label}`);
  return (
    run('npx', ['playwright', 'test', 'tests/compat.spec.ts'], {
      cwd: join(workspace, 'e2e'),
      stdio: 'inherit',
      env: { COMPAT_ROOT: root, COMPAT_LABEL: label },
    }).status ?? 1
  );
}

/**
 * A copy of a deployed root's live builds only (stable and canary folders, remotes.json,
 * shell.json): the check never writes to the real root, and its signal and history stay out.
 */
async function copyLive(from, to) {
  const manifest = await readJson(join(from, 'remotes.json'));
  const shell = await readJson(join(from, 'shell.json'));
  if (!manifest?.remotes || !shell?.version) throw new Error(`${from} has no remotes.json and shell.json: not a deploy root`);
  for (const [remote, channels] of Object.entries(manifest.remotes)) {
    for (const release of [channels.stable, channels.canary].filter(Boolean)) {
      await cp(join(from, 'remotes', remote, release.version), join(to, 'remotes', remote, release.version), { recursive: true });
    }
  }
  await cp(join(from, 'shell', shell.version), join(to, 'shell', shell.version), { recursive: true });
  // The journeys see stable only: a canary's share would make them depend on the session.
  for (const channels of Object.values(manifest.remotes)) delete channels.canary;
  await writeJsonAtomic(join(to, 'remotes.json'), manifest);
  await writeJsonAtomic(join(to, 'shell.json'), { version: shell.version });
  return { manifest, shell };
}

if (values.against && values.app) {
  // One build against the root's live builds, in a temporary copy.
  const deployed = resolve(values.against);
  const copy = await mkdtemp(join(tmpdir(), 'compat-build-'));
  let status = 1;
  try {
    if (!values.build || !values.version) throw new Error('--app needs --build <folder> and --version <version>');
    const live = await copyLive(deployed, copy);
    const { version } = await deployBuild({ root: copy, app: values.app, distDir: resolve(values.build), version: values.version });
    let label;
    if (values.app === 'shell') {
      await writeJsonAtomic(join(copy, 'shell.json'), { version });
      const listed = Object.entries(live.manifest.remotes).map(([remote, channels]) => `${remote}@${channels.stable.version}`);
      label = `the shell ${version} over the deployed remotes (${listed.join(', ')})`;
    } else {
      live.manifest.remotes[values.app] = { stable: { version, entry: entryUrl(values.app, version) } };
      await writeJsonAtomic(join(copy, 'remotes.json'), live.manifest);
      label = `${values.app} ${version} under the deployed shell ${live.shell.version}`;
    }
    status = journeys(copy, label);
  } catch (error) {
    console.error(`✗ compatibility check failed: ${error.message}`);
    status = 1;
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
  process.exit(status ? 1 : 0);
}

if (values.against) {
  const deployed = resolve(values.against);
  const roots = [await mkdtemp(join(tmpdir(), 'compat-remotes-')), await mkdtemp(join(tmpdir(), 'compat-shell-'))];
  let failed = 0;
  try {
    // 1. The remotes built here under the deployed shell.
    const live = await copyLive(deployed, roots[0]);
    const remotes = [];
    for (const remote of REMOTE_APPS) {
      const dist = join(workspace, 'dist/apps', remote);
      if (!existsSync(join(dist, 'mf-manifest.json'))) throw new Error(`no build of ${remote} in dist/apps: build the apps first (npx nx run-many -t build)`);
      const { version } = await deployBuild({ root: roots[0], app: remote, distDir: dist });
      live.manifest.remotes[remote] = { stable: { version, entry: entryUrl(remote, version) } };
      remotes.push(`${remote}@${version}`);
    }
    await writeJsonAtomic(join(roots[0], 'remotes.json'), live.manifest);
    failed += journeys(roots[0], `the remotes built here (${remotes.join(', ')}) under the deployed shell ${live.shell.version}`) === 0 ? 0 : 1;

    // 2. The shell built here over the deployed remotes.
    const again = await copyLive(deployed, roots[1]);
    const dist = join(workspace, 'dist/apps/shell');
    if (!existsSync(join(dist, 'index.html'))) throw new Error('no build of the shell in dist/apps: build the apps first');
    const { version } = await deployBuild({ root: roots[1], app: 'shell', distDir: dist });
    await writeJsonAtomic(join(roots[1], 'shell.json'), { version });
    const listed = Object.entries(again.manifest.remotes).map(([remote, channels]) => `${remote}@${channels.stable.version}`);
    failed += journeys(roots[1], `the shell built here (${version}) over the deployed remotes (${listed.join(', ')})`) === 0 ? 0 : 1;
  } catch (error) {
    console.error(`✗ compatibility check failed: ${error.message}`);
    failed += 1;
  } finally {
    for (const root of roots) await rm(root, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

const resolved = run('git', ['rev-parse', '--verify', '--quiet', `${values.rev}^{commit}`]);
if (resolved.status !== 0) {
  console.log(`⚠ compatibility check skipped: ${values.rev} is not in this clone (first commit, or a shallow clone).`);
  process.exit(0);
}
const rev = resolved.stdout.trim();
const previous = await mkdtemp(join(tmpdir(), 'compat-src-'));
const root = await mkdtemp(join(tmpdir(), 'compat-root-'));
let status = 1;
try {
  if (run('git', ['worktree', 'add', '--detach', previous, rev], { stdio: 'inherit' }).status !== 0) throw new Error('git worktree add failed');

  // The old checkout uses this checkout's npm packages, but its own workspace packages.
  await mkdir(join(previous, 'node_modules/@eyewear'), { recursive: true });
  for (const entry of await readdir(join(workspace, 'node_modules'))) {
    if (entry !== '@eyewear') await symlink(join(workspace, 'node_modules', entry), join(previous, 'node_modules', entry));
  }
  for (const group of ['apps', 'libs']) {
    if (!existsSync(join(previous, group))) continue;
    for (const name of await readdir(join(previous, group))) {
      const manifest = join(previous, group, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(await readFile(manifest, 'utf8'));
      if (pkg.name?.startsWith('@eyewear/')) await symlink(join(previous, group, name), join(previous, 'node_modules', pkg.name));
    }
  }

  // The current builds, deployed as the e2e suite deploys them.
  if (run(process.execPath, [join(workspace, 'e2e/prepare.mjs')], { stdio: 'inherit' }).status !== 0) throw new Error('could not deploy the current builds');
  await cp(join(workspace, '.deploy-e2e'), root, { recursive: true });
  const manifest = await readJson(join(root, 'remotes.json'));
  const webpackCli = join(workspace, 'node_modules/webpack-cli/bin/cli.js');
  for (const remote of REMOTE_APPS) {
    const dir = join(previous, 'apps', remote);
    if (!existsSync(join(dir, 'webpack.config.js'))) {
      console.log(`• ${remote}: not in ${values.rev}, stays at the current version`);
      continue;
    }
    console.log(`• building ${remote} as of ${rev.slice(0, 10)}`);
    if (run(process.execPath, [webpackCli, '--mode', 'production'], { cwd: dir, stdio: 'inherit' }).status !== 0)
      throw new Error(`${remote} did not build at ${values.rev}`);
    const { version } = await deployBuild({ root, app: remote, distDir: join(previous, 'dist/apps', remote) });
    manifest.remotes[remote] = { stable: { version, entry: entryUrl(remote, version) } };
    console.log(`  ${remote} N-1 = ${version}`);
  }
  await writeJsonAtomic(join(root, 'remotes.json'), manifest);

  status = journeys(root, `the shell built here against every remote as of ${rev.slice(0, 10)} (N-1)`);
} catch (error) {
  console.error(`✗ compatibility check failed: ${error.message}`);
  status = 1;
} finally {
  run('git', ['worktree', 'remove', '--force', previous]);
  await rm(previous, { recursive: true, force: true });
  await rm(root, { recursive: true, force: true });
}
process.exit(status);
