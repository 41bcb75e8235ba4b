import { CURRENCY_OF, currencyMark, dateIn, formatPrice, priceFilterMark, type CountryCode } from '@eyewear/i18n/rules';
import { localTime } from '../../areas/appointments/slots';
import { isGsm7 } from './sms';

/**
 * The time zone a country's messages write times in: where its stores are (the seed's stores
 * carry the same zone each, and a test holds the two together). One zone a country: the US
 * stores are all in New York.
 */
export const TIME_ZONE_OF: Readonly<Record<CountryCode, string>> = {
  in: 'Asia/Kolkata',
  ae: 'Asia/Dubai',
  sg: 'Asia/Singapore',
  sa: 'Asia/Riyadh',
  us: 'America/New_York',
};

/** How a time's zone is named beside it for the country's shoppers (`2:30 pm India time`). */
export const TIME_ZONE_NAME_OF: Readonly<Record<CountryCode, string>> = {
  in: 'India time',
  ae: 'UAE time',
  sg: 'Singapore time',
  sa: 'Saudi Arabia time',
  us: 'Eastern time',
};

/**
 * How each country writes a time of day, as its `hrefLang` locale does (`2:00 pm` in en-IN and
 * en-SG, `2:00 PM` in en-AE, en-SA, en-US; a test holds it to Intl), but with a plain space:
 * Intl puts a narrow no-break space before the mark, which is not GSM-7.
 */
const UPPER_CASE_MARK: Readonly<Record<CountryCode, boolean>> = { in: false, ae: true, sg: false, sa: true, us: true };

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day (`2026-12-03`), hour (0-23) and minute of `time` in `zone` (the appointments' own reading of a zone). */
function localParts(time: Date, zone: string): { day: string; hour: number; minute: number } {
  const { date, minutes } = localTime(time, zone);
  return { day: date, hour: Math.floor(minutes / 60) % 24, minute: minutes % 60 };
}

/** How a country's messages write money, days and times. */
export interface Formatters {
  country: CountryCode;
  /** `₹1,499`, `$1,499`, `AED 1,499.50`: formatPrice in the country's currency. */
  price(amount: number): string;
  /**
   * The price in GSM-7 for an SMS: as `price` writes it when its mark is GSM-7 (`$1,499`,
   * `AED 1,499`, `SAR 1,499`); the rupee sign is not, so India's is `Rs. 1,499`, the mark the
   * site's price filters use (priceFilterMark).
   */
  smsPrice(amount: number): string;
  /**
   * A day as the country writes it (dateIn: `3 Dec 2026`, `Dec 3, 2026`); a calendar day stays
   * that day, a timestamp is the day it is in the country's time zone.
   */
  day(iso: string, options?: { weekday?: boolean }): string;
  /** The time of day of a timestamp in the country's time zone (`2:30 pm`), or null for a calendar day. */
  time(iso: string): string | null;
}

export function formattersFor(country: CountryCode): Formatters {
  const currency = CURRENCY_OF[country];
  const mark = currencyMark(currency);
  const zone = TIME_ZONE_OF[country];
  const timestamp = (iso: string): Date | null => {
    if (CALENDAR_DAY.test(iso)) return null;
    const time = Date.parse(iso);
    return Number.isNaN(time) ? null : new Date(time);
  };
  return {
    country,
    price: (amount) => formatPrice(amount, currency),
    smsPrice: (amount) => {
      const price = formatPrice(amount, currency);
      return isGsm7(mark) ? price : `${priceFilterMark(currency)}${price.slice(mark.length).trimStart()}`;
    },
    day: (iso, { weekday = false } = {}) => {
      const time = timestamp(iso);
      return dateIn(country, { weekday })(time ? localParts(time, zone).day : iso);
    },
    time: (iso) => {
      const time = timestamp(iso);
      if (!time) return null;
      const { hour, minute } = localParts(time, zone);
      const mark = hour < 12 ? 'am' : 'pm';
      return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${UPPER_CASE_MARK[country] ? mark.toUpperCase() : mark}`;
    },
  };
}
