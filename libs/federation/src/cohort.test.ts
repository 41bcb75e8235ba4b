import { COHORT_COOKIE, ensureCohort, parseCohort, readCookie } from './cohort';
import { chooseReleases, parseRemotesManifest } from './manifest';

describe('cohort', () => {
  it('draws a cohort once and keeps it in a cookie', () => {
    const doc = { cookie: '' };
    const first = ensureCohort(doc, () => 0.427);
    expect(first).toBe(42);
    expect(doc.cookie).toContain(`${COHORT_COOKIE}=42`);
    expect(doc.cookie).toContain('SameSite=Lax');
    const jar = { cookie: `other=1; ${COHORT_COOKIE}=42` };
    expect(ensureCohort(jar, () => 0.99)).toBe(42);
  });

  it('ignores a cohort cookie that is not 0-99', () => {
    expect(parseCohort('100')).toBeNull();
    expect(parseCohort('-1')).toBeNull();
    expect(parseCohort('7')).toBe(7);
    expect(readCookie('a=1; b=x%3Dy', 'b')).toBe('x=y');
  });
});

describe('canary share', () => {
  const release = (remote: string, version: string) => ({ version, entry: `/remotes/${remote}/${version}/mf-manifest.json` });
  const manifest = parseRemotesManifest({
    schemaVersion: 1,
    remotes: {
      catalog: { stable: release('catalog', '1.0.0'), canary: { ...release('catalog', '1.1.0'), percent: 10 } },
      product: { stable: release('product', '1.0.0') },
      'cart-checkout': { stable: release('cart-checkout', '1.0.0') },
      account: { stable: release('account', '1.0.0') },
      appointments: { stable: release('appointments', '1.0.0') },
    },
  });

  it('is within 2 points of 10 % over 10,000 new shoppers, each keeping their build on return', () => {
    let canary = 0;
    for (let shopper = 0; shopper < 10_000; shopper += 1) {
      const browser = { cookie: '' };
      const first = chooseReleases(manifest, ensureCohort(browser)).catalog.channel;
      if (first === 'canary') canary += 1;
      const jar = { cookie: browser.cookie.split(';')[0]! };
      expect(chooseReleases(manifest, ensureCohort(jar)).catalog.channel).toBe(first);
    }
    expect(Math.abs(canary / 100 - 10)).toBeLessThanOrEqual(2);
  });
});
