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
