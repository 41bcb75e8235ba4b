import { readCookie } from '@eyewear/api-client';
import { EXCHANGE_COOKIE, EXCHANGE_TAB_KEY, RETURN_ACTION_COOKIE, RETURN_MODE_COOKIE } from '@eyewear/event-bus';
import { COUNTRIES, type CountryCode } from '@eyewear/i18n';
import { addCampaign, isCrawler, type Campaign } from '@eyewear/i18n/rules';

/**
 * Whether to tell a visitor located in `visitorCountry` that this is another country's site:
 * not for crawlers, not for the site's own country or a traffic source the locale allows.
 */
export function showCountryBanner(site: CountryCode, visitorCountry: string | undefined, userAgent: string): boolean {
  if (!visitorCountry || isCrawler(userAgent)) return false;
  return !COUNTRIES[site].allowedTrafficSourceCountries.includes(visitorCountry);
}

/** The other country's site, with a referrer parameter and the stored campaign values (the UTM keys). */
export function otherSiteUrl(visitor: CountryCode, from: CountryCode, campaign: Campaign): string {
  const url = new URL(COUNTRIES[visitor].domainUrl);
  url.searchParams.set('referrer', COUNTRIES[from].domain);
  return addCampaign(url, campaign).toString();
}

export { EXCHANGE_COOKIE, EXCHANGE_TAB_KEY };

export interface ExchangeCookies {
  orderId: string;
  itemId: string;
  returnAction: string | null;
  returnMode: string | null;
}

export function readExchange(cookies: string): ExchangeCookies | null {
  const value = readCookie(cookies, EXCHANGE_COOKIE);
  if (!value) return null;
  const [orderId = '', itemId = ''] = value.split(':');
  return { orderId, itemId, returnAction: readCookie(cookies, RETURN_ACTION_COOKIE) || null, returnMode: readCookie(cookies, RETURN_MODE_COOKIE) || null };
}

/**
 * spec "Shell": the banner shows when an exchange cookie exists, no return action is in progress and
 * the mode is not store_return. The exchange session writes its own action, `exchange` (what makes
 * it exchange mode): that is the session the banner offers to leave, not another return in progress
 * (issue 42: hidden by it, the banner never showed while shopping for the exchange).
 */
export function showExchangeBanner(exchange: ExchangeCookies | null): boolean {
  return Boolean(exchange && (!exchange.returnAction || exchange.returnAction === 'exchange') && exchange.returnMode !== 'store_return');
}
