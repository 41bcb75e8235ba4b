export { COUNTRY_CODES, DEFAULT_COUNTRY, isCountryCode, countryFromLocation, countryPathPrefix, type CountryCode } from './country';
export { COUNTRIES, countryConfig, type CountryConfig, type TrendingSearch } from './countries';
export { defineMessages, formatMessage, type MessageCatalogue, type Messages } from './messages';
export { I18nProvider, useCountry, useMessages } from './react';
export { currencyMark, formatPrice, rupeeLabel, type CurrencyCode } from './money';
export {
  EMAIL_PATTERN,
  POWER_PHONE_PATTERN,
  isValidEmail,
  isValidMobile,
  isValidPowerPhone,
  isDigitsOnly,
  digitsOnly,
  lettersAndSpacesOnly,
  priceWithGst,
  discountOf,
  httpsUrl,
  cardType,
  type CardType,
} from './rules';
export { COLOUR_LATER, POWER_FIELDS, POWER_LATER, displayPowerValue, powerOwnerLabel, type PowerField } from './power-display';
