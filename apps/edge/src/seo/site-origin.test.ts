import { siteOriginOf } from './site-origin';

describe('siteOriginOf', () => {
  it('is the public origin when configured, whatever the Host', () => {
    const publicUrl = new URL('https://shop.example/base/');
    expect(siteOriginOf({ publicUrl, host: 'evil.example"><x', encrypted: false })).toBe('https://shop.example');
  });

  it("is the request's scheme and Host (lower case), for a plain host name with an optional port", () => {
    expect(siteOriginOf({ host: 'WWW.Eyewear.SG', encrypted: false })).toBe('http://www.eyewear.sg');
    expect(siteOriginOf({ publicUrl: null, host: '127.0.0.1:4200', encrypted: true })).toBe('https://127.0.0.1:4200');
    expect(siteOriginOf({ host: '[::1]:8080', encrypted: false })).toBe('http://[::1]:8080');
    expect(siteOriginOf({ host: 'localhost', encrypted: false })).toBe('http://localhost');
  });

  it('is null for a Host it would not write into robots.txt or a sitemap', () => {
    for (const host of [undefined, null, '', 'evil.example"><x', 'a b', 'shop.example/path', '-bad.example', 'shop.example:123456', 'user@shop.example'])
      expect({ host, origin: siteOriginOf({ host, encrypted: false }) }).toEqual({ host, origin: null });
  });
});
