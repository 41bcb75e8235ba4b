import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import { createEdgeServer } from './edge-server.mjs';

// Each test starts real servers, and one compresses a large file at the best brotli level: on a
// loaded 2-core CI machine (or one building beside it) several took more than jest's default 5 s.
jest.setTimeout(30_000);

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
  api = createServer((req, res) => {
    let size = 0;
    req.on('data', (chunk: Buffer) => (size += chunk.length));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ path: req.url, method: req.method, headers: req.headers, size }));
    });
  });
  const apiUrl = await listen(api);
  edge = createEdgeServer({ root, apiUrl });
  base = await listen(edge);
});

/**
 * Stops a server: no new connection first, then the open ones ended, again every 200 ms until
 * it has closed. Keep-alive sockets (the tests' raw requests to the edge, the edge's own to the
 * API) would hold close() for the keep-alive timeout, and one accepted after the connections
 * were ended would hold it too: the clean-clone CI's `afterAll` timed out that way twice.
 */
async function stop(server: Server): Promise<void> {
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

afterAll(async () => {
  await stop(edge);
  await stop(api);
  await rm(root, { recursive: true, force: true });
}, 20_000);

describe('edge server', () => {
  it('serves the shell document for any app route, with a per-response CSP nonce on its scripts', async () => {
    const first = await fetch(`${base}/product/123`);
    const second = await fetch(`${base}/eyeglasses.html`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache, private');
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

  it('serves a hashed file of a shell build that is no longer live (open tabs keep working), and 404s one no build has', async () => {
    const old = await fetch(`${base}/page.0a1b2c3d.js`);
    expect(old.status).toBe(200);
    expect(await old.text()).toContain('a lazy chunk of the old shell');
    expect(old.headers.get('cache-control')).toContain('immutable');
    const gone = await fetch(`${base}/page.ffffffff.js`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toMatch(/^text\/plain/);
    // The old build's document is never served: a new page load gets the live shell.
    expect(await (await fetch(`${base}/`)).text()).not.toContain('old shell');
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

  it('answers a large file at once with a quick compressed copy, made on the thread pool, and later with the best one', async () => {
    // About the shell entry's size: brotli 11 takes a second or so, which inline stopped the edge.
    const text = Array.from({ length: 20_000 }, (_, i) => `export const v${i} = ${JSON.stringify(`value-${i}-${(i * 7919) % 104_729}`)};`).join('\n');
    await writeFile(join(root, 'shell/1.0.0/big.0badc0de.js'), text);
    const rawGet = () =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        request(`${base}/big.0badc0de.js`, { headers: { 'accept-encoding': 'br' } }, (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const first = await rawGet();
    expect(first.encoding).toBe('br');
    expect(brotliDecompressSync(first.body).toString()).toBe(text);
    // The best copy replaces the quick one once it is made: smaller, the same file.
    let later = first;
    for (let i = 0; i < 100 && later.body.length >= first.body.length; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      later = await rawGet();
    }
    expect(later.body.length).toBeLessThan(first.body.length);
    expect(brotliDecompressSync(later.body).toString()).toBe(text);
  });

  it("compresses the live builds' files at their best ahead of the first shopper who asks", async () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `export const w${i} = ${JSON.stringify(`warm-${i}-${(i * 7907) % 104_723}`)};`).join('\n');
    await writeFile(join(root, 'remotes/catalog/2.0.0/chunk.1234abcd.js'), text);
    const warmEdge = createEdgeServer({ root, apiUrl: 'http://127.0.0.1:9' });
    const warmBase = await listen(warmEdge);
    try {
      await (warmEdge as unknown as { warmLiveBuilds(): Promise<void> }).warmLiveBuilds();
      const body = await new Promise<Buffer>((resolve, reject) => {
        request(`${warmBase}/remotes/catalog/2.0.0/chunk.1234abcd.js`, { headers: { 'accept-encoding': 'br' } }, (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        })
          .on('error', reject)
          .end();
      });
      expect(body.length).toBe(brotliCompressSync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length);
    } finally {
      await stop(warmEdge);
    }
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
    expect(await answer.json()).toMatchObject({ path: '/v3/utility/routing?url=%2Fx', method: 'POST', size: 2 });
    const down = createEdgeServer({ root, apiUrl: 'http://127.0.0.1:9' });
    const downBase = await listen(down);
    const failed = await fetch(`${downBase}/api/v1/health`);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ message: 'The storefront API is not reachable.', code: 'API_UNREACHABLE' });
    await stop(down);
  });

  it('tries a proxied call again only when a repeat cannot write twice: reads and keyed writes, never a bare write that reached the API', async () => {
    // An API that cuts the connection of every call's first try after reading it (a pod killed
    // mid-request behind a Service: no balancer retries there), then answers the second.
    const seen = new Map<string, number>();
    const flaky = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const id = `${req.method} ${req.url}`;
        const tries = (seen.get(id) ?? 0) + 1;
        seen.set(id, tries);
        if (tries === 1) return req.socket.destroy();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ tries }));
      });
    });
    const flakyEdge = createEdgeServer({ root, apiUrl: await listen(flaky) });
    const flakyBase = await listen(flakyEdge);
    try {
      const read = await fetch(`${flakyBase}/api/v2/carts`);
      expect(read.status).toBe(200);
      expect(await read.json()).toEqual({ tries: 2 });

      const keyed = await fetch(`${flakyBase}/api/v2/carts/items`, { method: 'POST', body: '{}', headers: { 'idempotency-key': 'key-0123456789abcdef' } });
      expect(keyed.status).toBe(200);
      expect(await keyed.json()).toEqual({ tries: 2 });

      // A write without a key reached the API once: it may have been applied, so it is not sent again.
      const bare = await fetch(`${flakyBase}/api/v2/sessions/logout`, { method: 'POST', body: '{}' });
      expect(bare.status).toBe(502);
      expect(await bare.json()).toEqual({ message: 'The storefront API is not reachable.', code: 'API_UNREACHABLE' });
      expect(seen.get('POST /v2/sessions/logout')).toBe(1);
    } finally {
      await stop(flakyEdge);
      await stop(flaky);
    }
  });

  it('serves a development override of a remote in remotes.json', async () => {
    const dev = createEdgeServer({ root, overrides: { catalog: 'http://127.0.0.1:4201/mf-manifest.json' } });
    const devBase = await listen(dev);
    const manifest = await (await fetch(`${devBase}/remotes.json`)).json();
    expect(manifest.remotes.catalog).toEqual({ stable: { version: 'dev', entry: 'http://127.0.0.1:4201/mf-manifest.json' } });
    expect((await fetch(`${devBase}/`)).headers.get('content-security-policy')).toContain("connect-src 'self' http://127.0.0.1:4201 ws://127.0.0.1:4201");
    await stop(dev);
  });
});

