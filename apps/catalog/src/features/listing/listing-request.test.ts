import { categoryIdOf, cleanSearchTerm, listingKey, listingParams, withoutSort } from './listing-request';

describe('listing requests', () => {
  it('reads the category id of every listing path', () => {
    expect(categoryIdOf({ id: '3100' })).toBe(3100);
    expect(categoryIdOf({ id: 'abc' })).toBeNull();
    expect(categoryIdOf({ '*': '3100/3101/2/3' })).toBe(3101);
    expect(categoryIdOf({ '*': '3100' })).toBe(3100);
    expect(categoryIdOf({ '*': '' })).toBeNull();
  });
  it('strips brackets and braces from the search request (shopping §5)', () => {
    expect(cleanSearchTerm('  [round] (glasses) {x} ')).toBe('round glasses x');
  });
  it('removes sort, dir and gan_data from search filter requests (shopping §5)', () => {
    expect(withoutSort({ sort: 'price', dir: 'asc', gan_data: '1', brand: '5' })).toEqual({ brand: '5' });
  });
  it('keeps only listing keys, in a stable order, so the cache key is stable', () => {
    expect(listingParams('?q=x&sort=price&brand=5&brand=6&utm_source=y&frame_shape=round')).toEqual({ brand: '5,6', frame_shape: 'round', sort: 'price' });
    expect(listingKey({ kind: 'category', id: 1 }, listingParams('?b=1&sort=price&brand=5'))).toBe('cat:1?brand=5&sort=price');
    expect(listingKey({ kind: 'search', query: 'Round' }, {})).toBe('search:round');
  });
});
