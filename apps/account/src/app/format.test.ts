import { dateIn } from '@eyewear/i18n';
import { isValidId } from './format';

describe('dates', () => {
  it('are written the way the country writes them, never as ISO text', () => {
    const iso = '2026-06-01T10:00:00.000Z';
    expect(dateIn('in')(iso)).toBe('1 Jun 2026');
    expect(dateIn('us')(iso)).toBe('Jun 1, 2026');
    expect(dateIn('in')(iso)).not.toContain('2026-06');
  });
});

describe('isValidId', () => {
  it('takes a whole number above 0 only', () => {
    expect(isValidId(1200)).toBe(true);
    expect(isValidId(0)).toBe(false);
    expect(isValidId(Number.NaN)).toBe(false);
  });
});
