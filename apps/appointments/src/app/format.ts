import { useMemo } from 'react';
import { countryConfig, dateIn, useCountry, type CountryCode } from '@eyewear/i18n';

/**
 * Dates and times as the country writes them (its `hrefLang` locale, e.g. en-IN): a calendar
 * date ('2026-03-11') as 'Wed, 11 Mar 2026', a store time ('10:30') as '10:30 am', a visit
 * window ('9-12') as '9:00 am - 12:00 pm'. The values are wall-clock values of the place
 * visited, so they are formatted in UTC and never shift with the browser's zone.
 */
export function dateFormats(country: CountryCode) {
  const locale = countryConfig(country).hrefLang;
  const dateOf = dateIn(country, { weekday: true });
  const timeFormat = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const time = (hours: number, minutes = 0) => timeFormat.format(Date.UTC(2000, 0, 1, hours, minutes));
  return {
    /** A calendar date (YYYY-MM-DD), with its weekday (`dateIn` of @eyewear/i18n); anything else as it came. */
    date: dateOf,
    /** A time of day (HH:MM or HH:MM:SS); anything else as it came. */
    time(hhmm: string): string {
      const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(hhmm);
      return match ? time(Number(match[1]), Number(match[2])) : hhmm;
    },
    /** A window of whole hours ('9-12', 24-hour clock); `fallback` (or the id) when it is not one. */
    window(id: string, fallback?: string): string {
      const match = /^(\d{1,2})-(\d{1,2})$/.exec(id);
      return match ? `${time(Number(match[1]))} - ${time(Number(match[2]))}` : (fallback ?? id);
    },
    /** Opening hours of a store, whole hours. */
    hours(from: number, to: number): string {
      return `${time(from)} - ${time(to)}`;
    },
  };
}

export type DateFormats = ReturnType<typeof dateFormats>;

/** `dateFormats` of the page's country. */
export function useDateFormats(): DateFormats {
  const country = useCountry();
  return useMemo(() => dateFormats(country), [country]);
}
