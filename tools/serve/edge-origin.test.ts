// The edge serving deployed files from an origin over HTTP: a deploy root published to a
// directory by `release publish`, served by a plain node static server that applies the
// directory's `_headers` (its own small reading of the format, not publish.mjs's), and an edge
// pointed at it. Everything the edge does on disk must hold: the page, remotes.json with the
// session's cohorts, the remotes' files, a shell build's hashed files after it stopped being
// live, 404s, the shell canary choice, the last good manifest when the origin answers garbage.
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createEdgeServer, createOriginFiles, OriginError } from './edge-server.mjs';
import { bucketOf } from './session.mjs';
import { publish } from '../release/publish.mjs';
import { makeDeployRoot, setCanaries, SALT, type DeployFixture } from '../release/publish-fixture';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** `_headers` read the way Netlify and Cloudflare Pages document it: a path line, indented headers. */
function headerRules(text: string) {
  const rules: Array<{ pattern: string; headers: Array<[string, string]> }> = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!line.startsWith(' ')) rules.push({ pattern: line.trim(), headers: [] });
    else rules.at(-1)!.headers.push(line.trim().split(/:\s*/, 2) as [string, string]);
  }
  return rules;
}

type Mode = 'ok' | 'garbage' | 'down';

/** The static server's prefix, as a bucket's or a CDN's path would be. */
const PREFIX = '/cdn/site';

/**
 * A static server over `dir` under PREFIX with its _headers; counts requests per path (without
 * the prefix; anything outside it counts as `outside`); can answer garbage or 503.
 */
