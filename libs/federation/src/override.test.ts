import { chooseReleases, parseRemotesManifest } from './manifest';
import { applyOverrides, formatOverrides, OVERRIDE_COOKIE, parseOverrides, readOverrides } from './override';

const release = (remote: string, version: string) => ({ version, entry: `/remotes/${remote}/${version}/mf-manifest.json` });
const manifest = parseRemotesManifest({
  schemaVersion: 1,
  remotes: {
    catalog: { stable: release('catalog', '1.4.0'), canary: { ...release('catalog', '1.5.0-rc.1'), percent: 5 } },
    product: { stable: release('product', '2.0.0') },
    'cart-checkout': { stable: release('cart-checkout', '1.0.0') },
    account: { stable: release('account', '1.0.0') },
    appointments: { stable: release('appointments', '1.0.0') },
  },
});

describe('QA overrides', () => {
  it('parse remote@version pairs and drop malformed ones', () => {
    expect(parseOverrides('catalog@1.5.0-rc.1,product@2.0.0')).toEqual({ catalog: '1.5.0-rc.1', product: '2.0.0' });
    expect(parseOverrides('admin@1.0.0,catalog,@1.0,product@../x,account@')).toEqual({});
    expect(formatOverrides({ product: '2.0.0', catalog: '1.5.0-rc.1' })).toBe('catalog@1.5.0-rc.1,product@2.0.0');
  });

  it('force a version the manifest names, whatever the cohort', () => {
    const stableCohort = chooseReleases(manifest, 99);
    const { chosen, rejected } = applyOverrides(stableCohort, manifest, { catalog: '1.5.0-rc.1' });
    expect(chosen.catalog).toMatchObject({ channel: 'canary', version: '1.5.0-rc.1', overridden: true, bucket: 99, bucketFrom: 'cookie' });
    expect(rejected).toEqual([]);
    const canaryCohort = chooseReleases(manifest, 0);
    expect(applyOverrides(canaryCohort, manifest, { catalog: '1.4.0' }).chosen.catalog).toMatchObject({ channel: 'stable', version: '1.4.0' });
  });

  it('refuse a version the manifest does not name', () => {
    const { chosen, rejected } = applyOverrides(chooseReleases(manifest, 99), manifest, { catalog: '9.9.9', product: '1.0.0' });
    expect(chosen.catalog.version).toBe('1.4.0');
    expect(chosen.product.version).toBe('2.0.0');
    expect(rejected).toEqual(['catalog@9.9.9', 'product@1.0.0']);
  });

  it('are kept in a cookie for the visit, and cleared on request', () => {
    const doc = { cookie: '' };
    expect(readOverrides('?remote-override=catalog@1.5.0-rc.1', doc)).toEqual({ catalog: '1.5.0-rc.1' });
    expect(doc.cookie).toContain(`${OVERRIDE_COOKIE}=catalog%401.5.0-rc.1`);
    expect(doc.cookie).not.toContain('Max-Age');
    expect(readOverrides('', { cookie: `a=1; ${OVERRIDE_COOKIE}=catalog%401.5.0-rc.1` })).toEqual({ catalog: '1.5.0-rc.1' });
    const clearing = { cookie: `${OVERRIDE_COOKIE}=catalog%401.5.0-rc.1` };
    expect(readOverrides('?remote-override=clear', clearing)).toEqual({});
    expect(clearing.cookie).toContain('Max-Age=0');
  });
});
