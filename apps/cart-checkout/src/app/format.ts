import { useMemo } from 'react';
import { countryConfig, useCountry, type CountryCode } from '@eyewear/i18n';

/**
 * A date as the country writes it (`5 Jan 2030` in India, `Jan 5, 2030` in the US). A calendar
 * day (`YYYY-MM-DD`) stays that day wherever the shopper is; anything unreadable is shown as given.
 */
export const dateIn = (country: CountryCode) => {
  const format = new Intl.DateTimeFormat(countryConfig(country).hrefLang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return (iso: string) => {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso;
    const time = Date.parse(day);
    return Number.isNaN(time) ? iso : format.format(time);
  };
};

/** `dateIn` for the page's country. */
export function useDateOf(): (iso: string) => string {
  const country = useCountry();
  return useMemo(() => dateIn(country), [country]);
}
