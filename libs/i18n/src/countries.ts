import { type CountryCode } from './country';
import { asksPostcode } from './rules/address';
import { MOBILE_RULES } from './rules/contact';
import { CURRENCY_OF, GST_RATE_OF, type CurrencyCode } from './rules/money';

export interface TrendingSearch {
  name: string;
  url: string;
}

/** One country's configuration (spec/account.md §3 "Country configuration"). */
export interface CountryConfig {
  countryCode: CountryCode;
  countryName: string;
  defaultLocale: string;
  defaultLanguage: string;
  currencyCode: CurrencyCode;
  /** International dialling code, with the plus. */
  phoneCode: string;
  minMobileLength: number;
  maxMobileLength: number;
  /** A valid mobile number of this country (digits only): MOBILE_RULES of the rules, account.md §5. */
  phoneRegex: RegExp;
  hrefLang: string;
  domain: string;
  domainUrl: string;
  cookieDomain: string;
  /** Path prefix of the country's pages on a shared domain (`/sg`), when it has one. */
  pathPrefix?: string;
  isPinCodeHide: boolean;
  storeHomeTrial: boolean;
  newRedisRouting: boolean;
  GvLkEnabled: boolean;
  localeList: ReadonlyArray<{ title: string; code: string }>;
  trendingSearch: { desktop: readonly TrendingSearch[]; mobile: readonly TrendingSearch[] };
  /** Visitors located in these countries are not told they are on another country's site. */
  allowedTrafficSourceCountries: readonly string[];
  analytics: { gaId: string; gtmId: string };
  showSentry: boolean;
  /** The search engine's site-verification meta tag content. */
  verificationTag: string;
  /** Goods and services tax rate in per cent (the price with GST). */
  gstRate: number;
  /** The top strip's toll-free number, when the country shows one. */
  tollFree?: { label: string; tel: string };
  /** The top strip's support-hours text (the UAE's). */
  timeText?: string;
}

const trending = (...names: string[]): TrendingSearch[] => names.map((name) => ({ name, url: `/search?q=${encodeURIComponent(name.toLowerCase())}` }));

const DESKTOP_TRENDING = trending('Round eyeglasses', 'Blue light glasses', 'Aviator sunglasses', 'Kids glasses', 'Contact lenses', 'Titanium frames');
const MOBILE_TRENDING = trending('Round', 'Blue light', 'Aviator', 'Kids', 'Contact lenses');

/** What differs between countries beyond what follows from the code and the domain. */
type CountryFacts = Pick<
  CountryConfig,
  'countryName' | 'domain' | 'storeHomeTrial' | 'newRedisRouting' | 'GvLkEnabled' | 'allowedTrafficSourceCountries' | 'showSentry' | 'tollFree' | 'timeText'
> & {
  /** Languages beside English, as `[title, language]` (`['हिन्दी', 'hi']`). */
  otherLanguages?: ReadonlyArray<readonly [string, string]>;
  /** The country's pages sit under `/{code}` on a shared domain (all but the default country). */
  prefixed: boolean;
};

/**
 * One country's configuration: the rules decide currency, dialling code, mobile numbers and GST
 * (./rules, one definition each); locales, hreflang, URLs, analytics ids and the verification tag
 * follow from the code and the domain; the rest are the country's facts.
 */
function country(code: CountryCode, { otherLanguages = [], prefixed, ...facts }: CountryFacts): CountryConfig {
  const mobile = MOBILE_RULES[code];
  const upper = code.toUpperCase();
  return {
    countryCode: code,
    currencyCode: CURRENCY_OF[code],
    phoneCode: mobile.phoneCode,
    minMobileLength: mobile.length,
    maxMobileLength: mobile.length,
    phoneRegex: mobile.pattern,
    gstRate: GST_RATE_OF[code],
    // The address rule decides it (rules/address.ts), so the forms and the API agree with the country data.
    isPinCodeHide: !asksPostcode(code),
    defaultLocale: `en_${code}`,
    defaultLanguage: 'en',
    hrefLang: `en-${upper}`,
    domainUrl: `https://${facts.domain}`,
    cookieDomain: facts.domain.replace(/^www\./, '.'),
    ...(prefixed ? { pathPrefix: `/${code}` } : {}),
    localeList: [{ title: 'English', code: `en_${code}` }, ...otherLanguages.map(([title, language]) => ({ title, code: `${language}_${code}` }))],
    trendingSearch: { desktop: DESKTOP_TRENDING, mobile: MOBILE_TRENDING },
    analytics: { gaId: `G-${upper}0000001`, gtmId: `GTM-${upper}00001` },
    verificationTag: `${code}-site-verification`,
    ...facts,
  };
}

export const COUNTRIES: Readonly<Record<CountryCode, CountryConfig>> = {
  in: country('in', {
    countryName: 'India',
    domain: 'www.eyewear.in',
    prefixed: false,
    storeHomeTrial: true,
    newRedisRouting: true,
    GvLkEnabled: true,
    otherLanguages: [['हिन्दी', 'hi']],
    allowedTrafficSourceCountries: ['in'],
    showSentry: true,
    tollFree: { label: '1800-202-4444', tel: '18002024444' },
  }),
  ae: country('ae', {
    countryName: 'United Arab Emirates',
    domain: 'www.eyewear.ae',
    prefixed: true,
    storeHomeTrial: false,
    newRedisRouting: true,
    GvLkEnabled: false,
    otherLanguages: [['العربية', 'ar']],
    allowedTrafficSourceCountries: ['ae', 'sa'],
    showSentry: true,
    tollFree: { label: '800-039-3937', tel: '8000393937' },
    timeText: 'Sunday to Thursday, 9 AM to 9 PM (UAE time)',
  }),
  sg: country('sg', {
    countryName: 'Singapore',
    domain: 'www.eyewear.sg',
    prefixed: true,
    storeHomeTrial: false,
    newRedisRouting: true,
    GvLkEnabled: false,
    allowedTrafficSourceCountries: ['sg'],
    showSentry: false,
  }),
  sa: country('sa', {
    countryName: 'Saudi Arabia',
    domain: 'www.eyewear.com.sa',
    prefixed: true,
    storeHomeTrial: false,
    newRedisRouting: false,
    GvLkEnabled: false,
    otherLanguages: [['العربية', 'ar']],
    allowedTrafficSourceCountries: ['sa', 'ae'],
    showSentry: false,
  }),
  us: country('us', {
    countryName: 'United States',
    domain: 'www.eyewear.us',
    prefixed: true,
    storeHomeTrial: false,
    newRedisRouting: false,
    GvLkEnabled: false,
    allowedTrafficSourceCountries: ['us'],
    showSentry: false,
  }),
};

export function countryConfig(country: CountryCode): CountryConfig {
  return COUNTRIES[country];
}
