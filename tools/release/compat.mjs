#!/usr/bin/env node
// The compatibility check: the shell of this checkout against each remote's previous
// version. Builds the five remotes as they were at a previous commit (default HEAD~1) in a
// git worktree, deploys them beside the current builds, and runs the Playwright smoke
// journeys (e2e/tests/compat.spec.ts) with every remote at N-1. The current versions are the
// main suite's. Skipped, with the reason printed, where there is no previous commit.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { deployBuild, entryUrl, readJson, REMOTE_APPS, writeJsonAtomic } from './deploy.mjs';

const workspace = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const { values } = parseArgs({ options: { rev: { type: 'string', default: 'HEAD~1' } } });

function run(command, args, options = {}) {
  return spawnSync(command, args, { cwd: workspace, encoding: 'utf8', ...options, env: { ...process.env, ...options.env } });
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
    if (run(process.execPath, [webpackCli, '--mode', 'production'], { cwd: dir, stdio: 'inherit' }).status !== 0) throw new Error(`${remote} did not build at ${values.rev}`);
    const { version } = await deployBuild({ root, app: remote, distDir: join(previous, 'dist/apps', remote) });
    manifest.remotes[remote] = { stable: { version, entry: entryUrl(remote, version) } };
    console.log(`  ${remote} N-1 = ${version}`);
  }
  await writeJsonAtomic(join(root, 'remotes.json'), manifest);

  status = run('npx', ['playwright', 'test', 'tests/compat.spec.ts'], { cwd: join(workspace, 'e2e'), stdio: 'inherit', env: { COMPAT_ROOT: root } }).status ?? 1;
} catch (error) {
  console.error(`✗ compatibility check failed: ${error.message}`);
  status = 1;
} finally {
  run('git', ['worktree', 'remove', '--force', previous]);
  await rm(previous, { recursive: true, force: true });
  await rm(root, { recursive: true, force: true });
}
process.exit(status);
