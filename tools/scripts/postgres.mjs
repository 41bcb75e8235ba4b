// A throwaway PostgreSQL server from Debian's `postgresql` package, for the API's second test
// run, `npm run cluster` and the cluster bench: installed with apt-get when missing (as root),
// initialised in a temporary folder, started on a loopback port, stopped and removed after.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function sh(command, args, options = {}) {
  return spawnSync(command, args, { stdio: options.quiet ? 'ignore' : 'inherit', ...options, env: { ...process.env, ...options.env } });
}

function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin/postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

/**
 * Installs a Debian package when its command is missing. Returns null when done, else why not.
 * @param {string} pkg
 * @param {() => boolean} present
 */
export function ensureDebianPackage(pkg, present) {
  if (present()) return null;
  if (!isRoot) return `Debian's ${pkg} package is not installed and this user cannot install it (not root).`;
  console.log(`• installing Debian's ${pkg} (apt-get)`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  // The package lists may be fresh already: update only when the first install fails.
  if (sh('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { env }).status !== 0) {
    if (sh('apt-get', ['update', '-qq'], { env }).status !== 0) return 'apt-get update failed.';
    if (sh('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { env }).status !== 0) return `apt-get install ${pkg} failed.`;
  }
  return present() ? null : `${pkg} installed, but its program was not found.`;
}

/** Why PostgreSQL cannot be had here, or null when its server binary is (now) installed. */
export function ensurePostgres() {
  return ensureDebianPackage('postgresql', () => postgresBin() !== null);
}

/**
 * Starts a server on 127.0.0.1:`port` in a new temporary folder, with one database.
 * Durability is traded for speed (fsync off): the data is thrown away at stop.
 * @param {{ port: number, database?: string, maxConnections?: number }} options
 */
export function startPostgres({ port, database = 'eyewear', maxConnections = 100 }) {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (ensurePostgres first)');
  // PostgreSQL refuses to run as root: as root, run it as the package's postgres user.
  const asServer = (command, args) =>
    isRoot ? sh('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { quiet: true }) : sh(join(bin, command), args, { quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'eyewear-pg-'));
  chmodSync(dataDir, 0o777);
  const cluster = join(dataDir, 'cluster');
  if (isRoot) sh('chown', ['postgres:postgres', dataDir]);
  let started = false;
  const stop = () => {
    if (started) asServer('pg_ctl', ['-D', cluster, '-m', 'fast', '-w', 'stop']);
    started = false;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (asServer('initdb', ['-D', cluster, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']).status !== 0) throw new Error('initdb failed');
    const options = `-p ${port} -k ${dataDir} -h 127.0.0.1 -c max_connections=${maxConnections} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    if (asServer('pg_ctl', ['-D', cluster, '-o', options, '-l', join(dataDir, 'server.log'), '-w', 'start']).status !== 0)
      throw new Error(`the server did not start (its log: ${join(dataDir, 'server.log')})`);
    started = true;
    if (asServer('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database]).status !== 0) throw new Error('createdb failed');
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, dataDir, stop };
}
