// The edge serving a deploy root on disk (createEdgeServer): the shell's document with a CSP
// nonce per response, the builds' files cached for good, a shell build's hashed files after it
// stopped being live (skew protection), and 404s that never leave the deploy root.
import { createEdgeServer } from './server';
import { startEdgeFixture, stopEdgeFixture, type EdgeFixture } from './testing/servers';

let fixture: EdgeFixture;
let base: string;

beforeAll(async () => {
  // Pages render in the browser here: these tests are about files (the render worker's script
  // is only in the webpack build).
  fixture = await startEdgeFixture((options) => createEdgeServer({ ...options, ssr: false }));
  ({ base } = fixture);
});

afterAll(() => stopEdgeFixture(fixture), 20_000);

describe('edge server: the deployed files', () => {
  it('serves the shell document for any app route, with a per-response CSP nonce on its scripts', async () => {
    const first = await fetch(`${base}/product/123`);
    const second = await fetch(`${base}/eyeglasses.html`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const csp = first.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
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
    expect((await remote.json()) as unknown).toMatchObject({ name: 'catalog' });
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

  it('answers 404 for missing remote files and refuses to leave the deploy root', async () => {
    expect((await fetch(`${base}/remotes/catalog/9.9.9/mf-manifest.json`)).status).toBe(404);
    expect((await fetch(`${base}/remotes/..%2fsecret.txt`)).status).toBe(404);
    expect(await (await fetch(`${base}/remotes/%2e%2e/%2e%2e/secret.txt`)).text()).not.toContain('do not serve');
  });
});
