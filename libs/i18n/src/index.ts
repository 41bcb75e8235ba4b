// The React side of i18n, shared as one instance by every app (country context, messages,
// country configuration) plus the few rules its pages format with. The rules themselves live
// in ./rules, the React-free entry `@eyewear/i18n/rules` that the API and the contract import
// too; browser code imports other rules from there (bundled into the page that uses them).
export { COUNTRY_CODES, DEFAULT_COUNTRY, isCountryCode, countryFromLocation, countryPathPrefix, type CountryCode } from './country';
export { COUNTRIES, countryConfig, type CountryConfig, type TrendingSearch } from './countries';
export { defineMessages, formatMessage, type MessageCatalogue, type Messages } from './messages';
export { I18nProvider, useCountry, useDateOf, useMessages } from './react';
export { dateIn, openingHoursIn, timeOfDayIn } from './dates';
// From the rule files themselves, not the rules' index: a shared module is not tree-shaken, so
// this entry carries only these into every page's first load.
export { currencyMark, formatPrice, rupeeLabel } from './rules/money';
export { httpsUrl } from './rules/urls';
export { isValidPowerPhone } from './rules/contact';
export { POWER_FIELDS, displayPowerValue, powerOwnerLabel, type PowerField } from './rules/power-display';
export { ServerHeadProvider, useServerHead, addJsonLd, siteUrl, pageLinks, headElement, writePageLinks, type ServerHead } from './head';
