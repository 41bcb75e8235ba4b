import { type CountryCode } from './country';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * How each country writes a short date, as its `hrefLang` locale does in CLDR (en-IN, en-AE,
 * en-SG day first, en-SA and en-US month first; India and Singapore write September "Sept";
 * India puts a comma after the month when the weekday leads). Written out rather than asked of
 * Intl.DateTimeFormat: the first Intl date of a page loads ICU's locale data (~17 ms of a product
 * page's render on a phone, issue 19), and a server's ICU and a browser's can differ in these
 * very details, which would make a server-rendered date mismatch when the page hydrates. The
 * tests hold this table to Intl's output.
 */
const STYLE: Readonly<Record<CountryCode, { dayFirst: boolean; sept: boolean; commaAfterMonth: boolean }>> = {
  in: { dayFirst: true, sept: true, commaAfterMonth: true },
  ae: { dayFirst: true, sept: false, commaAfterMonth: false },
  sg: { dayFirst: true, sept: true, commaAfterMonth: false },
  sa: { dayFirst: false, sept: false, commaAfterMonth: false },
  us: { dayFirst: false, sept: false, commaAfterMonth: false },
};

/**
 * A date as the country writes it (its `hrefLang` locale: `5 Jan 2030` in India, `Jan 5, 2030`
 * in the US; with `weekday`, `Sat, 5 Jan, 2030` and `Sat, Jan 5, 2030`). A calendar day
 * (`YYYY-MM-DD`) stays that day wherever the shopper is (read in UTC, like a timestamp from the
 * API); anything unreadable is shown as it came. The one date format of the site: apps do not
 * build their own.
 */
export function dateIn(country: CountryCode, { weekday = false }: { weekday?: boolean } = {}): (iso: string) => string {
  const style = STYLE[country];
  return (iso) => {
    const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
    if (Number.isNaN(time)) return iso;
    const date = new Date(time);
    const day = date.getUTCDate();
    const month = style.sept && date.getUTCMonth() === 8 ? 'Sept' : MONTHS[date.getUTCMonth()]!;
    const year = date.getUTCFullYear();
    const lead = weekday ? `${WEEKDAYS[date.getUTCDay()]!}, ` : '';
    if (!style.dayFirst) return `${lead}${month} ${day}, ${year}`;
    return `${lead}${day} ${month}${weekday && style.commaAfterMonth ? ',' : ''} ${year}`;
  };
}

/** en-IN and en-SG write `2:00 pm`; en-AE, en-SA and en-US `2:00 PM` (CLDR, held to Intl by the tests). */
const UPPER_CASE_MARK: Readonly<Record<CountryCode, boolean>> = { in: false, ae: true, sg: false, sa: true, us: true };

/**
 * A wall-clock time of day as the country writes it (`9:30 am`, `9:30 PM`), with a plain space
 * where Intl puts a narrow no-break one (which a server's ICU and a browser's may not agree on;
 * written out for the reason `dateIn` is). For times that are a place's own, such as a store's
 * opening hours: no time zone is applied.
 */
export function timeOfDayIn(country: CountryCode): (hour: number, minute?: number) => string {
  const upper = UPPER_CASE_MARK[country];
  return (hour, minute = 0) => {
    const h = ((Math.floor(hour) % 24) + 24) % 24;
    const mark = h < 12 ? 'am' : 'pm';
    return `${h % 12 === 0 ? 12 : h % 12}:${String(minute).padStart(2, '0')} ${upper ? mark.toUpperCase() : mark}`;
  };
}

/** Opening hours of whole hours on a 24-hour clock (a store's 10 to 21) as the country writes them: `10:00 am - 9:00 pm`. */
export function openingHoursIn(country: CountryCode): (from: number, to: number) => string {
  const time = timeOfDayIn(country);
  return (from, to) => `${time(from)} - ${time(to)}`;
}
