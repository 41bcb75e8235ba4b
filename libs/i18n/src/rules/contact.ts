import { COUNTRY_CODES, type CountryCode } from '../country';

/**
 * E-mail, the one rule of every form and every call.
 * account.md §5 and shopping.md §5: "Email format: non-space text, @, non-space text, a dot,
 * non-space text." Made exact the way mail servers read it (RFC 5322 without its quoted and
 * commented forms, issue 16): one @, a local part of at most 64 characters, a domain of
 * dot-separated non-empty labels, at most 254 characters in all, and none of the characters
 * only quoting allows. Every address it accepts has the spec's shape.
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]{1,64}@[^\s@<>()[\]\\,;:".]+(?:\.[^\s@<>()[\]\\,;:".]+)+$/;
export const EMAIL_MAX_LENGTH = 254;

/** The value as typed; callers trim what the shopper typed before checking and sending it. */
export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

export interface MobileRule {
  /** International dialling code, with the plus. */
  phoneCode: string;
  /** Digits of a national mobile number (the spec's min and max are the same). */
  length: number;
  pattern: RegExp;
}

/**
 * Mobile numbers per country, digits only, without the dialling code.
 * account.md §5: "Mobile length: India exactly 10, starting 6-9; UAE 9; Singapore 8; Saudi
 * Arabia 9; US 10 (digits only)." (shopping.md §5 "Mobile number lengths per country" the same.)
 */
export const MOBILE_RULES: Readonly<Record<CountryCode, MobileRule>> = {
  in: { phoneCode: '+91', length: 10, pattern: /^[6-9]\d{9}$/ },
  ae: { phoneCode: '+971', length: 9, pattern: /^\d{9}$/ },
  sg: { phoneCode: '+65', length: 8, pattern: /^\d{8}$/ },
  sa: { phoneCode: '+966', length: 9, pattern: /^\d{9}$/ },
  us: { phoneCode: '+1', length: 10, pattern: /^\d{10}$/ },
};

/** Country first, like every per-country rule here: `isValidMobile('in', '9876543210')`. */
export function isValidMobile(country: CountryCode, telephone: string): boolean {
  return MOBILE_RULES[country].pattern.test(telephone);
}

const mobileLengths = COUNTRY_CODES.map((c) => MOBILE_RULES[c].length);
/** Any country's mobile: what a call checks before it knows the country (8 to 10 digits). */
export const ANY_MOBILE_PATTERN = new RegExp(`^\\d{${Math.min(...mobileLengths)},${Math.max(...mobileLengths)}}$`);

/** A dialling code as sent ('+91' or '91') in the form MOBILE_RULES writes it. */
export const normalisePhoneCode = (code: string): string => (code.startsWith('+') ? code : `+${code}`);

/** The country whose dialling code this is, if we sell there. */
export function countryOfPhoneCode(code: string): CountryCode | undefined {
  const wanted = normalisePhoneCode(code);
  return COUNTRY_CODES.find((c) => MOBILE_RULES[c].phoneCode === wanted);
}

/**
 * Power-by-phone (any country's site).
 * shopping.md §5: "Power phone number (power-by-phone request): an optional leading 0, then a
 * digit 7, 8 or 9, then nine digits." (account.md §5 the same.)
 */
export const POWER_PHONE_PATTERN = /^0?[789]\d{9}$/;

export function isValidPowerPhone(value: string): boolean {
  return POWER_PHONE_PATTERN.test(value.trim());
}

/**
 * Pincodes and postcodes per country: India six digits not starting with 0; Singapore six
 * digits; Saudi Arabia five; the US five or ZIP+4 (12345-6789). The UAE has no postcodes (its
 * forms hide the field, isPinCodeHide, account.md §3); a code given there is 5 or 6 digits.
 * The specs name pincode checks (account.md §7 "GET pincode check", shopping.md §7 delivery
 * estimates by pincode) but no format: this is the table the API and the forms both use.
 */
export const POSTCODE_RULES: Readonly<Record<CountryCode, RegExp>> = {
  in: /^[1-9]\d{5}$/,
  ae: /^\d{5,6}$/,
  sg: /^\d{6}$/,
  sa: /^\d{5}$/,
  us: /^\d{5}(?:-\d{4})?$/,
};

/** Country first, like isValidMobile. */
export const isPincodeOf = (country: CountryCode, pincode: string): boolean => POSTCODE_RULES[country].test(pincode);

/** Any country's pincode: what a call checks before it knows the country. */
export const ANY_POSTCODE_PATTERN = /^(?:\d{5,6}|\d{5}-\d{4})$/;

/** shopping.md §5: "Helpers exist for digits-only checks, numeric-only stripping ...". */
export const isDigitsOnly = (value: string): boolean => /^\d+$/.test(value);
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');
