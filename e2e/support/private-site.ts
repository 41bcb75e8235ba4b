import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const workspace = join(here, '../..');
const deployed = join(workspace, '.deploy-e2e');

/**
 * An edge server of a test's own, over a copy of the e2e deploy root, so a test that changes
 * remotes.json or deletes folders disturbs no other test. It proxies /api to the suite's API,
 * or to `options.apiUrl` (a private API, see startPrivateApi). It is ready when it answers
 * /livez: the API behind it may be down (docs/adr/022). `options.env`: the edge's own settings
 * (SSR_DEADLINE_MS...).
 */
export async function startPrivateSite(port: number, from = deployed, options: { apiUrl?: string; env?: Record<string, string> } = {}) {
  const root = await mkdtemp(join(tmpdir(), 'site-'));
  await cp(from, root, { recursive: true });
  const apiUrl = options.apiUrl ?? `http://127.0.0.1:${process.env.E2E_API_PORT || 4320}`;
  // Every browser of the suite comes from 127.0.0.1: no per-address limit on new sessions.
  const env = { ...process.env, EDGE_MINTS_PER_ADDRESS_MINUTE: '1000000', ...options.env };
  const edge: ChildProcess = spawn(process.execPath, [join(workspace, 'dist/apps/edge/main.js'), '--root', root, '--port', String(port), '--api', apiUrl], {
    stdio: 'ignore',
    env,
  });
  let exited: number | null = null;
  edge.once('exit', (code) => (exited = code ?? 1));
  for (let i = 0; ; i += 1) {
    // An edge that could not listen (the port still held by a site a retried test stopped)
    // exits: never let a test talk to another site's edge.
    if (exited !== null) throw new Error(`the private edge on port ${port} exited (${exited}); is the port in use?`);
    if (i === 100) throw new Error(`the private edge on port ${port} did not answer /livez`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/livez`)).ok) {
        // Answered: make sure it is this edge, still running.
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (exited === null) break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    root,
    url: `http://127.0.0.1:${port}`,
    async manifest() {
      return JSON.parse(await readFile(join(root, 'remotes.json'), 'utf8'));
    },
    /** The release CLI against this site's deploy root. */
    release(...args: string[]) {
      const result = spawnSync(process.execPath, [join(workspace, 'tools/release/cli.mjs'), ...args, '--root', root, '--workspace', workspace], {
        encoding: 'utf8',
        // These journeys test the release mechanics; the compatibility check is compat.spec.ts's.
        env: { ...process.env, RELEASE_COMPAT_SKIP: 'e2e private site: the journeys test the release mechanics' },
      });
      return { status: result.status, stdout: result.stdout, stderr: result.stderr };
    },
    async stop() {
      // Wait for the edge to be gone (and its port free) before the next site may start.
      // (It drains for at most a few seconds; past 15 s it is killed.)
      if (exited === null)
        await new Promise((resolve) => {
          const force = setTimeout(() => edge.kill('SIGKILL'), 15_000);
          edge.once('exit', () => {
            clearTimeout(force);
            resolve(undefined);
          });
          edge.kill();
        });
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * An API process of a test's own (never the suite's shared one), on its own port and a fresh
 * PGlite folder, which it migrates and seeds on first start (its admin listener on
 * `adminPort`). `kill()` ends it the hard way
 * (SIGKILL, as a crash would); `start()` starts it again on the same data.
 */
export async function startPrivateApi(port: number, adminPort = port + 1) {
  const dataDir = await mkdtemp(join(tmpdir(), 'api-'));
  const url = `http://127.0.0.1:${port}`;
  let api: ChildProcess | null = null;
  async function start(timeoutMs = 90_000) {
    const child = spawn(process.execPath, [join(workspace, 'dist/apps/api/main.js')], {
      env: { ...process.env, PORT: String(port), ADMIN_PORT: String(adminPort), STORE_MODE: 'local', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    api = child;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the private API exited (${child.exitCode})`);
      try {
        // Bounded: a process that accepts and never answers must not hold the test past its deadline.
        if ((await fetch(`${url}/health`, { signal: AbortSignal.timeout(5000) })).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the private API did not become healthy within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  async function kill(signal: NodeJS.Signals = 'SIGKILL') {
    const child = api;
    api = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill(signal);
    });
  }
  return {
    url,
    start,
    kill,
    async stop() {
      await kill('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
