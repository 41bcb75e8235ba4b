import { trimTitle } from './filter-labels';

describe('filter labels', () => {
  it('trims titles over 32 characters to 29 plus an ellipsis', () => {
    const long = 'Extra Narrow (for petite faces and teens)';
    expect(trimTitle(long)).toBe(`${long.slice(0, 29)}…`);
    expect(trimTitle('x'.repeat(32))).toBe('x'.repeat(32));
    expect(trimTitle('x'.repeat(33))).toBe(`${'x'.repeat(29)}…`);
  });
});
