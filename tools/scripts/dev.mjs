#!/usr/bin/env node
// `npm run dev -- <app>`: work on one app against the rest of the site.
//   remote (catalog, product, cart-checkout, account, appointments): its webpack dev server
//     on its own port, and the edge server on :4200 serving everything else from production
//     builds, with remotes.json pointing that one remote at the dev server.
//   shell: the shell's dev server on :4200, proxying /remotes, /remotes.json and /api to an
//     edge server on :4300 that serves the remotes' production builds.
// Both start the API on :3000 (data in .data/api). The edge renders pages on the server, the app
// in development in the browser; `--no-ssr` renders every page in the browser.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, nxEnv, runOrExit, workspace } from './ensure.mjs';

const PORTS = { shell: 4200, catalog: 4201, product: 4202, 'cart-checkout': 4203, account: 4204, appointments: 4205 };
const app = process.argv[2];
if (!app || !(app in PORTS)) {
  console.error(`usage: npm run dev -- <${Object.keys(PORTS).join('|')}> [--no-ssr]`);
  process.exit(2);
}
// The edge renders pages on the server (issue 19) except the app in development, whose area
// renders in the browser with hot reload; --no-ssr renders every page in the browser.
if (process.argv.includes('--no-ssr')) process.env.EDGE_SSR = '0';

ensureDependencies();
console.log('• building the other apps (cached builds are reused)');
runOrExit('npx', ['nx', 'run-many', '-t', 'build', '--projects=tag:type:app', `--exclude=${app}`, '--parallel=2', '--outputStyle=static'], { env: nxEnv });
// The deploy step needs a build of every app; the one in development is built once if missing.
runOrExit('npx', ['nx', 'run', `${app}:build`, '--outputStyle=static'], { env: nxEnv });
// npm start's root (.deploy-local/), never the release CLI's default .deploy/.
const { deployWorkspace, localDeployRoot } = await import('../release/deploy.mjs');
const root = localDeployRoot(workspace);
await deployWorkspace({ root, workspace });

const children = [];
function start(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', cwd: workspace, ...options, env: { ...process.env, ...options.env } });
  children.push(child);
  child.on('exit', (code) => {
    children.forEach((c) => c !== child && c.kill());
    process.exit(code ?? 0);
  });
}
process.on('SIGINT', () => children.forEach((c) => c.kill()));

// The API (built above with the other apps), for the pages' calls through the edge server.
start(process.execPath, [join(workspace, 'dist/apps/api/main.js')], {
  env: { PORT: '3000', DATA_DIR: join(workspace, '.data/api'), LOG_LEVEL: 'warn' },
});

// The edge's build (apps/edge, built above with the apps).
const edge = join(workspace, 'dist/apps/edge/main.js');
if (app === 'shell') {
  start(process.execPath, [edge, '--root', root, '--port', '4300']);
  start('npx', ['webpack', 'serve', '--mode', 'development'], { cwd: join(workspace, 'apps/shell'), env: { DEV_EDGE: 'http://127.0.0.1:4300' } });
  console.log('\nThe shell in development: http://localhost:4200/');
} else {
  const port = PORTS[app];
  start('npx', ['webpack', 'serve', '--mode', 'development'], { cwd: join(workspace, 'apps', app) });
  start(process.execPath, [edge, '--root', root, '--port', '4200', '--remote', `${app}=http://127.0.0.1:${port}/mf-manifest.json`]);
  console.log(`\n${app} in development at :${port}, inside the site: http://localhost:4200/`);
}
