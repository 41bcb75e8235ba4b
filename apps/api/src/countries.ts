import { type CountryData } from '@eyewear/api-client';

/** What the API knows of each country it sells in (account spec §3 "Country configuration"). */
export const COUNTRIES: Record<CountryData['countryCode'], CountryData> = {
  in: { countryCode: 'in', countryName: 'India', currencyCode: 'INR', phoneCode: '+91', defaultLocale: 'en_in', defaultLanguage: 'en', minMobileLength: 10, maxMobileLength: 10, gstRate: 18 },
  ae: { countryCode: 'ae', countryName: 'United Arab Emirates', currencyCode: 'AED', phoneCode: '+971', defaultLocale: 'en_ae', defaultLanguage: 'en', minMobileLength: 9, maxMobileLength: 9, gstRate: 5 },
  sg: { countryCode: 'sg', countryName: 'Singapore', currencyCode: 'SGD', phoneCode: '+65', defaultLocale: 'en_sg', defaultLanguage: 'en', minMobileLength: 8, maxMobileLength: 8, gstRate: 9 },
  sa: { countryCode: 'sa', countryName: 'Saudi Arabia', currencyCode: 'SAR', phoneCode: '+966', defaultLocale: 'en_sa', defaultLanguage: 'en', minMobileLength: 9, maxMobileLength: 9, gstRate: 15 },
  us: { countryCode: 'us', countryName: 'United States', currencyCode: 'USD', phoneCode: '+1', defaultLocale: 'en_us', defaultLanguage: 'en', minMobileLength: 10, maxMobileLength: 10, gstRate: 0 },
};
