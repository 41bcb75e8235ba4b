import { countryConfig } from './countries';
import { COUNTRY_CODES } from './country';
import { dateIn, openingHoursIn, timeOfDayIn } from './dates';

describe('dateIn', () => {
  it("writes a date the country's way, a calendar day staying that day", () => {
    expect(dateIn('in')('2030-01-05')).toBe('5 Jan 2030');
    expect(dateIn('us')('2030-01-05')).toBe('Jan 5, 2030');
    expect(dateIn('in')('2026-06-01T23:30:00Z')).toBe('1 Jun 2026');
    expect(dateIn('us', { weekday: true })('2026-03-11')).toBe('Wed, Mar 11, 2026');
  });

  it("writes what Intl writes in each country's locale, every month and weekday, with and without the weekday", () => {
    const days: string[] = [];
    for (let month = 0; month < 12; month += 1) for (const day of [1, 9, 10, 28]) days.push(new Date(Date.UTC(2026, month, day)).toISOString());
    days.push('2030-01-05', '1999-12-31', '2026-09-23T18:45:00Z', '2100-02-28');
    for (const country of COUNTRY_CODES)
      for (const weekday of [false, true]) {
        const intl = new Intl.DateTimeFormat(countryConfig(country).hrefLang, {
          ...(weekday ? { weekday: 'short' as const } : {}),
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        });
        const format = dateIn(country, { weekday });
        for (const iso of days) {
          const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
          expect([country, weekday, iso, format(iso)]).toEqual([country, weekday, iso, intl.format(time)]);
        }
      }
  });

  it('shows what it cannot read as it came', () => expect(dateIn('in')('soon')).toBe('soon'));
});

describe('timeOfDayIn', () => {
  it("writes a wall-clock time the country's way with a plain space: what Intl writes in its locale, every hour", () => {
    for (const country of COUNTRY_CODES) {
      const intl = new Intl.DateTimeFormat(countryConfig(country).hrefLang, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
      for (let hour = 0; hour < 24; hour += 1)
        for (const minute of [0, 30]) {
          const expected = intl.format(Date.UTC(2026, 0, 1, hour, minute)).replace(/\u202f|\u00a0/g, ' ');
          expect([country, hour, minute, timeOfDayIn(country)(hour, minute)]).toEqual([country, hour, minute, expected]);
        }
    }
  });

  it("writes a store's opening hours", () => {
    expect(openingHoursIn('in')(10, 21)).toBe('10:00 am - 9:00 pm');
    expect(openingHoursIn('us')(9, 12)).toBe('9:00 AM - 12:00 PM');
  });
});
