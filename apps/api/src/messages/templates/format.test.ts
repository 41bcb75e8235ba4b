import { COUNTRY_CODES } from '@eyewear/i18n/rules';
import { generateStores } from '../../seed/stores';
import { formattersFor, TIME_ZONE_OF } from './format';

describe('money, days and times as each country writes them', () => {
  it('prices: formatPrice in the country’s currency; in an SMS the rupee sign is Rs., the other marks stay', () => {
    expect(formattersFor('in').price(149999)).toBe('₹1,49,999');
    expect(formattersFor('us').price(149999)).toBe('$149,999');
    expect(formattersFor('ae').price(1499.5)).toBe('AED 1,499.50');
    expect(formattersFor('in').smsPrice(149999)).toBe('Rs. 1,49,999');
    expect(formattersFor('us').smsPrice(149999)).toBe('$149,999');
    expect(formattersFor('sg').smsPrice(1499)).toBe('$1,499');
    expect(formattersFor('sa').smsPrice(1499)).toBe('SAR 1,499');
    expect(formattersFor('ae').smsPrice(1499)).toBe('AED 1,499');
  });

  it('days: a calendar day stays that day; a timestamp is the day in the country’s zone', () => {
    expect(formattersFor('in').day('2026-12-03')).toBe('3 Dec 2026');
    expect(formattersFor('us').day('2026-12-03', { weekday: true })).toBe('Thu, Dec 3, 2026');
    expect(formattersFor('in').day('2026-12-03T20:00:00Z')).toBe('4 Dec 2026');
    expect(formattersFor('us').day('2026-12-04T02:00:00Z')).toBe('Dec 3, 2026');
    expect(formattersFor('in').time('2026-12-03')).toBeNull();
  });

  it.each(COUNTRY_CODES)('times in %s: its zone, written as its hrefLang locale writes them (Intl), with a plain space', (country) => {
    const locale = `en-${country.toUpperCase()}`;
    for (const iso of ['2026-12-03T00:00:00Z', '2026-12-03T06:05:00Z', '2026-07-01T12:30:00Z', '2026-07-01T19:45:00Z']) {
      const intl = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: TIME_ZONE_OF[country] }).format(new Date(iso));
      expect(formattersFor(country).time(iso)).toBe(intl.replace(/[\u202f\u00a0]/g, ' '));
    }
  });

  it('New York’s summer time is followed', () => {
    expect(formattersFor('us').time('2026-07-01T15:00:00Z')).toBe('11:00 AM');
    expect(formattersFor('us').time('2026-12-01T15:00:00Z')).toBe('10:00 AM');
  });

  it('the zone of each country is the one its stores keep (the seed)', () => {
    for (const store of generateStores()) expect(TIME_ZONE_OF[store.country]).toBe(store.timeZone);
  });
});
