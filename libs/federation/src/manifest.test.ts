import { chooseReleases, ManifestError, parseRemotesManifest } from './manifest';

const release = (remote: string, version: string) => ({ version, entry: `/remotes/${remote}/${version}/mf-manifest.json` });

function manifest(extra: Record<string, unknown> = {}) {
  return {
    schemaVersion: 1,
    remotes: {
      catalog: { stable: release('catalog', '1.0.0') },
      product: { stable: release('product', '1.0.0') },
      'cart-checkout': { stable: release('cart-checkout', '1.0.0') },
      account: { stable: release('account', '1.0.0') },
      appointments: { stable: release('appointments', '1.0.0') },
      ...extra,
    },
  };
}

describe('parseRemotesManifest', () => {
  it('accepts a manifest with a stable build of every remote', () => {
    const parsed = parseRemotesManifest(manifest());
    expect(parsed.remotes.catalog.stable.entry).toBe('/remotes/catalog/1.0.0/mf-manifest.json');
  });

  it.each([
    ['a missing remote', { ...manifest(), remotes: { catalog: manifest().remotes.catalog } }, /remotes.product is missing/],
    ['an unknown remote', manifest({ admin: { stable: release('admin', '1.0.0') } }), /unknown remote "admin"/],
    ['a bad version', manifest({ catalog: { stable: release('catalog', '../1') } }), /catalog.stable.version/],
    ['an entry that is not a json manifest', manifest({ catalog: { stable: { version: '1.0.0', entry: '/x.js' } } }), /catalog.stable.entry/],
    [
      'a canary percentage out of range',
      manifest({ catalog: { stable: release('catalog', '1.0.0'), canary: { ...release('catalog', '1.1.0'), percent: 120 } } }),
      /canary.percent/,
    ],
    [
      'a canary of the stable version',
      manifest({ catalog: { stable: release('catalog', '1.0.0'), canary: { ...release('catalog', '1.0.0'), percent: 5 } } }),
      /must differ/,
    ],
    ['a wrong schema version', { ...manifest(), schemaVersion: 2 }, /schemaVersion/],
  ])('rejects %s', (_name, value, message) => {
    expect(() => parseRemotesManifest(value)).toThrow(ManifestError);
    expect(() => parseRemotesManifest(value)).toThrow(message);
  });
});

describe('chooseReleases', () => {
  const withCanary = parseRemotesManifest(
    manifest({ catalog: { stable: release('catalog', '1.0.0'), canary: { ...release('catalog', '1.1.0'), percent: 10 } } }),
  );

  it('gives the canary to cohorts below the percentage and stable to the rest', () => {
    expect(chooseReleases(withCanary, 0).catalog).toMatchObject({ channel: 'canary', version: '1.1.0' });
    expect(chooseReleases(withCanary, 9).catalog).toMatchObject({ channel: 'canary', version: '1.1.0' });
    expect(chooseReleases(withCanary, 10).catalog).toMatchObject({ channel: 'stable', version: '1.0.0' });
    expect(chooseReleases(withCanary, 0).product).toMatchObject({ channel: 'stable', version: '1.0.0' });
  });
});

describe('per-remote buckets, salts and rollouts (docs/adr/024)', () => {
  const canary = (percent: number, extra: Record<string, unknown> = {}) => ({
    stable: release('catalog', '1.0.0'),
    canary: { ...release('catalog', '2.0.0'), percent, ...extra },
  });

  it('uses the edge bucket of each remote when the manifest carries one', () => {
    const parsed = parseRemotesManifest({
      ...manifest({ catalog: canary(10), product: { stable: release('product', '1.0.0'), canary: { ...release('product', '2.0.0'), percent: 10 } } }),
      cohorts: { catalog: 9, product: 10 },
    });
    // The cookie's cohort (50) would give stable to both; the edge's buckets decide.
    const chosen = chooseReleases(parsed, 50);
    expect(chosen.catalog.channel).toBe('canary');
    expect(chosen.product.channel).toBe('stable');
    expect(chosen.catalog).toMatchObject({ bucket: 9, bucketFrom: 'edge' });
    // A remote the edge gave no bucket for (none in this manifest) falls back to the cookie's.
    expect(chosen.account).toMatchObject({ bucket: 50, bucketFrom: 'cookie' });
  });

  it('keeps the salt and accepts a staged rollout state', () => {
    const rollout = { steps: [1, 5, 25, 50, 100], intervalMs: 600000, step: 1, stepSince: '2026-11-23T10:00:00.000Z', startedAt: '2026-11-23T09:50:00.000Z' };
    const parsed = parseRemotesManifest(manifest({ catalog: canary(5, { salt: '0123abcd0123abcd', rollout }) }));
    expect(parsed.remotes.catalog.canary).toEqual({ ...release('catalog', '2.0.0'), percent: 5, salt: '0123abcd0123abcd' });
  });

  it.each([
    ['a salt that is not hex', { salt: 'NOT-HEX!' }, /salt/],
    ['decreasing steps', { rollout: { steps: [5, 1], intervalMs: 1, step: 0, stepSince: '2026-11-23T10:00:00Z', startedAt: '2026-11-23T10:00:00Z' } }, /steps/],
    [
      'a step past the plan',
      { rollout: { steps: [5, 100], intervalMs: 1, step: 2, stepSince: '2026-11-23T10:00:00Z', startedAt: '2026-11-23T10:00:00Z' } },
      /step must/,
    ],
    ['no start date', { rollout: { steps: [100], intervalMs: 1, step: 0, stepSince: '2026-11-23T10:00:00Z' } }, /startedAt/],
  ])('refuses %s', (_name, extra, message) => {
    expect(() => parseRemotesManifest(manifest({ catalog: canary(5, extra) }))).toThrow(message);
  });

  it.each([
    [{ catalog: 100 }, /cohorts.catalog/],
    [{ admin: 3 }, /unknown remote "admin"/],
    [[], /cohorts/],
  ])('refuses bad buckets %j', (cohorts, message) => {
    expect(() => parseRemotesManifest({ ...manifest(), cohorts })).toThrow(message);
  });

  it("keeps the page view's receipt the edge signed, and refuses one that is not a receipt (docs/adr/057)", () => {
    const view = 'AbCdEfGh_-12.t0k3nf.ABCDEFGHIJKLMNOPQRSTUV';
    expect(parseRemotesManifest({ ...manifest(), view }).view).toBe(view);
    expect(parseRemotesManifest(manifest()).view).toBeUndefined();
    for (const bad of [42, '', 'x.y.z', `${view}<script>`]) expect(() => parseRemotesManifest({ ...manifest(), view: bad })).toThrow(/page-view receipt/);
  });
});
