// A throwaway PostgreSQL server from Debian's `postgresql` package, for the API's second test
// run, `npm run cluster` and the cluster bench: installed with apt-get when missing (as root),
// initialised in a temporary folder, started on a loopback port, stopped and removed after.
// PgBouncer (Debian's `pgbouncer` package) is installed the same way for the cluster.
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

/** PgBouncer's program (Debian installs it in /usr/sbin, which a user's PATH may lack), or null. */
export function pgbouncerBin() {
  const found = String(sh('sh', ['-c', 'command -v pgbouncer'], { stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' }).stdout ?? '').trim();
  if (found) return found;
  return existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : null;
}

/** Why PgBouncer cannot be had here, or null when it is (now) installed. */
export function ensurePgBouncer() {
  return ensureDebianPackage('pgbouncer', () => pgbouncerBin() !== null);
}

/**
 * Whom the servers run as: PostgreSQL and PgBouncer both refuse to run as root, so as root they
 * run as the packages' `postgres` user (spawn's uid and gid); otherwise as this user (empty).
 * @returns {{ uid?: number, gid?: number }}
 */
export function serverUser() {
  if (!isRoot) return {};
  const id = (flag) => Number(sh('id', [flag, 'postgres'], { stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' }).stdout);
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Starts a server on 127.0.0.1:`port` in a new temporary folder, with one database.
 *
 * `durable: false` (the default: the API's test run) trades durability for speed (fsync,
 * synchronous_commit and full_page_writes off): a test's data is thrown away at stop and no
 * test survives a crash of the machine anyway. `durable: true` (the cluster) keeps PostgreSQL's
 * defaults, so each commit waits for its WAL flush as on a production server: the cluster's
 * figures (the failover check, the cluster bench) are then what a durable database allows, not
 * what a database that may lose acknowledged orders allows.
 * @param {{ port: number, database?: string, maxConnections?: number, durable?: boolean }} options
 */
export function startPostgres({ port, database = 'eyewear', maxConnections = 100, durable = false }) {
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
    // Trust on loopback only (-h 127.0.0.1, the socket in the data folder): the server is this
    // machine's, for this run.
    if (asServer('initdb', ['-D', cluster, '-A', 'trust', '-U', 'postgres', ...(durable ? [] : ['--no-sync']), '-E', 'UTF8']).status !== 0)
      throw new Error('initdb failed');
    const speed = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
    const options = `-p ${port} -k ${dataDir} -h 127.0.0.1 -c max_connections=${maxConnections}${speed}`;
    if (asServer('pg_ctl', ['-D', cluster, '-o', options, '-l', join(dataDir, 'server.log'), '-w', 'start']).status !== 0)
      throw new Error(`the server did not start (its log: ${join(dataDir, 'server.log')})`);
    started = true;
    if (asServer('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database]).status !== 0) throw new Error('createdb failed');
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, port, database, dataDir, stop };
}
