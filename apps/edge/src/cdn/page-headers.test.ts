import { MAX_PAGE_KEYS, sharedPageHeaders, SHARED_MISSING_CACHE_CONTROL, SHARED_PAGE_CACHE_CONTROL } from './page-headers';

describe('sharedPageHeaders', () => {
  it('tags the page in both surrogate-key headers, valid keys once each, and preloads its scripts by Link', () => {
    const headers = sharedPageHeaders({ keys: ['all', 'p1', 'p1', 'Bad Key', 'b-abc'], preloads: ['/main.1234abcd.js', '/remotes/catalog/1.0.0/x.js'] });
    expect(headers['cache-control']).toBe(SHARED_PAGE_CACHE_CONTROL);
    // Stale-while-revalidate for shared caches only: a browser would serve an old page from its own cache.
    expect(SHARED_PAGE_CACHE_CONTROL).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    expect(headers['cdn-cache-control']).toMatch(/^max-age=\d+, stale-while-revalidate=\d+$/);
    expect(headers['surrogate-control']).toBe(headers['cdn-cache-control']);
    expect(headers['surrogate-key']).toBe('all p1 b-abc');
    expect(headers['xkey']).toBe('all p1 b-abc');
    expect(headers['link']).toBe('</main.1234abcd.js>; rel=preload; as=script, </remotes/catalog/1.0.0/x.js>; rel=preload; as=script');
  });

  it('keeps a "not found" page a minute only (what is missing may be listed soon, and no key names it)', () => {
    expect(sharedPageHeaders({ keys: ['all'], preloads: [], status: 404 })['cache-control']).toBe(SHARED_MISSING_CACHE_CONTROL);
    expect(SHARED_MISSING_CACHE_CONTROL).toContain('s-maxage=60');
  });

  it('keeps a header a cache accepts: at most so many keys', () => {
    const keys = ['all', ...Array.from({ length: MAX_PAGE_KEYS + 50 }, (_, i) => `p${i}`)];
    expect(sharedPageHeaders({ keys, preloads: [] })['xkey']?.split(' ')).toHaveLength(MAX_PAGE_KEYS);
    expect(sharedPageHeaders({ keys, preloads: [] })['link']).toBeUndefined();
  });
});
