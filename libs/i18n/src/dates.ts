import { countryConfig } from './countries';
import { type CountryCode } from './country';

/**
 * A date as the country writes it (its `hrefLang` locale: `5 Jan 2030` in India, `Jan 5, 2030`
 * in the US; with `weekday`, `Sat, 5 Jan 2030`). A calendar day (`YYYY-MM-DD`) stays that day
 * wherever the shopper is (formatted in UTC, like a timestamp from the API); anything unreadable
 * is shown as it came. The one date format of the site: apps do not build their own.
 */
export function dateIn(country: CountryCode, { weekday = false }: { weekday?: boolean } = {}): (iso: string) => string {
  const format = new Intl.DateTimeFormat(countryConfig(country).hrefLang, {
    ...(weekday ? { weekday: 'short' as const } : {}),
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (iso) => {
    const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
    return Number.isNaN(time) ? iso : format.format(time);
  };
}
