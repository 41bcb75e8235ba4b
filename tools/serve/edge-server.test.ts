import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { createEdgeServer } from './edge-server.mjs';

let root: string;
let edge: Server;
let api: Server;
let base: string;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'edge-'));
  await mkdir(join(root, 'shell/1.0.0'), { recursive: true });
  await mkdir(join(root, 'remotes/catalog/2.0.0'), { recursive: true });
  await writeFile(join(root, 'shell.json'), JSON.stringify({ version: '1.0.0' }));
  await writeFile(join(root, 'shell/1.0.0/index.html'), '<html><body><script defer src="/main.abcdef12.js"></script></body></html>');
  await writeFile(join(root, 'shell/1.0.0/main.abcdef12.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  await writeFile(join(root, 'remotes/catalog/2.0.0/mf-manifest.json'), JSON.stringify({ name: 'catalog', pad: 'y'.repeat(3000) }));
  await writeFile(join(root, 'remotes.json'), JSON.stringify({ schemaVersion: 1, remotes: { catalog: { stable: { version: '2.0.0', entry: '/remotes/catalog/2.0.0/mf-manifest.json' } } } }));
  await writeFile(join(root, 'secret.txt'), 'do not serve');
  api = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ path: req.url, method: req.method }));
  });
  const apiUrl = await listen(api);
  edge = createEdgeServer({ root, apiUrl });
  base = await listen(edge);
});

afterAll(async () => {
  await new Promise((r) => edge.close(r));
  await new Promise((r) => api.close(r));
  await rm(root, { recursive: true, force: true });
});

describe('edge server', () => {
  it('serves the shell document for any app route, with a per-response CSP nonce on its scripts', async () => {
    const first = await fetch(`${base}/product/123`);
    const second = await fetch(`${base}/eyeglasses.html`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const csp = first.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(await first.text()).toContain(`<script nonce="${nonce}" defer`);
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("caches the shell's hashed files and the remotes' versioned files for good, compressed", async () => {
    const shellAsset = await fetch(`${base}/main.abcdef12.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(shellAsset.headers.get('cache-control')).toContain('immutable');
    const remote = await fetch(`${base}/remotes/catalog/2.0.0/mf-manifest.json`, { headers: { 'accept-encoding': 'br' } });
    expect(remote.status).toBe(200);
    expect(remote.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(remote.headers.get('content-encoding')).toBe('br');
    expect(await remote.json()).toMatchObject({ name: 'catalog' });
  });

  it('compresses with gzip for clients without brotli', async () => {
    const raw = await new Promise<Buffer>((resolve) => {
      request(`${base}/main.abcdef12.js`, { headers: { 'accept-encoding': 'gzip' } }, (res: IncomingMessage) => {
        expect(res.headers['content-encoding']).toBe('gzip');
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      }).end();
    });
    expect(gunzipSync(raw).toString()).toContain('console.log');
  });

  it('never caches remotes.json', async () => {
    const answer = await fetch(`${base}/remotes.json`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toMatchObject({ schemaVersion: 1 });
  });

  it('answers 404 for missing remote files and refuses to leave the deploy root', async () => {
    expect((await fetch(`${base}/remotes/catalog/9.9.9/mf-manifest.json`)).status).toBe(404);
    expect((await fetch(`${base}/remotes/..%2fsecret.txt`)).status).toBe(404);
    expect(await (await fetch(`${base}/remotes/%2e%2e/%2e%2e/secret.txt`)).text()).not.toContain('do not serve');
  });

  it('proxies /api/ to the API, and says so in JSON when the API is down', async () => {
    const answer = await fetch(`${base}/api/v3/utility/routing?url=%2Fx`, { method: 'POST', body: '{}' });
    expect(await answer.json()).toEqual({ path: '/v3/utility/routing?url=%2Fx', method: 'POST' });
    const down = createEdgeServer({ root, apiUrl: 'http://127.0.0.1:9' });
    const downBase = await listen(down);
    const failed = await fetch(`${downBase}/api/v1/health`);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ message: 'The storefront API is not reachable.' });
    await new Promise((r) => down.close(r));
  });

  it('serves a development override of a remote in remotes.json', async () => {
    const dev = createEdgeServer({ root, overrides: { catalog: 'http://127.0.0.1:4201/mf-manifest.json' } });
    const devBase = await listen(dev);
    const manifest = await (await fetch(`${devBase}/remotes.json`)).json();
    expect(manifest.remotes.catalog).toEqual({ stable: { version: 'dev', entry: 'http://127.0.0.1:4201/mf-manifest.json' } });
    expect((await fetch(`${devBase}/`)).headers.get('content-security-policy')).toContain("connect-src 'self' http://127.0.0.1:4201 ws://127.0.0.1:4201");
    await new Promise((r) => dev.close(r));
  });
});
