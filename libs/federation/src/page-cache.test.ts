import { PAGE_QUERY_PARAMS, pageCacheUrl } from './page-cache';

describe('pageCacheUrl', () => {
  it('drops what no page reads and sorts the rest as whole pairs', () => {
    expect(pageCacheUrl('/eyeglasses', '?utm_source=x&sort=new&brand=a&gclid=1')).toBe('/eyeglasses?brand=a&sort=new');
    expect(pageCacheUrl('/eyeglasses', '?brand=b&brand=a')).toBe('/eyeglasses?brand=a&brand=b');
    expect(pageCacheUrl('/search', '?q=round+frames&x=')).toBe('/search?q=round+frames');
    expect(pageCacheUrl('/', '?fbclid=1&cb=123')).toBe('/');
    expect(pageCacheUrl('/', '')).toBe('/');
  });

  it('keeps an empty parameter out and encodes what it keeps one way', () => {
    expect(pageCacheUrl('/search', '?q=&sort=')).toBe('/search');
    expect(pageCacheUrl('/search', '?q=a%20b')).toBe(pageCacheUrl('/search', '?q=a+b'));
  });

  it('keeps every parameter a page reads', () => {
    for (const name of PAGE_QUERY_PARAMS) expect(pageCacheUrl('/p', `?${name}=1`)).toBe(`/p?${name}=1`);
  });
});
