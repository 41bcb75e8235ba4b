#!/usr/bin/env node
// `npm run cluster [-- --apis 2 --edges 2 --workers 1 --port 8080 ...]`: the store as a cluster
// on this machine (tools/cluster/cluster.mjs): builds what is not built, deploys the builds into
// .deploy-cluster/, starts PostgreSQL, PgBouncer, the API, worker and edge instances and
// HAProxy, and prints the one URL. A process that dies is started again (the supervisor of
// `npm start`). Ctrl+C (SIGINT) or SIGTERM stops everything, whatever died before, and throws
// the database away. `--help` lists the options.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDependencies, nxEnv, runOrExit, workspace } from '../scripts/ensure.mjs';
import { createCluster, ensureClusterParts, PORT_OFFSETS } from './cluster.mjs';

const PORT_OPTIONS = {
  'postgres-port': ['postgresPort', PORT_OFFSETS.postgres, 'PostgreSQL'],
  'pgbouncer-port': ['pgbouncerPort', PORT_OFFSETS.pgbouncer, 'PgBouncer'],
  'api-lb-port': ['apiLbPort', PORT_OFFSETS.apiLb, "HAProxy's API frontend (the edges' API_URL)"],
  'api-port': ['apiPort', PORT_OFFSETS.api, 'the first API instance (the next ones: +1 each)'],
  'admin-port': ['adminPort', PORT_OFFSETS.admin, "the first API instance's admin listener (+1 each)"],
  'edge-port': ['edgePort', PORT_OFFSETS.edge, 'the first edge instance (+1 each)'],
};

const { values } = parseArgs({
  options: {
    apis: { type: 'string', default: '2' },
    edges: { type: 'string', default: '2' },
    workers: { type: 'string', default: '1' },
    port: { type: 'string', default: process.env.PORT || '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    'base-port': { type: 'string', default: '18000' },
    ...Object.fromEntries(Object.keys(PORT_OPTIONS).map((name) => [name, { type: 'string' }])),
    'pool-size': { type: 'string', default: '10' },
    'no-build': { type: 'boolean', default: false },
    root: { type: 'string' },
    'api-entry': { type: 'string' },
    'edge-entry': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`npm run cluster -- [options]

  --apis N            API instances (2)
  --edges N           edge instances (2)
  --workers N         worker processes, \`main.js worker\`: the job queue (1)
  --port P            the shoppers' URL, HAProxy (8080, or PORT)
  --host ADDRESS      the address it listens on (127.0.0.1)
  --base-port P       the parts behind it take P + an offset unless given below (18000)
${Object.entries(PORT_OPTIONS)
  .map(([name, [, offset, what]]) => `  --${`${name} P`.padEnd(18)}${what} (base + ${offset})`)
  .join('\n')}
  --pool-size N       PgBouncer's server connections to PostgreSQL (10)
  --no-build          use dist/ and the deploy root as they are
  --root DIR          the deploy root (.deploy-cluster)
  --api-entry FILE    the API's entry (dist/apps/api/main.js; tests give a stand-in)
  --edge-entry FILE   the edge's entry (dist/apps/edge/main.js; tests give a stand-in)`);
  process.exit(0);
}

const number = (name) => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} ${values[name]}: a whole number, please`);
    process.exit(64);
  }
  return value;
};

ensureDependencies();
const missing = ensureClusterParts();
if (missing) {
  console.error(`The cluster needs PostgreSQL, PgBouncer and HAProxy: ${missing}`);
  process.exit(1);
}
const root = values.root ? resolve(values.root) : join(workspace, '.deploy-cluster');
if (!values['no-build']) {
  console.log('• building the apps and the API (cached builds are reused)');
  runOrExit('npx', ['nx', 'run-many', '-t', 'build', '--projects=tag:type:app', '--parallel=2', '--outputStyle=static'], { env: nxEnv });
  const { deployWorkspace } = await import('../release/deploy.mjs');
  await deployWorkspace({ root, workspace });
}

let cluster;
try {
  cluster = createCluster({
    workspace,
    root,
    apis: number('apis'),
    edges: number('edges'),
    workers: number('workers'),
    port: number('port'),
    host: values.host,
    basePort: number('base-port'),
    ...Object.fromEntries(Object.entries(PORT_OPTIONS).flatMap(([name, [key]]) => (values[name] === undefined ? [] : [[key, number(name)]]))),
    poolSize: number('pool-size'),
    apiEntry: values['api-entry'] ? resolve(values['api-entry']) : undefined,
    edgeEntry: values['edge-entry'] ? resolve(values['edge-entry']) : undefined,
  });
} catch (error) {
  console.error(error.message);
  process.exit(64);
}

// Signals are taken before anything starts: a Ctrl+C while the cluster starts stops what has
// started, PostgreSQL included. A second one while stopping changes nothing (Ctrl+C in a terminal
// also reaches every process of the group: the supervisors do not restart them, being stopped).
let stopping = null;
const stop = (code) => {
  if (!stopping) {
    console.log('\n• stopping the cluster');
    stopping = cluster.stop().then(
      () => process.exit(code),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  }
  return stopping;
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGHUP', () => void stop(0));
process.on('uncaughtException', (error) => {
  console.error(error);
  void stop(1);
});

console.log(`• starting ${values.apis} API, ${values.workers} worker and ${values.edges} edge instances, PgBouncer and HAProxy`);
try {
  await cluster.start();
} catch (error) {
  if (stopping) await stopping;
  console.error(`✗ the cluster did not start: ${error.message}`);
  process.exit(1);
}
console.log(`\nThe store (cluster): ${cluster.url}/  (Ctrl+C stops it)\n`);
