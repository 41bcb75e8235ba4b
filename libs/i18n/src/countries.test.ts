import { COUNTRY_CODES } from './country';
import { COUNTRIES, countryConfig } from './countries';
import { countryFromLocation } from './country';

describe('country configurations', () => {
  it('has one per country with every field of account §3', () => {
    for (const code of COUNTRY_CODES) {
      const c = countryConfig(code);
      expect(c.countryCode).toBe(code);
      for (const key of [
        'defaultLocale',
        'defaultLanguage',
        'countryName',
        'phoneCode',
        'hrefLang',
        'domain',
        'domainUrl',
        'cookieDomain',
        'verificationTag',
      ] as const) {
        expect(c[key]).toEqual(expect.any(String));
      }
      for (const key of ['isPinCodeHide', 'storeHomeTrial', 'newRedisRouting', 'GvLkEnabled', 'showSentry'] as const) {
        expect(typeof c[key]).toBe('boolean');
      }
      expect(c.localeList.length).toBeGreaterThan(0);
      expect(c.trendingSearch.desktop.length).toBeGreaterThan(0);
      expect(c.trendingSearch.mobile.length).toBeGreaterThan(0);
      expect(c.allowedTrafficSourceCountries).toContain(code);
      expect(c.analytics.gaId).toMatch(/^G-/);
      expect(c.domainUrl).toBe(`https://${c.domain}`);
    }
  });

  it.each([
    ['in', 'INR', '+91', 10, 10],
    ['ae', 'AED', '+971', 9, 9],
    ['sg', 'SGD', '+65', 8, 8],
    ['sa', 'SAR', '+966', 9, 9],
    ['us', 'USD', '+1', 10, 10],
  ] as const)('%s sells in %s, dials %s, mobiles of %i-%i digits', (code, currency, phoneCode, min, max) => {
    expect(COUNTRIES[code]).toMatchObject({ currencyCode: currency, phoneCode, minMobileLength: min, maxMobileLength: max });
  });

  it('each domain and path prefix leads back to its country; India is the default', () => {
    for (const code of COUNTRY_CODES) {
      const c = COUNTRIES[code];
      expect(countryFromLocation(c.domain, '/')).toBe(code);
      if (c.pathPrefix) expect(countryFromLocation('localhost', `${c.pathPrefix}/cart`)).toBe(code);
    }
  });

  it('shows a toll-free number in India and the UAE, and a time text for the UAE only', () => {
    expect(COUNTRIES.in.tollFree?.tel).toMatch(/^\d+$/);
    expect(COUNTRIES.ae.timeText).toMatch(/UAE/);
    expect(COUNTRIES.in.timeText).toBeUndefined();
    expect(COUNTRIES.sg.tollFree).toBeUndefined();
  });

  it('trending searches lead to the search page', () => {
    expect(COUNTRIES.in.trendingSearch.desktop[0]).toEqual({ name: 'Round eyeglasses', url: '/search?q=round%20eyeglasses' });
  });
});
