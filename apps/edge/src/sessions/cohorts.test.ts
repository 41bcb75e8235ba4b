// The builds a session is given, as variants a shared cache can key pages by (docs/adr/048).
import type { DeployFiles } from '../files/deploy-files';
import type { EdgeManifest, ReleaseFiles, ShellFile } from '../release/manifest';
import { createCohorts } from './cohorts';
import { bucketOf } from './session';

const V = (n: number) => `1.0.${n}-abcdef${n}`;
const entry = (remote: string, version: string) => `/remotes/${remote}/${version}/remoteEntry.js`;

function cohortsOf(manifest: EdgeManifest, shell: ShellFile) {
  const releases = { manifest: async () => structuredClone(manifest), shell: async () => structuredClone(shell) } as unknown as ReleaseFiles;
  const files = { stat: async () => ({}) } as unknown as DeployFiles;
  return createCohorts({ root: '/deploy', files, releases, overrides: {} });
}

const withCanary = (percent: number): EdgeManifest => ({
  schemaVersion: 1,
  remotes: {
    catalog: {
      stable: { version: V(1), entry: entry('catalog', V(1)) },
      canary: { version: V(2), percent, salt: 'a1b2c3d4e5f6a7b8', entry: entry('catalog', V(2)), rollout: { steps: [10] } },
    },
    product: { stable: { version: V(3), entry: entry('product', V(3)) } },
  },
});
const sessionsIn = (inCanary: boolean, percent: number) =>
  Array.from({ length: 400 }, (_, i) => `session-${i}`).filter((id) => bucketOf('catalog', 'a1b2c3d4e5f6a7b8', id) < percent === inCanary);

describe('cohorts: variants', () => {
  it('gives every stable session the same remotes.json and id, without the canary, its salt or its rollout', async () => {
    const cohorts = cohortsOf(withCanary(30), { version: V(9) });
    const [a, b] = sessionsIn(false, 30);
    const first = await cohorts.variantFor(a!);
    const second = await cohorts.variantFor(b!);
    expect(first.id).toMatch(/^[0-9a-f]{12}$/);
    expect(second.id).toBe(first.id);
    expect(second.manifest).toEqual(first.manifest);
    expect(first.manifest.remotes['catalog']).toEqual({ stable: { version: V(1), entry: entry('catalog', V(1)) } });
    expect(first.manifest.cohorts).toEqual({ catalog: 99, product: 99 });
    expect(JSON.stringify(first.manifest)).not.toContain('a1b2c3d4e5f6a7b8');
    // A visitor without a session is given the same builds.
    expect((await cohorts.variantFor(null)).id).toBe(first.id);
  });

  it("gives a canary session the canary (bucket 0) and stable to fall back on, as another variant; each session the bucket's", async () => {
    const cohorts = cohortsOf(withCanary(30), { version: V(9) });
    const [inCanary] = sessionsIn(true, 30);
    const canary = await cohorts.variantFor(inCanary!);
    expect(canary.manifest.remotes['catalog']).toEqual({
      stable: { version: V(1), entry: entry('catalog', V(1)) },
      canary: { version: V(2), percent: 30, entry: entry('catalog', V(2)) },
    });
    expect(canary.manifest.cohorts).toEqual({ catalog: 0, product: 99 });
    expect(canary.id).not.toBe((await cohorts.variantFor(null)).id);
    expect(await cohorts.liveVariantIds()).toEqual(new Set([canary.id, (await cohorts.variantFor(null)).id]));
  });

  it('counts a shell canary among the live variants, and a promote retires every variant that was live', async () => {
    const before = cohortsOf(withCanary(30), { version: V(9), canary: { version: V(10), percent: 50, salt: 'b1b2c3d4e5f6a7b8' } });
    const live = await before.liveVariantIds();
    expect(live.size).toBe(4);
    const promoted: EdgeManifest = {
      schemaVersion: 1,
      remotes: { catalog: { stable: { version: V(2), entry: entry('catalog', V(2)) } }, product: withCanary(0).remotes['product']! },
    };
    const after = await cohortsOf(promoted, { version: V(10) }).liveVariantIds();
    expect(after.size).toBe(1);
    expect([...after].some((id) => live.has(id))).toBe(false);
  });
});
