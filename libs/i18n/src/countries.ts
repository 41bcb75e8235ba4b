import { type CountryCode } from './country';
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

/** The fields the rules decide (./rules: currency, dialling code, mobile numbers, GST), one definition each. */
function ruled(code: CountryCode) {
  const mobile = MOBILE_RULES[code];
  return {
    countryCode: code,
    currencyCode: CURRENCY_OF[code],
    phoneCode: mobile.phoneCode,
    minMobileLength: mobile.length,
    maxMobileLength: mobile.length,
    phoneRegex: mobile.pattern,
    gstRate: GST_RATE_OF[code],
  };
}

const trending = (...names: string[]): TrendingSearch[] => names.map((name) => ({ name, url: `/search?q=${encodeURIComponent(name.toLowerCase())}` }));

const DESKTOP_TRENDING = trending('Round eyeglasses', 'Blue light glasses', 'Aviator sunglasses', 'Kids glasses', 'Contact lenses', 'Titanium frames');
const MOBILE_TRENDING = trending('Round', 'Blue light', 'Aviator', 'Kids', 'Contact lenses');

export const COUNTRIES: Readonly<Record<CountryCode, CountryConfig>> = {
  in: {
    ...ruled('in'),
    countryName: 'India',
    defaultLocale: 'en_in',
    defaultLanguage: 'en',
    hrefLang: 'en-IN',
    domain: 'www.eyewear.in',
    domainUrl: 'https://www.eyewear.in',
    cookieDomain: '.eyewear.in',
    isPinCodeHide: false,
    storeHomeTrial: true,
    newRedisRouting: true,
    GvLkEnabled: true,
    localeList: [
      { title: 'English', code: 'en_in' },
      { title: 'हिन्दी', code: 'hi_in' },
    ],
    trendingSearch: { desktop: DESKTOP_TRENDING, mobile: MOBILE_TRENDING },
    allowedTrafficSourceCountries: ['in'],
    analytics: { gaId: 'G-IN0000001', gtmId: 'GTM-IN00001' },
    showSentry: true,
    verificationTag: 'in-site-verification',
    tollFree: { label: '1800-202-4444', tel: '18002024444' },
  },
  ae: {
    ...ruled('ae'),
    countryName: 'United Arab Emirates',
    defaultLocale: 'en_ae',
    defaultLanguage: 'en',
    hrefLang: 'en-AE',
    domain: 'www.eyewear.ae',
    domainUrl: 'https://www.eyewear.ae',
    cookieDomain: '.eyewear.ae',
    pathPrefix: '/ae',
    isPinCodeHide: true,
    storeHomeTrial: false,
    newRedisRouting: true,
    GvLkEnabled: false,
    localeList: [
      { title: 'English', code: 'en_ae' },
      { title: 'العربية', code: 'ar_ae' },
    ],
    trendingSearch: { desktop: DESKTOP_TRENDING, mobile: MOBILE_TRENDING },
    allowedTrafficSourceCountries: ['ae', 'sa'],
    analytics: { gaId: 'G-AE0000001', gtmId: 'GTM-AE00001' },
    showSentry: true,
    verificationTag: 'ae-site-verification',
    tollFree: { label: '800-039-3937', tel: '8000393937' },
    timeText: 'Sunday to Thursday, 9 AM to 9 PM (UAE time)',
  },
  sg: {
    ...ruled('sg'),
    countryName: 'Singapore',
    defaultLocale: 'en_sg',
    defaultLanguage: 'en',
    hrefLang: 'en-SG',
    domain: 'www.eyewear.sg',
    domainUrl: 'https://www.eyewear.sg',
    cookieDomain: '.eyewear.sg',
    pathPrefix: '/sg',
    isPinCodeHide: false,
    storeHomeTrial: false,
    newRedisRouting: true,
    GvLkEnabled: false,
    localeList: [{ title: 'English', code: 'en_sg' }],
    trendingSearch: { desktop: DESKTOP_TRENDING, mobile: MOBILE_TRENDING },
    allowedTrafficSourceCountries: ['sg'],
    analytics: { gaId: 'G-SG0000001', gtmId: 'GTM-SG00001' },
    showSentry: false,
    verificationTag: 'sg-site-verification',
  },
  sa: {
    ...ruled('sa'),
    countryName: 'Saudi Arabia',
    defaultLocale: 'en_sa',
    defaultLanguage: 'en',
    hrefLang: 'en-SA',
    domain: 'www.eyewear.com.sa',
    domainUrl: 'https://www.eyewear.com.sa',
    cookieDomain: '.eyewear.com.sa',
    pathPrefix: '/sa',
    isPinCodeHide: true,
    storeHomeTrial: false,
    newRedisRouting: false,
    GvLkEnabled: false,
    localeList: [
      { title: 'English', code: 'en_sa' },
      { title: 'العربية', code: 'ar_sa' },
    ],
    trendingSearch: { desktop: DESKTOP_TRENDING, mobile: MOBILE_TRENDING },
    allowedTrafficSourceCountries: ['sa', 'ae'],
    analytics: { gaId: 'G-SA0000001', gtmId: 'GTM-SA00001' },
    showSentry: false,
    verificationTag: 'sa-site-verification',
  },
  us: {
    ...ruled('us'),
    countryName: 'United States',
    defaultLocale: 'en_us',
    defaultLanguage: 'en',
    hrefLang: 'en-US',
    domain: 'www.eyewear.us',
    domainUrl: 'https://www.eyewear.us',
    cookieDomain: '.eyewear.us',
    pathPrefix: '/us',
    isPinCodeHide: false,
    storeHomeTrial: false,
    newRedisRouting: false,
    GvLkEnabled: false,
    localeList: [{ title: 'English', code: 'en_us' }],
    trendingSearch: { desktop: DESKTOP_TRENDING, mobile: MOBILE_TRENDING },
    allowedTrafficSourceCountries: ['us'],
    analytics: { gaId: 'G-US0000001', gtmId: 'GTM-US00001' },
    showSentry: false,
    verificationTag: 'us-site-verification',
  },
};

export function countryConfig(country: CountryCode): CountryConfig {
  return COUNTRIES[country];
}
