import { formatDay, productIdOf, swipeDirection } from './rules';

describe('product page rules', () => {
  it('reads the product id from either product route', () => {
    expect(productIdOf({ id: '128001' })).toBe(128001);
    expect(productIdOf({ '*': 'id/128269' })).toBe(128269);
    expect(productIdOf({ '*': 'id/128269/category/3100' })).toBe(128269);
    expect(productIdOf({ id: 'abc' })).toBeNull();
  });

  it('writes a delivery date as the API answers it, without time zone shifts', () => {
    expect(formatDay('2026-11-27')).toBe('Fri, 27 Nov');
    expect(formatDay('2026-01-01')).toBe('Thu, 1 Jan');
  });
});

describe('gallery swipe (shopping §4 Swipe)', () => {
  it('counts a quick swipe over 20 px or a long one over half the width, mostly horizontal; left is next', () => {
    expect(swipeDirection(-30, 5, 200, 600)).toBe('next');
    expect(swipeDirection(30, 5, 200, 600)).toBe('previous');
    expect(swipeDirection(-30, 5, 400, 600)).toBeNull();
    expect(swipeDirection(-310, 20, 900, 600)).toBe('next');
    expect(swipeDirection(-15, 2, 100, 600)).toBeNull();
    expect(swipeDirection(-30, 60, 100, 600)).toBeNull();
  });
});
