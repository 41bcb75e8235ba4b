// What `npm start` and `npm test` make sure of before they do anything: the npm
// dependencies, and for tests a Chromium. Only Node's own modules are used here, since
// this runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const workspace = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: workspace, ...options, env: { ...process.env, ...options.env } });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

/**
 * npm dependencies: `npm install` (never `npm ci`, see TOOLCHAIN.md trap 2) when
 * node_modules is missing or older than the lockfile or a package.json.
 */
export function ensureDependencies() {
  const marker = join(workspace, 'node_modules/.package-lock.json');
  const stale =
    !existsSync(marker) ||
    ['package-lock.json', 'package.json'].some(
      (file) => existsSync(join(workspace, file)) && statSync(join(workspace, file)).mtimeMs > statSync(marker).mtimeMs,
    );
  if (stale) {
    console.log('• installing npm dependencies (npm install)');
    runOrExit('npm', ['install', '--no-audit', '--no-fund']);
  }
}

/**
 * The Chromium Playwright drives: CHROME_PATH if set, else Debian's /usr/bin/chromium,
 * installed with apt-get when running as root. Playwright's own browser download cannot
 * work on these machines.
 */
export function ensureChromium() {
  if (process.env.CHROME_PATH) {
    if (existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    console.error(`✗ CHROME_PATH is ${process.env.CHROME_PATH}, which does not exist.`);
    process.exit(1);
  }
  const debian = '/usr/bin/chromium';
  if (existsSync(debian)) return debian;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log("• installing Debian's chromium (apt-get)");
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    runOrExit('apt-get', ['update', '-qq'], { env });
    runOrExit('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { env });
    if (existsSync(debian)) return debian;
  }
  console.error(
    "✗ No Chromium for the browser tests. Install Debian's package (sudo apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome binary.",
  );
  process.exit(1);
}

export const nxEnv = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NX_SKIP_NX_CACHE: process.env.NX_SKIP_NX_CACHE ?? '' };
