import { countryFromLocation, countryPathPrefix, isCountryCode } from './country';

describe('countryFromLocation', () => {
  it('is India by default', () => {
    expect(countryFromLocation('localhost', '/')).toBe('in');
    expect(countryFromLocation('shop.example.com', '/eyeglasses.html')).toBe('in');
  });

  it('takes the country from a path prefix', () => {
    expect(countryFromLocation('localhost', '/sg/eyeglasses.html')).toBe('sg');
    expect(countryFromLocation('localhost', '/US/cart')).toBe('us');
  });

  it('takes the country from the domain suffix, the longest suffix first', () => {
    expect(countryFromLocation('www.shop.ae', '/')).toBe('ae');
    expect(countryFromLocation('www.shop.com.sa', '/')).toBe('sa');
  });

  it('does not read an unrelated first segment as a country', () => {
    expect(countryFromLocation('localhost', '/product/123')).toBe('in');
    expect(isCountryCode('fr')).toBe(false);
  });
});

describe('countryPathPrefix', () => {
  it('is the country segment as written, or nothing', () => {
    expect(countryPathPrefix('/sg/cart')).toBe('/sg');
    expect(countryPathPrefix('/US')).toBe('/US');
    expect(countryPathPrefix('/in/cart')).toBe('');
    expect(countryPathPrefix('/cart')).toBe('');
    expect(countryPathPrefix('/')).toBe('');
  });
});
