import { parseLookup, productIdOf } from './lookup';

describe('productIdOf', () => {
  it('reads a product id as the product page does', () => {
    expect(productIdOf({ id: '128001' })).toBe(128001);
    expect(productIdOf({ '*': 'id/128269' })).toBe(128269);
    expect(productIdOf({ '*': 'id/128269/category/3100' })).toBe(128269);
    expect(productIdOf({ id: 'acme-round-black-1001.html' })).toBe(1001);
    expect(productIdOf({ id: 'abc' })).toBeNull();
    expect(productIdOf({ id: '0' })).toBeNull();
    expect(productIdOf({})).toBeNull();
  });
});

describe('parseLookup', () => {
  it('reads a lookup as the shell does', () => {
    expect(parseLookup('prod:1001')).toEqual({ section: 'prod', id: '1001' });
    expect(parseLookup('search:round glasses')).toEqual({ section: 'search', id: 'round glasses' });
    expect(parseLookup('cms:a:b')).toEqual({ section: 'cms', id: 'a:b' });
    for (const path of ['na:', 'cat:', ':1', 'zzz:1', 'nothing', 42, null]) expect(parseLookup(path)).toEqual({ section: 'na', id: '' });
  });
});