/** Sends raw bytes and returns the raw answer (for request targets fetch would rewrite). */
function raw(baseUrl: string, request: string): Promise<string> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

describe('edge server: new sessions per client address', () => {
  it('gives one address at most N new sessions a minute, then serves the store without one (stable, no votes)', async () => {
    const own = createEdgeServer({ root, apiUrl: 'http://127.0.0.1:9', mintsPerAddressMinute: 2 });
    const at = await listen(own);
    try {
      const cookies: (string | null)[] = [];
      for (let i = 0; i < 3; i += 1) cookies.push((await fetch(`${at}/remotes.json`)).headers.get('set-cookie'));
      expect(cookies.slice(0, 2).every((c) => /^mf_sid=/.test(c ?? ''))).toBe(true);
      const third = await fetch(`${at}/remotes.json`);
      expect(third.headers.get('set-cookie')).toBeNull();
      expect(third.status).toBe(200);
      expect((await third.json()).cohorts).toEqual({ catalog: 99 });
      // The document is still served, without a session.
      const page = await fetch(`${at}/eyeglasses.html`);
      expect(page.status).toBe(200);
      expect(page.headers.get('set-cookie')).toBeNull();
      // A shopper who already has a session keeps it.
      const known = cookies[0]!.split(';')[0]!;
      expect((await fetch(`${at}/remotes.json`, { headers: { cookie: known } })).status).toBe(200);
    } finally {
      await stop(own);
    }
  });
});

