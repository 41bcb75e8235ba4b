// The edge serving deployed files from an origin over HTTP: a deploy root published to a
// directory by `release publish`, served by a plain node static server that applies the
// directory's `_headers` (published-origin.ts), and an edge pointed at it. Everything the
// edge does on disk must hold: the page, remotes.json with the session's cohorts, the remotes'
// files, a shell build's hashed files after it stopped being live, 404s, the shell canary
// choice, the last good manifest when the origin answers garbage.
import type { Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { edgeBuild } from './edge-build';
import { publish } from './publish.mjs';
import { setCanaries, SALT, type DeployFixture } from './publish-fixture';
import { PREFIX, close, listen, publishedOrigin, type PublishedOrigin, type StaticOrigin } from './published-origin';

// The edge's build (apps/edge), as it serves an origin that `release publish` wrote.
const { createEdgeServer } = edgeBuild;

/** The parts of remotes.json as the edge serves it that these tests read. */
interface ServedManifest {
  remotes: Record<string, { stable: { version: string; entry: string }; canary?: { version: string; entry: string; percent: number; salt?: string } }>;
  cohorts: Record<string, number>;
}

let site: PublishedOrigin;
let fixture: DeployFixture;
let published: string;
let edgeRoot: string;
let origin: StaticOrigin;
let edge: Server & { flushSignal?: () => Promise<void> };
let base: string;
let clock: number;
const TTL = 5000;

beforeEach(async () => {
  site = await publishedOrigin({ catalogPercent: 100, shellPercent: 0 });
  ({ fixture, published, origin } = site);
  // The edge's own folder: its session key and release signal only, no deployed file.
  edgeRoot = await mkdtemp(join(tmpdir(), 'edge-state-'));
  clock = Date.now();
  edge = createEdgeServer({ root: edgeRoot, origin: `${origin.url}${PREFIX}`, originTtlMs: TTL, now: () => clock, apiUrl: 'http://127.0.0.1:9' });
  base = await listen(edge);
});

afterEach(async () => {
  await close(edge);
  await edge.flushSignal!();
  await site.dispose();
  await rm(edgeRoot, { recursive: true, force: true, maxRetries: 3 });
});

const sessionOf = (answer: Response): string => /mf_sid=([^.;]+)\./.exec(answer.headers.get('set-cookie') ?? '')![1]!;
/** An app's stable version, and a build's hashed script. */
const stable = (app: string): string => fixture.stable[app]!;
const mainOf = (version: string): string => fixture.mainOf[version]!;

describe('edge from an origin', () => {
  it("serves the page, remotes.json and a remote's files from the origin, with the edge's headers", async () => {
    const page = await fetch(`${base}/eyeglasses.html`);
    expect(page.status).toBe(200);
    // Rendered in the browser (these builds have no server build): nobody's to keep (docs/adr/048).
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('set-cookie')).toBeNull();
    const html = await page.text();
    expect(html).toContain('<h1>shell-v1</h1>');
    expect(html).toContain(`<meta name="eyewear-shell" content="${stable('shell')}" data-channel="stable">`);
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy')!)![1];
    expect(html).toContain(`<script nonce="${nonce}" defer src="/${mainOf(stable('shell'))}">`);

    const manifestAnswer = await fetch(`${base}/remotes.json`);
    expect(manifestAnswer.headers.get('cache-control')).toBe('no-store');
    const manifest = (await manifestAnswer.json()) as ServedManifest;
    const catalogCanary = manifest.remotes.catalog?.canary;
    expect(catalogCanary).toEqual({
      version: fixture.catalogCanary,
      entry: `/remotes/catalog/${fixture.catalogCanary}/mf-manifest.json`,
      percent: 100,
    });
    // The session's builds, not its buckets: the canary's bucket (0), stable's elsewhere (99); no salt.
    expect(sessionOf(manifestAnswer)).toMatch(/^[\w-]{22}$/);
    expect(manifest.cohorts).toEqual({ catalog: 0, product: 99, account: 99, appointments: 99, 'cart-checkout': 99 });
    expect(JSON.stringify(manifest)).not.toContain(SALT);

    const remoteManifest = await fetch(`${base}${catalogCanary!.entry}`);
    expect(remoteManifest.status).toBe(200);
    expect(remoteManifest.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(remoteManifest.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await remoteManifest.json()).toMatchObject({ name: 'catalog', content: 'catalog-v2' });

    const main = mainOf(fixture.catalogCanary);
    const script = await fetch(`${base}/remotes/catalog/${fixture.catalogCanary}/${main}`, { headers: { 'accept-encoding': 'br' } });
    expect(script.headers.get('content-encoding')).toBe('br');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    // fetch has undone the brotli already.
    expect(Buffer.from(await script.arrayBuffer()).equals(await readFile(join(published, 'remotes/catalog', fixture.catalogCanary, main)))).toBe(true);

    const png = await fetch(`${base}/remotes/product/${stable('product')}/assets/logo.png`);
    expect(png.headers.get('content-type')).toBe('image/png');
    const shellScript = await fetch(`${base}/${mainOf(stable('shell'))}`);
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
    const shell = JSON.parse(await readFile(join(published, 'shell.json'), 'utf8')) as { version: string; canary?: unknown };
    delete shell.canary;
    await writeFile(join(published, 'shell.json'), JSON.stringify(shell));
    const old = await fetch(`${base}/${mainOf(fixture.shellCanary)}`);
    expect(old.status).toBe(200);
    expect(await old.text()).toContain('shell-v2');
    expect(origin.hits['/publish.json']).toBe(1);
  });

  it('keeps immutable files, and reads remotes.json again only after its TTL', async () => {
    const file = `/remotes/catalog/${stable('catalog')}/mf-manifest.json`;
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
    // The edge read shell.json when it started (its purge feed's look at the live builds): past its TTL.
    clock += TTL + 1;
    const canaryPage = await fetch(`${base}/`);
    const html = await canaryPage.text();
    expect(html).toContain('<h1>shell-v2</h1>');
    expect(html).toContain(`content="${fixture.shellCanary}" data-channel="canary"`);
    // The canary's hashed script comes from its folder at the origin.
    expect((await fetch(`${base}/${mainOf(fixture.shellCanary)}`)).status).toBe(200);

    await setCanaries(fixture.root, { catalogCanary: fixture.catalogCanary, shellCanary: fixture.shellCanary, catalogPercent: 100, shellPercent: 0 });
    await publish({ root: fixture.root, target: published });
    const cookie = (await fetch(`${base}/remotes.json`)).headers.get('set-cookie')!.split(';')[0]!;
    // Within the TTL the edge still uses the shell.json it read.
    expect(await (await fetch(`${base}/`, { headers: { cookie } })).text()).toContain('data-channel="canary"');
    clock += TTL + 1;
    expect(await (await fetch(`${base}/`, { headers: { cookie } })).text()).toContain(`content="${stable('shell')}" data-channel="stable"`);
  });

  it('keeps the last good manifest when the origin answers garbage or is down, and answers 502 for a file it never got', async () => {
    const good = (await (await fetch(`${base}/remotes.json`)).json()) as ServedManifest;
    expect((await fetch(`${base}/`)).status).toBe(200);
    const cached = `/remotes/catalog/${stable('catalog')}/mf-manifest.json`;
    expect((await fetch(`${base}${cached}`)).status).toBe(200);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      origin.state.mode = 'garbage';
      clock += TTL + 1;
      const during = await fetch(`${base}/remotes.json`);
      expect(during.status).toBe(200);
      expect(((await during.json()) as ServedManifest).remotes).toEqual(good.remotes);
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('remotes.json in http://127.0.0.1:'));

      origin.state.mode = 'down';
      clock += TTL + 1;
      expect(((await (await fetch(`${base}/remotes.json`)).json()) as ServedManifest).remotes).toEqual(good.remotes);
      expect((await fetch(`${base}/`)).status).toBe(200);
      expect((await fetch(`${base}${cached}`)).status).toBe(200);
      const uncached = await fetch(`${base}/remotes/product/${stable('product')}/mf-manifest.json`);
      expect(uncached.status).toBe(502);
      expect(uncached.headers.get('cache-control')).toBe('no-store');
    } finally {
      errors.mockRestore();
    }
    origin.state.mode = 'ok';
    expect((await fetch(`${base}/remotes/product/${stable('product')}/mf-manifest.json`)).status).toBe(200);
  });

  it('answers 502, not 404, when the origin is down before the edge read anything', async () => {
    origin.state.mode = 'down';
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect((await fetch(`${base}/remotes.json`)).status).toBe(502);
      expect((await fetch(`${base}/remotes/catalog/${stable('catalog')}/mf-manifest.json`)).status).toBe(502);
    } finally {
      errors.mockRestore();
    }
  });
});
