import { sanitizeSearch, SEARCH_HIDE_DELAY_MS, SEARCH_NAVIGATE_DELAY_MS, searchUrl } from './search-rules';

describe('search rules', () => {
  it('blocks \\ [ ] ( ) ? %', () => {
    expect(sanitizeSearch('a\\b[c]d(e)f?g%h')).toBe('abcdefgh');
  });
  it('searches only a non-blank term', () => {
    expect(searchUrl('  round  ')).toBe('/search?q=round');
    expect(searchUrl('   ')).toBeNull();
    expect(searchUrl('')).toBeNull();
    expect(searchUrl('(%)')).toBeNull();
  });
  it('waits 300 ms to navigate and 200 ms to hide', () => {
    expect([SEARCH_NAVIGATE_DELAY_MS, SEARCH_HIDE_DELAY_MS]).toEqual([300, 200]);
  });
});
