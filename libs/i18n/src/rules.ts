import { type CountryCode } from './country';
import { COUNTRIES } from './countries';

/** spec/shopping.md §5: non-space text, @, non-space text, a dot, non-space text. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** spec/shopping.md §5: India exactly 10 digits starting 6-9; UAE 9; Singapore 8; Saudi Arabia 9; US 10. */
export function isValidMobile(value: string, country: CountryCode): boolean {
  return COUNTRIES[country].phoneRegex.test(value.trim());
}

/** Power-by-phone (§5): an optional leading 0, then 7, 8 or 9, then nine digits. */
export const POWER_PHONE_PATTERN = /^0?[789]\d{9}$/;

export function isValidPowerPhone(value: string): boolean {
  return POWER_PHONE_PATTERN.test(value.trim());
}

export const isDigitsOnly = (value: string): boolean => /^\d+$/.test(value);
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');
export const lettersAndSpacesOnly = (value: string): string => value.replace(/[^A-Za-z ]/g, '');

/** §9: price with GST = price + price * rate / 100. */
export function priceWithGst(price: number, ratePercent: number): number {
  return price + (price * ratePercent) / 100;
}

/** §9: discount = market price minus the brand (selling) price, never negative. */
export function discountOf(marketPrice: number, sellingPrice: number): number {
  return Math.max(0, marketPrice - sellingPrice);
}

/** §9: image URLs are forced to https (protocol-relative ones too). */
export function httpsUrl(url: string): string {
  if (url.startsWith('//')) return `https:${url}`;
  return url.replace(/^http:\/\//i, 'https://');
}

export type CardType = 'visa' | 'maestro' | 'diners' | 'jcb' | 'amex' | 'discover';

// Order matters: maestro's 50/56-58/6x ranges must be tried after discover's 6011/65.
const CARD_PATTERNS: ReadonlyArray<[CardType, RegExp]> = [
  ['amex', /^3[47]/],
  ['diners', /^3(0[0-5]|[68])/],
  ['jcb', /^35(2[89]|[3-8])/],
  ['visa', /^4/],
  ['discover', /^6(011|5|4[4-9])/],
  ['maestro', /^(5[06-8]|6\d)/],
];

/** §5: the card type from the number's pattern, or null when none matches. */
export function cardType(number: string): CardType | null {
  const digits = digitsOnly(number);
  return CARD_PATTERNS.find(([, pattern]) => pattern.test(digits))?.[0] ?? null;
}
