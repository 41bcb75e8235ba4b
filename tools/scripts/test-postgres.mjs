#!/usr/bin/env node
// The API suite again, against a real PostgreSQL server (Debian's `postgresql` package):
// installed with apt-get when running as root, started on a loopback port in a throwaway
// data folder, stopped afterwards (tools/scripts/postgres.mjs). Where it cannot be installed
// the job is skipped with the reason printed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { workspace } from './ensure.mjs';
import { ensurePostgres, startPostgres } from './postgres.mjs';

const PORT = Number(process.env.TEST_PG_PORT || 54329);

const missing = ensurePostgres();
if (missing) {
  console.log(`\n⚠ PostgreSQL API suite skipped: ${missing}\n`);
  process.exit(0);
}

let server = null;
let status = 1;
try {
  server = startPostgres({ port: PORT, database: 'eyewear_test' });
  console.log(`• API suite against PostgreSQL on 127.0.0.1:${PORT}`);
  // One database for the whole suite: the suites run one after another.
  status =
    spawnSync(process.execPath, ['--experimental-vm-modules', join(workspace, 'node_modules/jest/bin/jest.js'), '--runInBand'], {
      cwd: join(workspace, 'apps/api'),
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: server.url },
    }).status ?? 1;
} catch (error) {
  console.error(`✗ PostgreSQL suite could not run: ${error.message}`);
  status = 1;
} finally {
  server?.stop();
}
process.exit(status);
