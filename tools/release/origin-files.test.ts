// The origin file layer on its own: a deploy root published to a directory by `release
// publish` and served by a plain static server (published-origin.ts), and small servers of the
// test's own for the origin's Cache-Control, missing files and a stalled origin.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { edgeBuild } from './edge-build';
import { PREFIX, close, listen, publishedOrigin, type PublishedOrigin } from './published-origin';

// The edge's origin file layer (apps/edge/src/files/origin-files.ts), from its build.
const { createOriginFiles, OriginError } = edgeBuild;

describe('the origin file layer', () => {
  let site: PublishedOrigin;

  beforeEach(async () => {
    site = await publishedOrigin({ catalogPercent: 100, shellPercent: 0 });
  });

  afterEach(async () => {
    await site.dispose();
  });

  it('maps paths under the root to URLs under the prefix, shares one request for reads at the same time, and evicts past its size', async () => {
    const { fixture, origin } = site;
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
    const scripts = (
      [
        ['catalog', fixture.stable.catalog],
        ['catalog', fixture.catalogCanary],
        ['product', fixture.stable.product],
        ['account', fixture.stable.account],
        ['appointments', fixture.stable.appointments],
        ['cart-checkout', fixture.stable['cart-checkout']],
      ] as const
    ).map(([app, version]) => `/remotes/${app}/${version}/${fixture.mainOf[version ?? '']}`);
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

  it('gives the same stamp for the same bytes, as the size and mtimeMs of a file', async () => {
    const { fixture, origin } = site;
    const key = `/remotes/catalog/${fixture.stable.catalog}/mf-manifest.json`;
    const one = createOriginFiles({ origin: `${origin.url}${PREFIX}`, root: '/srv/deploy' });
    const other = createOriginFiles({ origin: `${origin.url}${PREFIX}`, root: '/srv/deploy' });
    const [a, b] = [await one.stat(`/srv/deploy${key}`), await other.stat(`/srv/deploy${key}`)];
    expect(a.isFile()).toBe(true);
    expect(a.size).toBe((await one.readFile(`/srv/deploy${key}`)).length);
    expect(a.mtimeMs).toBe(b.mtimeMs);
    expect(await one.readdir(`/srv/deploy/remotes/catalog`)).toEqual([]);
  });
});

/** A server answering each path as `answers` says, counting requests per path. */
async function ownOrigin(answers: Record<string, (res: ServerResponse) => void>) {
  const hits: Record<string, number> = {};
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://origin').pathname;
    hits[path] = (hits[path] ?? 0) + 1;
    const answer = answers[path];
    if (answer) answer(res);
    else res.writeHead(404).end('not found');
  });
  return { server, url: await listen(server), hits };
}

describe("the origin file layer and the origin's answers", () => {
  let clock: number;
  let own: Awaited<ReturnType<typeof ownOrigin>>;
  const stalled: ServerResponse[] = [];

  beforeEach(async () => {
    clock = 1_000_000;
    own = await ownOrigin({
      '/a/kept.js': (res) => res.writeHead(200, { 'cache-control': 'public, max-age=31536000, immutable' }).end('kept'),
      '/a/minute.js': (res) => res.writeHead(200, { 'cache-control': 'public, max-age=60' }).end('a minute'),
      '/a/shared.js': (res) => res.writeHead(200, { 'cache-control': 'max-age=1, s-maxage=30' }).end('thirty seconds'),
      '/a/fresh.js': (res) => res.writeHead(200, { 'cache-control': 'no-cache' }).end('every time'),
      '/a/bare.js': (res) => res.writeHead(200).end('no header'),
      '/remotes.json': (res) => res.writeHead(200, { 'cache-control': 'public, max-age=31536000, immutable' }).end('{}'),
      '/a/forbidden.js': (res) => res.writeHead(403).end(),
      '/a/failing.js': (res) => res.writeHead(500).end(),
      '/a/stalled.js': (res) => void stalled.push(res.writeHead(200)),
    });
  });

  afterEach(async () => {
    for (const res of stalled.splice(0)) res.destroy();
    await close(own.server);
  });

  const filesOf = (options: { timeoutMs?: number } = {}) => createOriginFiles({ origin: own.url, root: '/d', ttlMs: 5000, now: () => clock, ...options });

  it("keeps a file as long as the origin's Cache-Control says, and channel files for the TTL whatever they say", async () => {
    const files = filesOf();
    const read = async (...paths: string[]) => {
      for (const path of paths) await files.readFile(`/d${path}`);
    };
    const all = ['/a/kept.js', '/a/minute.js', '/a/shared.js', '/a/fresh.js', '/a/bare.js', '/remotes.json'];
    await read(...all, ...all);
    expect(own.hits).toEqual({ '/a/kept.js': 1, '/a/minute.js': 1, '/a/shared.js': 1, '/a/fresh.js': 2, '/a/bare.js': 2, '/remotes.json': 1 });
    clock += 5001;
    await read(...all);
    expect(own.hits).toMatchObject({ '/a/kept.js': 1, '/a/minute.js': 1, '/a/shared.js': 1, '/remotes.json': 2 });
    clock += 25_000;
    await read(...all);
    expect(own.hits).toMatchObject({ '/a/kept.js': 1, '/a/minute.js': 1, '/a/shared.js': 2 });
    clock += 60_000;
    await read(...all);
    expect(own.hits).toMatchObject({ '/a/kept.js': 1, '/a/minute.js': 2 });
    expect(files.cached().files).toBe(4);
  });

  it('remembers a missing file (404 or 403) for the TTL, then asks again', async () => {
    const files = filesOf();
    for (const path of ['/d/a/none.js', '/d/a/forbidden.js', '/d/a/none.js', '/d/a/forbidden.js'])
      await expect(files.stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(own.hits).toEqual({ '/a/none.js': 1, '/a/forbidden.js': 1 });
    clock += 5001;
    await expect(files.readFile('/d/a/none.js', 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(own.hits['/a/none.js']).toBe(2);
  });

  it('throws an OriginError, not a missing file, for a 5xx, a refused connection and a stall; never remembered', async () => {
    const files = filesOf({ timeoutMs: 200 });
    await expect(files.readFile('/d/a/failing.js')).rejects.toThrow(new OriginError(`the origin answered 500 for /a/failing.js`));
    await expect(files.readFile('/d/a/failing.js')).rejects.toBeInstanceOf(OriginError);
    expect(own.hits['/a/failing.js']).toBe(2);
    await expect(files.stat('/d/a/stalled.js')).rejects.toThrow(/the origin did not answer for \/a\/stalled.js/);
    const gone = createOriginFiles({ origin: 'http://127.0.0.1:9/', root: '/d' });
    await expect(gone.readFile('/d/remotes.json')).rejects.toBeInstanceOf(OriginError);
  });
});
