import { useMemo } from 'react';
import { countryConfig, useCountry, type CountryCode } from '@eyewear/i18n';

/** A date as the account pages show it, in the country's way (`1 Jun 2026` in India, `Jun 1, 2026` in the US). */
export const dateIn = (country: CountryCode) => {
  const format = new Intl.DateTimeFormat(countryConfig(country).hrefLang, { day: 'numeric', month: 'short', year: 'numeric' });
  return (iso: string) => format.format(new Date(iso));
};

/** `dateIn` for the page's country. */
export function useDateOf(): (iso: string) => string {
  const country = useCountry();
  return useMemo(() => dateIn(country), [country]);
}

/** An id from a URL: a whole number above 0, else the page shows that the part does not exist. */
export const isValidId = (id: number) => Number.isInteger(id) && id > 0;