describe('edge server behind a load balancer (EDGE_TRUST_PROXY)', () => {
  it("counts new sessions per client address the balancer saw, and tells the API that address; a client's own header changes nothing", async () => {
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const behind = createEdgeServer({ root, apiUrl, mintsPerAddressMinute: 1, trustProxy: ['127.0.0.1'] });
    const at = await listen(behind);
    try {
      // HAProxy's `option forwardfor` appends the address it saw; a client may send its own first.
      const from = (client: string, spoofed?: string) => ({ 'x-forwarded-for': spoofed ? `${spoofed}, ${client}` : client });
      const first = await fetch(`${at}/remotes.json`, { headers: from('203.0.113.7') });
      expect(first.headers.get('set-cookie')).toMatch(/^mf_sid=/);
      // The same shopper again: over its one new session this minute, whatever it claims to be.
      expect((await fetch(`${at}/remotes.json`, { headers: from('203.0.113.7', '198.51.100.1') })).headers.get('set-cookie')).toBeNull();
      // Another shopper behind the same balancer still gets one.
      expect((await fetch(`${at}/remotes.json`, { headers: from('203.0.113.8') })).headers.get('set-cookie')).toMatch(/^mf_sid=/);
      const { headers } = await (await fetch(`${at}/api/v2/whoami`, { headers: from('203.0.113.9', '6.6.6.6') })).json();
      expect(headers['x-forwarded-for']).toBe('203.0.113.9');
    } finally {
      await stop(behind);
    }
  });

  it("takes subnets (a cluster's balancers change address), and refuses what is not an address", async () => {
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const behind = createEdgeServer({ root, apiUrl, trustProxy: ['127.0.0.0/8', '10.0.0.0/8'] });
    const at = await listen(behind);
    try {
      // 10.1.2.3 is another balancer hop, trusted too: the client is the hop before it.
      const { headers } = await (await fetch(`${at}/api/v2/whoami`, { headers: { 'x-forwarded-for': '203.0.113.5, 10.1.2.3' } })).json();
      expect(headers['x-forwarded-for']).toBe('203.0.113.5');
    } finally {
      await stop(behind);
    }
    expect(() => createEdgeServer({ root, apiUrl, trustProxy: ['balancer.local'] })).toThrow('EDGE_TRUST_PROXY: balancer.local');
  });
});

