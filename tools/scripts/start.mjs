#!/usr/bin/env node
// `npm start`: install what is missing, build what is not built (Nx cache), deploy the
// builds into .deploy-local/ (a root of its own: the release CLI's default root .deploy/ is
// never touched), start the API (PGlite data in .data/api) and serve everything through the
// edge server.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureDependencies, nxEnv, runOrExit, workspace } from './ensure.mjs';
import { supervise } from './supervise.mjs';

ensureDependencies();
console.log('• building the apps and the API (cached builds are reused)');
runOrExit('npx', ['nx', 'run-many', '-t', 'build', '--projects=tag:type:app', '--parallel=2', '--outputStyle=static'], { env: nxEnv });

const { deployWorkspace, localDeployRoot } = await import('../release/deploy.mjs');
// The edge's build (apps/edge, built above with the apps).
const { createEdgeServer } = (await import(pathToFileURL(join(workspace, 'dist/apps/edge/index.js')).href)).default;
const root = localDeployRoot(workspace);
const deployed = await deployWorkspace({ root, workspace });
for (const { app, version } of deployed) console.log(`  ${app.padEnd(14)} ${version}`);

// The simulated social identity provider (OpenID Connect, docs/adr/020) on its own origin,
// 127.0.0.1:IDP_PORT; the API finds it there while SOCIAL_PROVIDER is `simulated` (the default).
let idp = null;
if ((process.env.SOCIAL_PROVIDER || 'simulated') === 'simulated') {
  const edgePort = Number(process.env.PORT || 4200);
  const callbacks = [`http://localhost:${edgePort}`, `http://127.0.0.1:${edgePort}`, process.env.PUBLIC_ORIGIN]
    .filter(Boolean)
    .map((origin) => `${origin.replace(/\/$/, '')}/api/v2/customers/social/callback`);
  idp = spawn(process.execPath, [join(workspace, 'tools/idp/main.mjs')], {
    cwd: workspace,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, IDP_PORT: process.env.IDP_PORT || '4400', IDP_REDIRECT_URIS: process.env.IDP_REDIRECT_URIS || callbacks.join(',') },
  });
  process.on('exit', () => idp?.kill());
}

const apiPort = Number(process.env.API_PORT || 3000);
const apiUrl = process.env.API_URL || `http://127.0.0.1:${apiPort}`;
// The API's admin listener (local mode): codes, reset links and the simulated courier, on 127.0.0.1 only (docs/adr/019).
const adminPort = Number(process.env.ADMIN_PORT || 3001);
let api = null;
if (!process.env.API_URL) {
  console.log('• starting the API (data in .data/api)');
  // Supervised: a crashed API is started again (1 s, 2 s, 4 s ... up to 30 s apart) while the
  // edge keeps serving the shell and tells shoppers the store is unreachable (docs/adr/022).
  api = supervise({
    name: 'api',
    command: process.execPath,
    args: [join(workspace, 'dist/apps/api/main.js')],
    spawnOptions: {
      cwd: workspace,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        PORT: String(apiPort),
        ADMIN_PORT: String(adminPort),
        DATA_DIR: process.env.DATA_DIR || join(workspace, '.data/api'),
        LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      },
    },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${apiUrl}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    // Stopping before it was ever healthy is a start-up refusal (configuration, port in
    // use), not a crash to restart from: say so and stop.
    if (api.delays.length > 0) {
      console.error('The API stopped before it became healthy (its message is above).');
      await api.stop();
      process.exit(1);
    }
    if (Date.now() > deadline) {
      console.error('The API did not become healthy within 120 s.');
      await api.stop();
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const port = Number(process.env.PORT || 4200);
const host = process.env.HOST || '127.0.0.1';
const server = createEdgeServer({ root, apiUrl, publicOrigin: process.env.PUBLIC_ORIGIN || undefined });
server.on('error', (error) => {
  console.error('code' in error && error.code === 'EADDRINUSE' ? `Port ${port} is in use: stop what runs there, or start with PORT=<another port>.` : error);
  void Promise.resolve(api?.stop()).then(() => process.exit(1));
});
server.listen(port, host, () => {
  console.log(`\nThe storefront is running at http://localhost:${port}/  (API ${apiUrl}, restarted if it crashes; readiness at /healthz; Ctrl+C stops both)`);
  if (!process.env.API_URL && (process.env.STORE_MODE || 'local') === 'local') {
    console.log(
      `Local mode: one-time codes and reset links are printed here and kept at http://127.0.0.1:${adminPort}/outbox?to=<phone or e-mail> (admin listener, this machine only; POST /orders/<id>/advance?to=DELIVERED moves an order on)`,
    );
  }
});
const stop = () => {
  void Promise.all([api?.stop(), new Promise((resolve) => server.close(resolve))]).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
