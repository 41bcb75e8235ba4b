import { dateFormats } from './format';

// Whitespace as the screen reads it (ICU may put a narrow no-break space before am/pm).
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('dateFormats', () => {
  it('writes a calendar date the country’s way, whatever the browser’s zone', () => {
    expect(dateFormats('in').date('2026-03-11')).toMatch(/^Wed, 11 Mar,? 2026$/);
    expect(dateFormats('us').date('2026-03-11')).toBe('Wed, Mar 11, 2026');
    expect(dateFormats('in').date('2026-01-01')).toMatch(/^Thu, 1 Jan,? 2026$/);
  });

  it('writes times and windows on the 12-hour clock with minutes', () => {
    expect(plain(dateFormats('us').time('10:30'))).toBe('10:30 AM');
    expect(plain(dateFormats('us').time('18:00:00'))).toBe('6:00 PM');
    expect(plain(dateFormats('us').window('9-12'))).toBe('9:00 AM - 12:00 PM');
    expect(plain(dateFormats('in').window('12-15')).toUpperCase()).toBe('12:00 PM - 3:00 PM');
    expect(plain(dateFormats('us').hours(10, 21))).toBe('10:00 AM - 9:00 PM');
  });

  it('keeps what is not a date, a time or a window as it came', () => {
    const f = dateFormats('in');
    expect(f.date('soon')).toBe('soon');
    expect(f.time('noon')).toBe('noon');
    expect(f.window('morning', 'Morning')).toBe('Morning');
    expect(f.window('morning')).toBe('morning');
  });
});