describe('edge server: the /api/ proxy reaches the API and nothing else', () => {
  let evil: Server;
  let evilUrl: string;
  let evilHost: string;
  const received: string[] = [];

  beforeAll(async () => {
    evil = createServer((req, res) => {
      received.push(`${req.method} ${req.url} cookie=${req.headers.cookie ?? ''}`);
      res.end('stolen');
    });
    evil.on('connection', () => received.push('connection'));
    evilUrl = await listen(evil);
    evilHost = new URL(evilUrl).host;
  });
  afterAll(async () => {
    await stop(evil);
  });

  it('refuses protocol-relative, encoded, backslash, control-character and dot-segment paths with 400, and sends nothing to another host', async () => {
    const targets = [
      `/api//${evilHost}/x`,
      `/api//${evilHost}`,
      `/api/%2f%2f${evilHost}/x`,
      `/api/%2F%2F${evilHost}/x`,
      `/api/%2f/${evilHost}/x`,
      `/api/%5c%5c${evilHost}/x`,
      `/api/%5C${evilHost}/x`,
      `/api/v2/%00/x`,
      `/api/v2/%0d%0aHost:%20${evilHost}`,
      `/api/../remotes.json`,
      `/api/%2e%2e/x`,
      `/api/v2/./x`,
      `/api/%E0%A4%A`,
    ];
    for (const target of targets) {
      const answer = await raw(base, `GET ${target} HTTP/1.1\r\nHost: shop.example\r\nCookie: clientV1_in=secret-session\r\nConnection: close\r\n\r\n`);
      expect({ target, status: statusOf(answer) }).toEqual({ target, status: 400 });
      expect(answer).toContain('"code":"BAD_PATH"');
    }
    // A backslash fetch would turn into a slash: raw bytes.
    const backslash = await raw(
      base,
      `GET /api/\\\\${evilHost}/x HTTP/1.1\r\nHost: shop.example\r\nCookie: clientV1_in=secret-session\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(backslash)).toBe(400);
    expect(received).toEqual([]);
  });

  it('answers paths that start with // as paths, never a 500, and sends nothing to the host they name', async () => {
    const statusAt = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const { port } = new URL(base);
        request({ host: '127.0.0.1', port: Number(port), path }, (res: IncomingMessage) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
          .on('error', reject)
          .end();
      });
    // `//` and `//host/...` are paths (a 500 before: the first was read as a protocol-relative URL with no host).
    for (const target of ['//', `//${evilHost}`, `//${evilHost}/product/128001`])
      expect({ target, ok: (await statusAt(target)) < 500 }).toEqual({ target, ok: true });
    expect(received).toEqual([]);
  });

  it('refuses absolute-form request targets (GET http://host/ HTTP/1.1) with 400', async () => {
    for (const target of [`${evilUrl}/x`, `${evilUrl}/api/x`, `http://${evilHost}/api/v2/sessions`]) {
      const answer = await raw(base, `GET ${target} HTTP/1.1\r\nHost: ${evilHost}\r\nCookie: clientV1_in=secret-session\r\nConnection: close\r\n\r\n`);
      expect({ target, status: statusOf(answer) }).toEqual({ target, status: 400 });
    }
    expect(received).toEqual([]);
  });

  it('passes a valid path and query to the configured API only, with its cookies', async () => {
    const answer = await fetch(`${base}/api/v2/products/12?q=a%2F%2Fb`, { headers: { cookie: 'clientV1_in=secret-session' } });
    const body = await answer.json();
    expect(body.path).toBe('/v2/products/12?q=a%2F%2Fb');
    expect(body.headers.cookie).toBe('clientV1_in=secret-session');
    expect(received).toEqual([]);
  });

  it("drops the client's forwarding headers and sets its own", async () => {
    const answer = await fetch(`${base}/api/v2/whoami`, {
      headers: {
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
        forwarded: 'for=6.6.6.6;proto=https',
        'x-real-ip': '6.6.6.6',
      },
    });
    const { headers } = await answer.json();
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe(new URL(base).host);
    expect(headers.forwarded).toBeUndefined();
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers.host).toBe(new URL((api.address() as AddressInfo) && `http://127.0.0.1:${(api.address() as AddressInfo).port}`).host);
  });

  it('tells the API the public scheme and host when configured with a public origin', async () => {
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const tls = createEdgeServer({ root, apiUrl, publicOrigin: 'https://shop.example' });
    const tlsBase = await listen(tls);
    const { headers } = await (
      await fetch(`${tlsBase}/api/v2/whoami`, { headers: { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.example' } })
    ).json();
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(headers['x-forwarded-host']).toBe('shop.example');
    // Behind TLS the edge's own answers tell browsers to keep to https (HSTS); plain http never does.
    expect((await fetch(`${tlsBase}/livez`)).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await fetch(`${base}/livez`)).headers.get('strict-transport-security')).toBeNull();
    await stop(tls);
  });
});

describe('edge server: limits, timeouts and readiness', () => {
  it('answers 413 with JSON for a body over the limit, declared or chunked', async () => {
    const big = 'x'.repeat(300 * 1024);
    const declared = await fetch(`${base}/api/v2/telemetry/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: 'BODY_TOO_LARGE' });
    const chunked = await fetch(`${base}/api/v2/telemetry/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 10; i += 1) controller.enqueue(new TextEncoder().encode('y'.repeat(40 * 1024)));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    // An upload may be larger than a JSON body.
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(1024 * 1024)]), 'photo.jpg');
    const upload = await fetch(`${base}/api/v2/uploads`, { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    expect((await upload.json()).size).toBeGreaterThan(1024 * 1024);
  });

  it("passes the API's own 413 through (the API closes the connection mid-body) instead of a 502", async () => {
    const strict = Fastify({ bodyLimit: 1024 });
    strict.post('/v2/x', async () => ({ ok: true }));
    const strictUrl = await strict.listen({ port: 0, host: '127.0.0.1' });
    // An edge that allows more than the API: the API refuses while the body is still coming.
    const edgeOverStrict = createEdgeServer({ root, apiUrl: strictUrl, bodyLimit: 16 * 1024 * 1024 });
    const strictBase = await listen(edgeOverStrict);
    for (let i = 0; i < 5; i += 1) {
      const answer = await fetch(`${strictBase}/api/v2/x`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pad: 'z'.repeat(8 * 1024 * 1024) }),
      });
      expect(answer.status).toBe(413);
      expect(await answer.json()).toMatchObject({ code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    }
    await stop(edgeOverStrict);
    await strict.close();
  });

  it('answers 504 with JSON when the API does not answer in time', async () => {
    const stalled = createServer(() => {
      // never answers
    });
    const stalledUrl = await listen(stalled);
    const slowEdge = createEdgeServer({ root, apiUrl: stalledUrl, responseTimeoutMs: 300 });
    const slowBase = await listen(slowEdge);
    const started = Date.now();
    const answer = await fetch(`${slowBase}/api/v2/anything`);
    expect(answer.status).toBe(504);
    expect(await answer.json()).toEqual({ message: 'The storefront API did not answer in time.', code: 'API_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(3000);
    await stop(slowEdge);
    await stop(stalled);
  });

  it('reports liveness at /livez and the API readiness at /healthz', async () => {
    const health = createServer((req, res) => {
      res.writeHead(req.url === '/health' ? 200 : 404, { 'content-type': 'application/json' });
      res.end('{}');
    });
    const healthUrl = await listen(health);
    const up = createEdgeServer({ root, apiUrl: healthUrl });
    const upBase = await listen(up);
    const ready = await fetch(`${upBase}/healthz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ edge: 'ok', api: 'ok' });
    await stop(health);
    const down = await fetch(`${upBase}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ edge: 'ok', api: 'unreachable' });
    const live = await fetch(`${upBase}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ edge: 'ok' });
    // The shell still loads with the API gone.
    expect((await fetch(`${upBase}/product/1`)).status).toBe(200);
    await stop(up);
  });
});