async function staticOrigin(dir: string) {
  const hits: Record<string, number> = {};
  const state = { mode: 'ok' as Mode };
  const server = createServer(async (req, res) => {
    const full = decodeURIComponent(new URL(req.url!, 'http://origin').pathname);
    const path = full.startsWith(`${PREFIX}/`) ? full.slice(PREFIX.length) : 'outside';
    hits[path] = (hits[path] ?? 0) + 1;
    if (state.mode === 'down') {
      res.writeHead(503).end('maintenance');
      return;
    }
    if (state.mode === 'garbage' && path.endsWith('.json') && !path.includes('/remotes/') && !path.includes('/shell/')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>a captive portal</html>');
      return;
    }
    const file = normalize(join(dir, path));
    const body = path !== 'outside' && file.startsWith(dir) && path !== '/_headers' ? await readFile(file).catch(() => null) : null;
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const headers: Record<string, string> = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
    for (const rule of headerRules(await readFile(join(dir, '_headers'), 'utf8'))) {
      const matches = rule.pattern.endsWith('*') ? path.startsWith(rule.pattern.slice(0, -1)) : path === rule.pattern;
      if (matches) for (const [name, value] of rule.headers) headers[name.toLowerCase()] = value;
    }
    res.writeHead(200, headers).end(body);
  });
  const url = await listen(server);
  return { server, url, hits, state };
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const close = (server: Server) => new Promise((resolve) => server.close(resolve));

let fixture: DeployFixture;
let published: string;
let edgeRoot: string;
let origin: Awaited<ReturnType<typeof staticOrigin>>;
let edge: Server & { flushSignal?: () => Promise<void> };
let base: string;
let clock: number;
const TTL = 5000;

beforeEach(async () => {
  fixture = await makeDeployRoot({ catalogPercent: 100, shellPercent: 0 });
  published = join(fixture.workspace, 'published');
  await publish({ root: fixture.root, target: published });
  origin = await staticOrigin(published);
  // The edge's own folder: its session key and release signal only, no deployed file.
  edgeRoot = await mkdtemp(join(tmpdir(), 'edge-state-'));
  clock = Date.now();
  edge = createEdgeServer({ root: edgeRoot, origin: `${origin.url}${PREFIX}`, originTtlMs: TTL, now: () => clock, apiUrl: 'http://127.0.0.1:9' });
  base = await listen(edge);
});

afterEach(async () => {
  await close(edge);
  await edge.flushSignal!();
  await close(origin.server);
  await rm(edgeRoot, { recursive: true, force: true, maxRetries: 3 });
  await rm(fixture.workspace, { recursive: true, force: true });
});

const sessionOf = (answer: Response) => /mf_sid=([^.;]+)\./.exec(answer.headers.get('set-cookie') ?? '')![1]!;

describe('edge from an origin', () => {
  it("serves the page, remotes.json and a remote's files from the origin, with the edge's headers", async () => {
    const page = await fetch(`${base}/eyeglasses.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache, private');
    const html = await page.text();
    expect(html).toContain('<h1>shell-v1</h1>');
    expect(html).toContain(`<meta name="eyewear-shell" content="${fixture.stable.shell}" data-channel="stable">`);
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy')!)![1];
    expect(html).toContain(`<script nonce="${nonce}" defer src="/${fixture.mainOf[fixture.stable.shell]}">`);

    const manifestAnswer = await fetch(`${base}/remotes.json`);
    expect(manifestAnswer.headers.get('cache-control')).toBe('no-store');
    const manifest = await manifestAnswer.json();
    expect(manifest.remotes.catalog.canary).toEqual({
      version: fixture.catalogCanary,
      entry: `/remotes/catalog/${fixture.catalogCanary}/mf-manifest.json`,
      percent: 100,
      salt: SALT,
    });
    // The cohort is the session's bucket with the canary's salt, as on disk.
    expect(manifest.cohorts.catalog).toBe(bucketOf('catalog', SALT, sessionOf(manifestAnswer)));
    expect(manifest.cohorts.product).toBe(bucketOf('product', 'product', sessionOf(manifestAnswer)));

    const remoteManifest = await fetch(`${base}${manifest.remotes.catalog.canary.entry}`);
    expect(remoteManifest.status).toBe(200);
    expect(remoteManifest.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(remoteManifest.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await remoteManifest.json()).toMatchObject({ name: 'catalog', content: 'catalog-v2' });

    const main = fixture.mainOf[fixture.catalogCanary];
    const script = await fetch(`${base}/remotes/catalog/${fixture.catalogCanary}/${main}`, { headers: { 'accept-encoding': 'br' } });
    expect(script.headers.get('content-encoding')).toBe('br');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    // fetch has undone the brotli already.
    expect(Buffer.from(await script.arrayBuffer()).equals(await readFile(join(published, 'remotes/catalog', fixture.catalogCanary, main)))).toBe(true);

    const png = await fetch(`${base}/remotes/product/${fixture.stable.product}/assets/logo.png`);
    expect(png.headers.get('content-type')).toBe('image/png');
    const shellScript = await fetch(`${base}/${fixture.mainOf[fixture.stable.shell]}`);
    expect(shellScript.status).toBe(200);
    expect(shellScript.headers.get('cache-control')).toContain('immutable');
  });

  it("answers 404 for what the origin does not have, never the document, and stays inside the origin's prefix", async () => {
    const missing = await fetch(`${base}/remotes/catalog/9.9.9/mf-manifest.json`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    const hashed = await fetch(`${base}/page.ffffffff.js`);
    expect(hashed.status).toBe(404);
    expect(hashed.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await fetch(`${base}/remotes/..%2f..%2fpublish.json`)).status).toBe(404);
    expect(Object.keys(origin.hits).every((path) => path !== 'outside' && !path.includes('..'))).toBe(true);
  });

  it("serves a hashed file of a shell build no longer live, found through the origin's inventory", async () => {
    // The shell canary's build is published; take it off (shell.json without a canary).
    const shell = JSON.parse(await readFile(join(published, 'shell.json'), 'utf8'));
    delete shell.canary;
    await writeFile(join(published, 'shell.json'), JSON.stringify(shell));
    const old = await fetch(`${base}/${fixture.mainOf[fixture.shellCanary]}`);
    expect(old.status).toBe(200);
    expect(await old.text()).toContain('shell-v2');
    expect(origin.hits['/publish.json']).toBe(1);
  });

  it('keeps immutable files, and reads remotes.json again only after its TTL', async () => {
    const file = `/remotes/catalog/${fixture.stable.catalog}/mf-manifest.json`;
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${base}${file}`)).status).toBe(200);
    expect(origin.hits[file]).toBe(1);
    await fetch(`${base}/remotes.json`);
    await fetch(`${base}/remotes.json`);
    expect(origin.hits['/remotes.json']).toBe(1);
    clock += TTL + 1;
    await fetch(`${base}/remotes.json`);
    expect(origin.hits['/remotes.json']).toBe(2);
    // A missing file is asked again after the TTL too (it may be published meanwhile).
    await fetch(`${base}/remotes/catalog/9.9.9/x.js`);
    await fetch(`${base}/remotes/catalog/9.9.9/x.js`);
    expect(origin.hits['/remotes/catalog/9.9.9/x.js']).toBe(1);
    clock += TTL + 1;
    await fetch(`${base}/remotes/catalog/9.9.9/x.js`);
    expect(origin.hits['/remotes/catalog/9.9.9/x.js']).toBe(2);
    // Still immutable after the clock moved on.
    await fetch(`${base}${file}`);
    expect(origin.hits[file]).toBe(1);
  });

  it('chooses the shell canary for the sessions in its bucket, as published', async () => {
    await setCanaries(fixture.root, { catalogCanary: fixture.catalogCanary, shellCanary: fixture.shellCanary, catalogPercent: 100, shellPercent: 100 });
    const result = await publish({ root: fixture.root, target: published });
    expect(result.channels['shell.json']).toBe('written');
    const canaryPage = await fetch(`${base}/`);
    const html = await canaryPage.text();
    expect(html).toContain('<h1>shell-v2</h1>');
    expect(html).toContain(`content="${fixture.shellCanary}" data-channel="canary"`);
    // The canary's hashed script comes from its folder at the origin.
    expect((await fetch(`${base}/${fixture.mainOf[fixture.shellCanary]}`)).status).toBe(200);

    await setCanaries(fixture.root, { catalogCanary: fixture.catalogCanary, shellCanary: fixture.shellCanary, catalogPercent: 100, shellPercent: 0 });
    await publish({ root: fixture.root, target: published });
    const cookie = canaryPage.headers.get('set-cookie')!.split(';')[0]!;
    // Within the TTL the edge still uses the shell.json it read.
    expect(await (await fetch(`${base}/`, { headers: { cookie } })).text()).toContain('data-channel="canary"');
    clock += TTL + 1;
    expect(await (await fetch(`${base}/`, { headers: { cookie } })).text()).toContain(`content="${fixture.stable.shell}" data-channel="stable"`);
  });

  it('keeps the last good manifest when the origin answers garbage or is down, and answers 502 for a file it never got', async () => {
    const good = await (await fetch(`${base}/remotes.json`)).json();
    expect((await fetch(`${base}/`)).status).toBe(200);
    const cached = `/remotes/catalog/${fixture.stable.catalog}/mf-manifest.json`;
    expect((await fetch(`${base}${cached}`)).status).toBe(200);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      origin.state.mode = 'garbage';
      clock += TTL + 1;
      const during = await fetch(`${base}/remotes.json`);
      expect(during.status).toBe(200);
      expect((await during.json()).remotes).toEqual(good.remotes);
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('remotes.json in http://127.0.0.1:'));

      origin.state.mode = 'down';
      clock += TTL + 1;
      expect((await (await fetch(`${base}/remotes.json`)).json()).remotes).toEqual(good.remotes);
      expect((await fetch(`${base}/`)).status).toBe(200);
      expect((await fetch(`${base}${cached}`)).status).toBe(200);
      const uncached = await fetch(`${base}/remotes/product/${fixture.stable.product}/mf-manifest.json`);
      expect(uncached.status).toBe(502);
      expect(uncached.headers.get('cache-control')).toBe('no-store');
    } finally {
      errors.mockRestore();
    }
    origin.state.mode = 'ok';
    expect((await fetch(`${base}/remotes/product/${fixture.stable.product}/mf-manifest.json`)).status).toBe(200);
  });

  it('answers 502, not 404, when the origin is down before the edge read anything', async () => {
    origin.state.mode = 'down';
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect((await fetch(`${base}/remotes.json`)).status).toBe(502);
      expect((await fetch(`${base}/remotes/catalog/${fixture.stable.catalog}/mf-manifest.json`)).status).toBe(502);
    } finally {
      errors.mockRestore();
    }
  });
});

