import { digitsOnly } from './contact';

/** shopping.md §5: "Card type is detected from the number pattern: visa, maestro, diners, jcb, amex, discover." (account.md §5 the same.) */
export const CARD_TYPES = ['visa', 'maestro', 'diners', 'jcb', 'amex', 'discover'] as const;
export type CardType = (typeof CARD_TYPES)[number];

interface CardRule {
  type: CardType;
  /** The issuer's number prefix: enough to name the type while the shopper types. */
  prefix: RegExp;
  /** The lengths a complete number of this type has. */
  lengths: readonly number[];
}

const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The spec names the types, not their patterns: these are the issuers' prefixes (IIN ranges)
 * and lengths the payment gateway checks. Maestro's listed prefixes are tried first; no two
 * prefixes of different types overlap.
 */
const CARD_RULES: readonly CardRule[] = [
  { type: 'maestro', prefix: /^(5018|5020|5038|5893|6304|6759|676[1-3])/, lengths: span(12, 19) },
  { type: 'visa', prefix: /^4/, lengths: [13, 16, 19] },
  { type: 'amex', prefix: /^3[47]/, lengths: [15] },
  { type: 'diners', prefix: /^3(0[0-5]|[689])/, lengths: span(14, 19) },
  { type: 'jcb', prefix: /^(2131|1800|35)/, lengths: [16] },
  { type: 'discover', prefix: /^6(011|5|4[4-9])/, lengths: span(16, 19) },
];

/** The card type from the number's prefix (as the shopper types), or null when none matches. */
export function cardType(number: string): CardType | null {
  const digits = digitsOnly(number);
  return CARD_RULES.find(({ prefix }) => prefix.test(digits))?.type ?? null;
}

/** The card type of a complete number: the prefix matches and the length is one of the type's. */
export function completeCardType(number: string): CardType | null {
  const digits = digitsOnly(number);
  const rule = CARD_RULES.find(({ prefix }) => prefix.test(digits));
  return rule && rule.lengths.includes(digits.length) ? rule.type : null;
}

/** A card number (spaces and dashes ignored) of 12 to 19 digits whose Luhn checksum holds. */
export function luhnValid(number: string): boolean {
  const digits = /^[\d -]+$/.test(number) ? digitsOnly(number) : '';
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The security code's length: four digits on American Express cards, three on the others. */
export const cvvLength = (type: CardType | null): number => (type === 'amex' ? 4 : 3);
