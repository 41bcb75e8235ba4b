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
