import { COUNTRIES, type CountryCode, type ServerHead } from '@eyewear/i18n';

/**
 * Adds a JSON-LD object to the server render's head once (issue 19): React may render a
 * component more than once on the server (while something below it suspends), and each render
 * gives an equal object, which must not be listed twice.
 */
export function addJsonLd(head: ServerHead, value: object): void {
  const json = JSON.stringify(value);
  if (!head.jsonLd.some((known) => JSON.stringify(known) === json)) head.jsonLd.push(value);
}

/** A site path as an absolute URL of the country's site (JSON-LD wants absolute URLs). */
export function siteUrl(country: CountryCode, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const { domainUrl, pathPrefix = '' } = COUNTRIES[country];
  return `${domainUrl}${pathPrefix}${path.startsWith('/') ? path : `/${path}`}`;
}
