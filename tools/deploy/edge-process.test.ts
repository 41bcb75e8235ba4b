// The edge's process entry (apps/edge/src/main.ts, built to dist/apps/edge/main.js) as an orchestrator runs it: readiness at
// /readyz (a deploy root to serve, not draining; never the API), liveness at /livez, and the
// drain on SIGTERM: no new connections, readiness 503 on the connections still open, the
// request in flight answered, exit 0 within EDGE_DRAIN_MS.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The edge's build (the tools' test target builds apps/edge first).
const EDGE = resolve(__dirname, '../../dist/apps/edge/main.js');

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

async function until<T>(check: () => Promise<T | undefined> | T | undefined, what: string, tries = 300): Promise<T> {
  for (let i = 0; i < tries; i += 1) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A stand-in API whose /slow answers only when released. */
async function fakeApi() {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  let slowSeen = 0;
  const server: Server = createServer((req, res) => {
    if (req.url === '/slow') {
      slowSeen += 1;
      void released.then(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"slow":"done"}');
      });
      return;
    }
    res.writeHead(req.url === '/health' ? 200 : 404, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, release, slowSeen: () => slowSeen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function startEdge(root: string, port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, [EDGE, '--root', root, '--port', String(port), '--host', '127.0.0.1'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<{ code: number | null; at: number }>((done) => child.on('exit', (code) => done({ code, at: Date.now() })));
  return { child, exited };
}

/** A raw keep-alive HTTP/1.1 connection: send requests on it, read what came back. */
function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((done) => socket.on('close', () => done()));
  return {
    get: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: shop.test\r\n\r\n`),
    received: () => received,
    closed,
  };
}

const answers = async (url: string) => {
  try {
    const response = await fetch(url);
    return { status: response.status, body: await response.json() };
  } catch {
    return undefined;
  }
};

describe('the edge process (dist/apps/edge/main.js)', () => {
  let root: string;
  let api: Awaited<ReturnType<typeof fakeApi>>;
  let edge: { child: ChildProcess; exited: Promise<{ code: number | null; at: number }> } | undefined;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'edge-process-'));
    api = await fakeApi();
  });
  afterEach(async () => {
    if (edge && edge.child.exitCode === null) {
      edge.child.kill('SIGKILL');
      await edge.exited;
    }
    api.server.closeAllConnections();
    await new Promise((done) => api.server.close(done));
    rmSync(root, { recursive: true, force: true });
  });

  it('is live at once, ready only with a deploy root to serve, and drains on SIGTERM', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    edge = startEdge(root, port, { API_URL: api.url, EDGE_DRAIN_MS: '5000' });
    expect(await until(() => answers(`${base}/livez`), 'the edge')).toEqual({ status: 200, body: { edge: 'ok' } });

    // Nothing deployed yet: not ready, whatever the API says.
    expect(await answers(`${base}/readyz`)).toEqual({ status: 503, body: { edge: 'unready', problem: 'no readable shell.json in the deploy root' } });
    writeFileSync(join(root, 'shell.json'), JSON.stringify({ version: '1.0.0' }));
    writeFileSync(join(root, 'remotes.json'), JSON.stringify({ remotes: {} }));
    expect(await answers(`${base}/readyz`)).toEqual({ status: 200, body: { edge: 'ready' } });
    expect((await answers(`${base}/healthz`))?.status).toBe(200);

    // Two shoppers' API calls are in flight, each on its keep-alive connection.
    const connections = [rawConnection(port), rawConnection(port)];
    for (const connection of connections) connection.get('/api/slow');
    await until(() => api.slowSeen() === 2 || undefined, 'the requests to reach the API');

    const stoppedAt = Date.now();
    edge.child.kill('SIGTERM');
    // No new connections...
    await until(async () => ((await answers(`${base}/livez`)) === undefined ? true : undefined), 'the listener to close');
    // ...and readiness fails on the connections still open.
    connections[0]!.get('/readyz');
    connections[1]!.get('/healthz');
    await new Promise((done) => setTimeout(done, 100));
    expect(edge.child.exitCode).toBeNull();

    api.release();
    const { code, at } = await edge.exited;
    await Promise.all(connections.map((connection) => connection.closed));
    expect(code).toBe(0);
    expect(at - stoppedAt).toBeLessThan(4000);
    for (const connection of connections) {
      const received = connection.received();
      expect([...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]))).toEqual([200, 503]);
      expect(received).toContain('{"slow":"done"}');
      expect(received).toContain('{"edge":"draining"}');
      expect(received).toMatch(/connection: close/i);
    }
  });

  it('with ORIGIN_URL, is ready once the origin has a shell and a remotes manifest', async () => {
    let published = false;
    const origin = createServer((req, res) => {
      const found = published && (req.url === '/shell.json' || req.url === '/remotes.json');
      res.writeHead(found ? 200 : 404, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
      res.end(found ? '{}' : '');
    });
    await new Promise<void>((done) => origin.listen(0, '127.0.0.1', done));
    try {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      edge = startEdge(root, port, { API_URL: api.url, ORIGIN_URL: `http://127.0.0.1:${(origin.address() as AddressInfo).port}/`, ORIGIN_TTL_MS: '20' });
      await until(() => answers(`${base}/livez`), 'the edge');
      expect(await answers(`${base}/readyz`)).toEqual({ status: 503, body: { edge: 'unready', problem: 'no readable shell.json in the origin' } });
      published = true;
      expect(await until(async () => ((await answers(`${base}/readyz`))?.status === 200 ? true : undefined), 'readiness')).toBe(true);
    } finally {
      origin.closeAllConnections();
      await new Promise((done) => origin.close(done));
    }
  });

  it('leaves after EDGE_DRAIN_MS when a request never ends', async () => {
    const port = await freePort();
    edge = startEdge(root, port, { API_URL: api.url, EDGE_DRAIN_MS: '300' });
    await until(() => answers(`http://127.0.0.1:${port}/livez`), 'the edge');
    const connection = rawConnection(port);
    connection.get('/api/slow');
    await until(() => api.slowSeen() || undefined, 'the request to reach the API');
    const stoppedAt = Date.now();
    edge.child.kill('SIGTERM');
    const { code, at } = await edge.exited;
    expect(code).toBe(0);
    expect(at - stoppedAt).toBeGreaterThanOrEqual(250);
    expect(at - stoppedAt).toBeLessThan(3000);
    await connection.closed;
    expect(connection.received()).toBe('');
  });
});
