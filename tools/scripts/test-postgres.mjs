#!/usr/bin/env node
// The API suite again, against a real PostgreSQL server (Debian's `postgresql` package):
// installed with apt-get when running as root, started on a loopback port in a throwaway
// data folder, stopped afterwards. Where it cannot be installed the job is skipped with the
// reason printed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workspace } from './ensure.mjs';

const PORT = Number(process.env.TEST_PG_PORT || 54329);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function sh(command, args, options = {}) {
  return spawnSync(command, args, { stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
}

function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin/postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

function skip(reason) {
  console.log(`\n⚠ PostgreSQL API suite skipped: ${reason}\n`);
  process.exit(0);
}

let bin = postgresBin();
if (!bin) {
  if (!isRoot) skip("Debian's postgresql package is not installed and this user cannot install it (not root).");
  console.log("• installing Debian's postgresql (apt-get)");
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (sh('apt-get', ['update', '-qq'], { env }).status !== 0) skip('apt-get update failed.');
  if (sh('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql'], { env }).status !== 0) skip('apt-get install postgresql failed.');
  bin = postgresBin();
  if (!bin) skip('postgresql installed, but no server binary was found under /usr/lib/postgresql.');
}

// PostgreSQL refuses to run as root: as root, run it as the package's postgres user.
const asServer = (command, args) => (isRoot ? sh('runuser', ['-u', 'postgres', '--', join(bin, command), ...args]) : sh(join(bin, command), args));
const dataDir = mkdtempSync(join(tmpdir(), 'eyewear-pg-'));
chmodSync(dataDir, 0o777);
const cluster = join(dataDir, 'cluster');
if (isRoot) sh('chown', ['postgres:postgres', dataDir]);

let started = false;
let status = 1;
try {
  if (asServer('initdb', ['-D', cluster, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']).status !== 0) throw new Error('initdb failed');
  const options = `-p ${PORT} -k ${dataDir} -h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  if (asServer('pg_ctl', ['-D', cluster, '-o', options, '-l', join(dataDir, 'server.log'), '-w', 'start']).status !== 0)
    throw new Error('the server did not start');
  started = true;
  if (asServer('createdb', ['-h', '127.0.0.1', '-p', String(PORT), '-U', 'postgres', 'eyewear_test']).status !== 0) throw new Error('createdb failed');
  console.log(`• API suite against PostgreSQL on 127.0.0.1:${PORT}`);
  // One database for the whole suite: the suites run one after another.
  status =
    sh(process.execPath, ['--experimental-vm-modules', join(workspace, 'node_modules/jest/bin/jest.js'), '--runInBand'], {
      cwd: join(workspace, 'apps/api'),
      env: { TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${PORT}/eyewear_test` },
    }).status ?? 1;
} catch (error) {
  console.error(`✗ PostgreSQL suite could not run: ${error.message}`);
  status = 1;
} finally {
  if (started) asServer('pg_ctl', ['-D', cluster, '-m', 'fast', '-w', 'stop']);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
