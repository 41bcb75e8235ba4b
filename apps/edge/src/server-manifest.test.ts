// remotes.json as the edge serves it (createEdgeServer): never cached, and with a remote in
// development in place of its deployed builds (overrides), which the page's CSP then lets in.
import { createEdgeServer } from './server';
import { listen, startEdgeFixture, stop, stopEdgeFixture, type EdgeFixture } from './testing/servers';

/** The parts of remotes.json as served that these tests read. */
interface ServedManifest {
  schemaVersion: number;
  remotes: Record<string, { stable: { version: string; entry: string } }>;
}

let fixture: EdgeFixture;

beforeAll(async () => {
  // Pages render in the browser here: these tests are about remotes.json and the page's headers.
  fixture = await startEdgeFixture((options) => createEdgeServer({ ...options, ssr: false }));
});

afterAll(() => stopEdgeFixture(fixture), 20_000);

describe('edge server: remotes.json', () => {
  it('never caches remotes.json', async () => {
    const answer = await fetch(`${fixture.base}/remotes.json`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect((await answer.json()) as ServedManifest).toMatchObject({ schemaVersion: 1 });
  });

  it('serves a development override of a remote in remotes.json', async () => {
    const dev = createEdgeServer({ root: fixture.root, overrides: { catalog: 'http://127.0.0.1:4201/mf-manifest.json' }, ssr: false });
    const devBase = await listen(dev);
    try {
      const manifest = (await (await fetch(`${devBase}/remotes.json`)).json()) as ServedManifest;
      expect(manifest.remotes['catalog']).toEqual({ stable: { version: 'dev', entry: 'http://127.0.0.1:4201/mf-manifest.json' } });
      expect((await fetch(`${devBase}/`)).headers.get('content-security-policy')).toContain("connect-src 'self' http://127.0.0.1:4201 ws://127.0.0.1:4201");
    } finally {
      await stop(dev);
    }
  });
});

describe('edge server: page views (docs/adr/057)', () => {
  const beacon = (cookie: string, view: unknown) =>
    fetch(`${fixture.base}/_edge/beacon`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ view, events: [{ kind: 'loaded', app: 'catalog', version: 'v1' }] }),
    });

  it("gives remotes.json and /_edge/view a receipt of the session's page view, which its beacons count with", async () => {
    const first = await fetch(`${fixture.base}/remotes.json`);
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const { view } = (await first.json()) as { view: string };
    // A session's first view (it came with this answer) is marked so in its signed receipt.
    expect(view).toMatch(/^[\w-]{12}\.[0-9a-z]+f\.[\w-]{22}$/);
    const later = await fetch(`${fixture.base}/_edge/view`, { headers: { cookie } });
    expect(later.status).toBe(200);
    expect(later.headers.get('cache-control')).toBe('no-store');
    expect(later.headers.get('set-cookie') ?? '').not.toContain('mf_sid');
    const { view: second } = (await later.json()) as { view: string };
    expect(second).toMatch(/^[\w-]{12}\.[0-9a-z]+n\.[\w-]{22}$/);
    expect((await beacon(cookie, second)).status).toBe(204);
    // The same receipt from another session counts no second time (one vote per page view).
    const other = (await fetch(`${fixture.base}/_edge/view`)).headers.get('set-cookie')!.split(';')[0]!;
    expect((await beacon(other, second)).status).toBe(204);
  });

  it('refuses /_edge/view but by GET, like every page', async () => {
    expect((await fetch(`${fixture.base}/_edge/view`, { method: 'POST' })).status).toBe(405);
  });
});
