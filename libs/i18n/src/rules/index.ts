/**
 * `@eyewear/i18n/rules`: the storefront's domain rules, one definition each, for the browser
 * apps, the contract's schemas and the API alike. No React, no DOM types, no other package:
 * a rule imports only from this folder and the country codes (a test keeps it so).
 */
export { COUNTRY_CODES, DEFAULT_COUNTRY, isCountryCode, type CountryCode } from '../country';
export { dateIn } from '../dates';
export {
  ANY_MOBILE_PATTERN,
  ANY_POSTCODE_PATTERN,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  MOBILE_RULES,
  POSTCODE_RULES,
  POWER_PHONE_PATTERN,
  countryOfPhoneCode,
  digitsOnly,
  isDigitsOnly,
  isPincodeOf,
  isValidEmail,
  isValidMobile,
  isValidPowerPhone,
  normalisePhoneCode,
  type MobileRule,
} from './contact';
export { CARD_TYPES, cardType, completeCardType, cvvLength, luhnValid, type CardType } from './cards';
export {
  CURRENCY_CODES,
  CURRENCY_OF,
  GST_RATE_OF,
  TAX_NAME_OF,
  currencyMark,
  discountOf,
  formatPrice,
  gstIncluded,
  isCurrencyCode,
  priceFilterMark,
  rupeeLabel,
  taxLineLabel,
  type CurrencyCode,
} from './money';
export { ADDRESS_RULES, addressPostcode, asksPostcode, asksState, postcodeMessage, type AddressRule } from './address';
export {
  AXIS_MAX,
  AXIS_MIN,
  AXIS_PATTERN,
  AXIS_VALUES,
  CONTACT_LENS_AXES,
  CONTACT_LENS_CYLINDERS,
  CONTACT_LENS_QUARTER_STEPS_UP_TO,
  CONTACT_LENS_SPHERE_RANGE,
  DIOPTRE_PATTERN,
  EYE_POWER_FIELDS,
  PD_MAX_MM,
  PD_MIN_MM,
  PD_PATTERN,
  POWER_STEP,
  SPECTACLE_POWER_RANGES,
  contactLensSpheres,
  eyePowerProblems,
  formatPower,
  isSpectaclePowerType,
  isValidPd,
  needsAddition,
  powerProblemText,
  powerSteps,
  prescriptionProblems,
  spectaclePowerValues,
  type EyePowerField,
  type EyePowerValues,
  type LensPowerType,
  type PowerProblem,
  type SpectaclePowerType,
} from './powers';
export { COLOUR_LATER, POWER_FIELDS, POWER_LATER, displayPowerValue, powerOwnerLabel, type PowerField } from './power-display';
export { isCrawler, CRAWLER_USER_AGENT, NOT_CRAWLER_USER_AGENT } from './crawler';
export { UTM_KEYS, UTM_STORAGE_KEY, UTM_VALUE_MAX, addCampaign, campaignFromSearch, type Campaign, type UtmKey } from './campaign';
export {
  CATEGORY_PAGE_SIZE,
  CATEGORY_PAGE_SIZE_MAX,
  categoryPageSize,
  PAYMENT_HOLD_MINUTES,
  RETURN_WINDOW_DAYS,
  WISHLIST_MAX,
  wishlistSummary,
} from './limits';
export { PROMISE, SITE_DESCRIPTION } from './promise';
export { MOBILE_MEDIA_QUERY, MOBILE_USER_AGENT, isMobileViewport, isMobileRequest } from './viewport';
export { httpsUrl, safeReturnPath } from './urls';
export {
  LENS_USAGE_DAYS,
  SUBSCRIPTION_PLANS,
  daysPerBox,
  subscriptionBoxesPerEye,
  subscriptionEyes,
  subscriptionPlanOf,
  subscriptionPrice,
  type LensPack,
  type SubscriptionPlan,
  type SubscriptionPrice,
} from './subscriptions';
