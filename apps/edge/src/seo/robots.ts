// robots.txt: what crawlers may fetch, and where the sitemaps are.
import { COUNTRY_CODES, DEFAULT_COUNTRY, countryFromLocation } from '@eyewear/i18n';

/** Countries whose pages also sit under `/{code}` (every one but the default). */
export const PREFIXED: readonly string[] = COUNTRY_CODES.filter((code) => code !== DEFAULT_COUNTRY);

/**
 * What crawlers are kept out of: a shopper's own pages (cart, checkout, payment, account,
 * orders, lens upgrades, power edits, saved looks), internal search results, the API and the
 * edge's own endpoints. `$` ends a rule, so `/cart$` does not keep out a listing such as
 * `/cartier-sunglasses.html`. Every rule but the API's and the edge's also applies under each
 * country prefix (`/sg/cart$`). robots.test.ts checks that every private route of the table is
 * kept out, and seo.test.ts that no sitemap URL is.
 */
export const DISALLOW: readonly string[] = [
  '/cart$',
  '/cart?',
  '/checkout/',
  '/payment$',
  '/payment?',
  '/customer$',
  '/customer?',
  '/customer/',
  '/sales/order',
  '/lens-package-upgrade/',
  '/editpower/',
  '/compare-looks',
  '/search?',
  // A shopper's own shortlist (the header's heart links to it).
  '/shortlist$',
  '/shortlist?',
];
const SITE_WIDE_DISALLOW = ['/api/', '/_edge/'];

function robotsRules(): string[] {
  return [...SITE_WIDE_DISALLOW, ...DISALLOW, ...PREFIXED.flatMap((code) => DISALLOW.map((rule) => `/${code}${rule}`))];
}

/** A robots.txt rule as a RegExp: `*` any characters, a final `$` the end (RFC 9309). */
function ruleRegExp(rule: string): RegExp {
  const anchored = rule.endsWith('$');
  const body = (anchored ? rule.slice(0, -1) : rule)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}
const DISALLOWED = robotsRules().map(ruleRegExp);

/** Whether robots.txt lets crawlers fetch this path (with its query). */
export function robotsAllows(pathAndQuery: string): boolean {
  return !DISALLOWED.some((rule) => rule.test(pathAndQuery));
}

/**
 * robots.txt for `origin`: the storefront allowed, the rules above, and the sitemaps. On the
 * default country's host (the shared domain) every country's sitemap is listed
 * (`/sitemap.xml`, `/ae/sitemap.xml`...); on a country's own domain, its `/sitemap.xml`.
 */
export function robotsTxt(origin: string, hostname: string): string {
  const shared = countryFromLocation(hostname, '/') === DEFAULT_COUNTRY;
  const sitemaps = ['', ...(shared ? PREFIXED.map((code) => `/${code}`) : [])].map((prefix) => `Sitemap: ${origin}${prefix}/sitemap.xml`);
  return [
    "# The storefront is open to crawlers; a shopper's own pages, search results and the API are not.",
    'User-agent: *',
    'Allow: /',
    ...robotsRules().map((rule) => `Disallow: ${rule}`),
    '',
    ...sitemaps,
    '',
  ].join('\n');
}
