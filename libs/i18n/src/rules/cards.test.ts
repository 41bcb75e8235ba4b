import { CARD_TYPES, cardType, completeCardType, cvvLength, luhnValid, type CardType } from './cards';

// shopping.md §5: "Card type is detected from the number pattern: visa, maestro, diners, jcb,
// amex, discover." The gateways' published test numbers, each Luhn-valid.
const VALID: [string, CardType | null][] = [
  ['4111111111111111', 'visa'],
  ['4012888888881881', 'visa'],
  ['4222222222222', 'visa'],
  ['6759649826438453', 'maestro'],
  ['5018000000000009', 'maestro'],
  ['6304000000000000', 'maestro'],
  ['30569309025904', 'diners'],
  ['38520000023237', 'diners'],
  ['36227206271667', 'diners'],
  ['3530111333300000', 'jcb'],
  ['3566002020360505', 'jcb'],
  ['378282246310005', 'amex'],
  ['371449635398431', 'amex'],
  ['6011111111111117', 'discover'],
  ['6011000990139424', 'discover'],
  ['6500000000000002', 'discover'],
  // Mastercard is none of the six: it pays, as a card of no named type.
  ['5555555555554444', null],
];

describe('card rules', () => {
  it('names the six types of the spec', () => expect([...CARD_TYPES].sort()).toEqual(['amex', 'diners', 'discover', 'jcb', 'maestro', 'visa']));

  it.each(VALID)('%s is Luhn-valid and a %p card', (number, type) => {
    expect(luhnValid(number)).toBe(true);
    expect(cardType(number)).toBe(type);
    expect(completeCardType(number)).toBe(type);
  });

  it.each([
    ['4111111111111112', 'visa'],
    ['378282246310006', 'amex'],
    ['6011111111111111', 'discover'],
    ['5893000000000002', 'maestro'],
  ] as const)('%s fails Luhn (its prefix still names %s)', (number, type) => {
    expect(luhnValid(number)).toBe(false);
    expect(cardType(number)).toBe(type);
  });

  it('refuses numbers too short, too long or not numbers', () => {
    expect(luhnValid('123')).toBe(false);
    expect(luhnValid('0000000000')).toBe(false);
    expect(luhnValid('41111111111111111111')).toBe(false);
    expect(luhnValid('4111a11111111111')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('reads a number as typed, with spaces or dashes', () => {
    expect(luhnValid('4111 1111 1111 1111')).toBe(true);
    expect(luhnValid('4111-1111-1111-1111')).toBe(true);
    expect(cardType('4111 11')).toBe('visa');
  });

  it('names the type from the first digits while the shopper types, the complete type only at a valid length', () => {
    expect(cardType('4')).toBe('visa');
    expect(cardType('37')).toBe('amex');
    expect(cardType('6011')).toBe('discover');
    expect(cardType('9999')).toBeNull();
    expect(completeCardType('41111111111111')).toBeNull();
    expect(completeCardType('3782822463100')).toBeNull();
  });

  it('asks four CVV digits of American Express, three of the others', () => {
    expect(cvvLength('amex')).toBe(4);
    expect(cvvLength('visa')).toBe(3);
    expect(cvvLength(null)).toBe(3);
  });
});
