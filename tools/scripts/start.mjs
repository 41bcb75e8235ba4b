#!/usr/bin/env node
// `npm start`: install what is missing, build what is not built (Nx cache), deploy the
// builds into .deploy/ and serve them through the edge server.
import { join } from 'node:path';
import { ensureDependencies, nxEnv, runOrExit, workspace } from './ensure.mjs';

ensureDependencies();
console.log('• building the six apps (cached builds are reused)');
runOrExit('npx', ['nx', 'run-many', '-t', 'build', '--projects=tag:type:app', '--parallel=2', '--outputStyle=static'], { env: nxEnv });

const { deployWorkspace } = await import('../release/deploy.mjs');
const { createEdgeServer } = await import('../serve/edge-server.mjs');
const root = join(workspace, '.deploy');
const deployed = await deployWorkspace({ root, workspace });
for (const { app, version } of deployed) console.log(`  ${app.padEnd(14)} ${version}`);

const port = Number(process.env.PORT || 4200);
const host = process.env.HOST || '127.0.0.1';
const server = createEdgeServer({ root, apiUrl: process.env.API_URL || 'http://127.0.0.1:3000' });
server.listen(port, host, () => {
  console.log(`\nThe storefront is running at http://localhost:${port}/  (Ctrl+C stops it)`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
