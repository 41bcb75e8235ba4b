// Starts what the bench measures: the API on a fresh seeded database and the edge server
// over the current production builds, on their own ports and folders.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { deployWorkspace } from '../release/deploy.mjs';
// The edge's build (apps/edge; the bench builds the apps first).
const { createEdgeServer } = (await import(pathToFileURL(join(import.meta.dirname, '../../dist/apps/edge/index.js')).href)).default;

async function waitFor(url, seconds) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** @param {{ workspace: string, port: number, apiPort: number }} options */
export async function startSite({ workspace, port, apiPort }) {
  const scratch = await mkdtemp(join(tmpdir(), 'bench-'));
  const root = join(scratch, 'deploy');
  await deployWorkspace({ root, workspace });
  const api = spawn(process.execPath, [join(workspace, 'dist/apps/api/main.js')], {
    stdio: 'ignore',
    env: { ...process.env, PORT: String(apiPort), ADMIN_PORT: '0', DATA_DIR: join(scratch, 'data'), LOG_LEVEL: 'warn' },
  });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  await waitFor(`${apiUrl}/health`, 120);
  // Every measured browser comes from 127.0.0.1: no per-address limit on new sessions.
  const edge = createEdgeServer({ root, apiUrl, mintsPerAddressMinute: 1_000_000 });
  await new Promise((resolve) => edge.listen(port, '127.0.0.1', () => resolve(undefined)));
  const others = [];
  return {
    url: `http://127.0.0.1:${port}`,
    apiUrl,
    /**
     * Another edge over the same deploy and API (issue 19): `ssr: false` renders every page in
     * the browser only (the side-by-side figures), `ssrCache: false` renders every request anew.
     */
    async edge(otherPort, options) {
      const other = createEdgeServer({ root, apiUrl, mintsPerAddressMinute: 1_000_000, ...options });
      await new Promise((resolve) => other.listen(otherPort, '127.0.0.1', () => resolve(undefined)));
      others.push(other);
      return `http://127.0.0.1:${otherPort}`;
    },
    async stop() {
      for (const other of others) await new Promise((resolve) => other.close(() => resolve(undefined)));
      await new Promise((resolve) => edge.close(() => resolve(undefined)));
      api.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
