#!/usr/bin/env node
// `npm run cluster [-- --apis 2 --edges 2 --port 8080]`: the store as a cluster on this
// machine (tools/cluster/cluster.mjs): builds what is not built, deploys the builds into
// .deploy-cluster/, starts PostgreSQL, the API and edge instances and HAProxy, and prints the
// one URL. Ctrl+C stops everything and throws the database away.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDependencies, nxEnv, runOrExit, workspace } from '../scripts/ensure.mjs';
import { ensureClusterParts, startCluster } from './cluster.mjs';

const { values } = parseArgs({
  options: {
    apis: { type: 'string', default: '2' },
    edges: { type: 'string', default: '2' },
    port: { type: 'string', default: process.env.PORT || '8080' },
  },
});

ensureDependencies();
const missing = ensureClusterParts();
if (missing) {
  console.error(`The cluster needs PostgreSQL and HAProxy: ${missing}`);
  process.exit(1);
}
console.log('• building the apps and the API (cached builds are reused)');
runOrExit('npx', ['nx', 'run-many', '-t', 'build', '--projects=tag:type:app', '--parallel=2', '--outputStyle=static'], { env: nxEnv });
const { deployWorkspace } = await import('../release/deploy.mjs');
const root = join(workspace, '.deploy-cluster');
await deployWorkspace({ root, workspace });

console.log(`• starting ${values.apis} API and ${values.edges} edge instances behind HAProxy`);
const cluster = await startCluster({ workspace, root, apis: Number(values.apis), edges: Number(values.edges), port: Number(values.port) });
console.log(`\nThe store (cluster): ${cluster.url}/\n`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\n• stopping the cluster');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
