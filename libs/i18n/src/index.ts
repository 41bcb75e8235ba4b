export { COUNTRY_CODES, DEFAULT_COUNTRY, isCountryCode, countryFromLocation, type CountryCode } from './country';
export { defineMessages, formatMessage, type MessageCatalogue, type Messages } from './messages';
export { I18nProvider, useCountry, useMessages } from './react';
export { currencyMark, formatPrice, rupeeLabel, type CurrencyCode } from './money';