describe('the origin file layer', () => {
  it('maps paths under the root to URLs under the prefix, shares one request for reads at the same time, and evicts past its size', async () => {
    const files = createOriginFiles({ origin: `${origin.url}${PREFIX}/`, root: '/srv/deploy' });
    const key = `/remotes/catalog/${fixture.stable.catalog}/mf-manifest.json`;
    const [a, b] = await Promise.all([files.readFile(`/srv/deploy${key}`, 'utf8'), files.readFile(`/srv/deploy${key}`, 'utf8')]);
    expect(a).toBe(b);
    expect(origin.hits[key]).toBe(1);
    await expect(files.readFile('/srv/elsewhere/remotes.json')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(files.stat('/srv/deploy/remotes/none.js')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await files.readdir('/srv/deploy/shell')).toEqual(expect.arrayContaining([fixture.stable.shell, fixture.shellCanary]));
    // Six scripts of 1.5 to 2.5 KiB do not fit in 10 KiB: the least recently used goes first.
    const big = createOriginFiles({ origin: `${origin.url}${PREFIX}`, root: '/srv/deploy', maxBytes: 10240 });
    const scripts = [
      ['catalog', fixture.stable.catalog],
      ['catalog', fixture.catalogCanary],
      ['product', fixture.stable.product],
      ['account', fixture.stable.account],
      ['appointments', fixture.stable.appointments],
      ['cart-checkout', fixture.stable['cart-checkout']],
    ].map(([app, version]) => `/remotes/${app}/${version}/${fixture.mainOf[version!]}`);
    for (const path of scripts) await big.readFile(`/srv/deploy${path}`);
    expect(big.cached().bytes).toBeLessThanOrEqual(10240);
    expect(big.cached().files).toBeLessThan(scripts.length);
    await big.readFile(`/srv/deploy${scripts[5]}`);
    expect(origin.hits[scripts[5]!]).toBe(1);
    await big.readFile(`/srv/deploy${scripts[0]}`);
    expect(origin.hits[scripts[0]!]).toBe(2);
    origin.state.mode = 'down';
    await expect(files.readFile('/srv/deploy/shell.json')).rejects.toBeInstanceOf(OriginError);
  });

  it('refuses an origin that is not http(s)', () => {
    expect(() => createOriginFiles({ origin: 'file:///srv/deploy', root: '/srv/deploy' })).toThrow(/http\(s\) URL/);
  });
});
