// Servers for the edge's tests: listening on a free port, stopping for good, raw requests (for
// targets fetch would rewrite), and a deploy root with an API that echoes what it was sent.
import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Listens on a free port of 127.0.0.1; the server's base URL. */
export function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

/** The base URL of a listening server. */
export function urlOf(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * Stops a server: no new connection first, then the open ones ended, again every 200 ms until
 * it has closed. Keep-alive sockets (the tests' raw requests to the edge, the edge's own to the
 * API) would hold close() for the keep-alive timeout, and one accepted after the connections
 * were ended would hold it too: the clean-clone CI's `afterAll` timed out that way twice.
 */
export async function stop(server: Server): Promise<void> {
  let closed = false;
  const done = new Promise<void>((resolve) =>
    server.close(() => {
      closed = true;
      resolve();
    }),
  );
  while (!closed) {
    server.closeAllConnections();
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 200))]);
  }
}

/** Sends raw bytes and returns the raw answer (for request targets fetch would rewrite). */
export function raw(baseUrl: string, request: string): Promise<string> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}

/** The status of a raw answer. */
export const statusOf = (answer: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

/** What the echo API answers: the request it got, and how many body bytes came. */
export interface Echo {
  path: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
  size: number;
}

/** An API that answers every request with what it got (`Echo`). */
export function createEchoApi(): Server {
  return createServer((req, res) => {
    let size = 0;
    req.on('data', (chunk: Buffer) => (size += chunk.length));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ path: req.url, method: req.method, headers: req.headers, size }));
    });
  });
}

/**
 * A deploy root as the edge's tests know it: shell 1.0.0 live (and 0.9.0 no longer), catalog
 * 2.0.0 stable in remotes.json, and a file outside the served folders.
 */
export async function createDeployRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'edge-'));
  await mkdir(join(root, 'shell/1.0.0'), { recursive: true });
  await mkdir(join(root, 'remotes/catalog/2.0.0'), { recursive: true });
  await writeFile(join(root, 'shell.json'), JSON.stringify({ version: '1.0.0' }));
  await writeFile(join(root, 'shell/1.0.0/index.html'), '<html><body><script defer src="/main.abcdef12.js"></script></body></html>');
  await writeFile(join(root, 'shell/1.0.0/main.abcdef12.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  // An earlier shell build, no longer live: open tabs may still ask for its hashed chunks.
  await mkdir(join(root, 'shell/0.9.0'), { recursive: true });
  await writeFile(join(root, 'shell/0.9.0/index.html'), '<html><body>old shell</body></html>');
  await writeFile(join(root, 'shell/0.9.0/page.0a1b2c3d.js'), 'console.log("a lazy chunk of the old shell");');
  await writeFile(join(root, 'remotes/catalog/2.0.0/mf-manifest.json'), JSON.stringify({ name: 'catalog', pad: 'y'.repeat(3000) }));
  await writeFile(
    join(root, 'remotes.json'),
    JSON.stringify({ schemaVersion: 1, remotes: { catalog: { stable: { version: '2.0.0', entry: '/remotes/catalog/2.0.0/mf-manifest.json' } } } }),
  );
  await writeFile(join(root, 'secret.txt'), 'do not serve');
  return root;
}

/** A deploy root, the echo API, and an edge over both (made by the test's own createEdgeServer). */
export interface EdgeFixture {
  root: string;
  api: Server;
  apiUrl: string;
  edge: Server;
  base: string;
}

/** Starts a fixture; `createEdge` is called with the root and the echo API's URL. */
export async function startEdgeFixture(createEdge: (options: { root: string; apiUrl: string }) => Server): Promise<EdgeFixture> {
  const root = await createDeployRoot();
  const api = createEchoApi();
  const apiUrl = await listen(api);
  const edge = createEdge({ root, apiUrl });
  const base = await listen(edge);
  return { root, api, apiUrl, edge, base };
}

/** Stops a fixture: the edge, then the API, then its deploy root removed. */
export async function stopEdgeFixture({ edge, api, root }: EdgeFixture): Promise<void> {
  await stop(edge);
  await stop(api);
  await rm(root, { recursive: true, force: true });
}
