import { createLru } from './lru';

describe('createLru', () => {
  it('keeps at most max entries, the least recently used out first', () => {
    const lru = createLru<number>(2, 1000, () => 0);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.size]).toEqual([1, undefined, 3, 2]);
    lru.set('a', 4);
    expect([lru.get('a'), lru.size]).toEqual([4, 2]);
  });

  it('forgets an entry ttlMs after it was set', () => {
    let now = 0;
    const lru = createLru<string>(10, 1000, () => now);
    lru.set('a', 'x');
    now = 999;
    expect(lru.get('a')).toBe('x');
    now = 1000;
    expect(lru.get('a')).toBeUndefined();
    expect(lru.size).toBe(0);
  });
});
