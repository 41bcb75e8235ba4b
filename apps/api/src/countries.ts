import { type CountryData } from '@eyewear/api-client';
import { COUNTRY_CODES, CURRENCY_OF, GST_RATE_OF, MOBILE_RULES, type CountryCode } from '@eyewear/i18n/rules';

const NAMES: Record<CountryCode, string> = { in: 'India', ae: 'United Arab Emirates', sg: 'Singapore', sa: 'Saudi Arabia', us: 'United States' };

/**
 * What the API knows of each country it sells in (account spec §3 "Country configuration"): its
 * name and locale, and what the rules of @eyewear/i18n/rules decide (currency, dialling code,
 * mobile lengths, GST).
 */
export const COUNTRIES = Object.fromEntries(
  COUNTRY_CODES.map((code): [CountryCode, CountryData] => [
    code,
    {
      countryCode: code,
      countryName: NAMES[code],
      currencyCode: CURRENCY_OF[code],
      phoneCode: MOBILE_RULES[code].phoneCode,
      defaultLocale: `en_${code}`,
      defaultLanguage: 'en',
      minMobileLength: MOBILE_RULES[code].length,
      maxMobileLength: MOBILE_RULES[code].length,
      gstRate: GST_RATE_OF[code],
    },
  ]),
) as Record<CountryCode, CountryData>;
