import { modelOptionOf, sanitizeSearch, SEARCH_HIDE_DELAY_MS, SEARCH_NAVIGATE_DELAY_MS, searchUrl } from './search-rules';

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
  describe('a model suggestion', () => {
    const price = [{ name: 'Eyewear Price', price: 1999, currencyCode: 'INR' as const }];
    const colour = (id: number, name: string) => ({ id, colour: name, hex: '#000000', image_url: `/img/${id}.svg`, product_url: `/p/${id}.html` });
    const model = { name: 'Orbit', brand_name: 'Kestrel', image_url: '/img/2.svg', product_url: '/p/2.html', prices: price };

    it('leads with the colour the answer led with, else the picked one of its colours', () => {
      const grouped = { ...model, colours: [colour(2, 'Tortoise'), colour(1, 'Black')] };
      expect(modelOptionOf('p0', grouped)).toMatchObject({
        label: 'Kestrel Orbit',
        url: '/p/2.html',
        shown: { id: 2, colour: 'Tortoise', image_url: '/img/2.svg' },
      });
      expect(modelOptionOf('p0', grouped, 1)).toMatchObject({ url: '/p/1.html', shown: { id: 1, colour: 'Black', image_url: '/img/1.svg' } });
      // A colour of another model is not this one's.
      expect(modelOptionOf('p0', grouped, 99).url).toBe('/p/2.html');
    });

    it('in one colour: no swatches, its own page and image', () => {
      expect(modelOptionOf('p1', model, 5)).toMatchObject({ colours: [], url: '/p/2.html', shown: { id: null, image_url: '/img/2.svg' } });
    });
  });
});
