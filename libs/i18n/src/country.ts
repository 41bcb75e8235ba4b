/** The five countries the storefront sells in; India is the default. */
export const COUNTRY_CODES = ['in', 'ae', 'sg', 'sa', 'us'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
export const DEFAULT_COUNTRY: CountryCode = 'in';

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

const DOMAIN_SUFFIX: Record<string, CountryCode> = { '.ae': 'ae', '.sg': 'sg', '.sa': 'sa', '.com.sa': 'sa', '.us': 'us' };

/**
 * The country of a page: a path prefix (`/sg/...`) wins, then the domain's country suffix;
 * anything else is India.
 */
export function countryFromLocation(hostname: string, pathname: string): CountryCode {
  const prefix = pathname.split('/')[1]?.toLowerCase();
  if (prefix && prefix !== DEFAULT_COUNTRY && isCountryCode(prefix)) return prefix;
  const host = hostname.toLowerCase();
  const suffix = Object.keys(DOMAIN_SUFFIX)
    .sort((a, b) => b.length - a.length)
    .find((s) => host.endsWith(s));
  return suffix ? (DOMAIN_SUFFIX[suffix] as CountryCode) : DEFAULT_COUNTRY;
}

/**
 * The country path prefix of a page as written (`/sg`, `/US`), or '' when the path has none:
 * the shell's router runs under it, so `/sg/cart` is the cart of Singapore's site.
 */
export function countryPathPrefix(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  const code = first.toLowerCase();
  return code !== DEFAULT_COUNTRY && isCountryCode(code) ? `/${first}` : '';
}
