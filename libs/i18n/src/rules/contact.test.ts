import { COUNTRY_CODES, type CountryCode } from '../country';
import {
  ANY_MOBILE_PATTERN,
  ANY_POSTCODE_PATTERN,
  countryOfPhoneCode,
  digitsOnly,
  isDigitsOnly,
  isPincodeOf,
  isValidEmail,
  isValidMobile,
  isValidPowerPhone,
  MOBILE_RULES,
  normalisePhoneCode,
} from './contact';

// Per country: valid and invalid values of each rule. account.md §5 "Mobile length: India exactly
// 10, starting 6-9; UAE 9; Singapore 8; Saudi Arabia 9; US 10 (digits only)."
const MOBILES: Record<CountryCode, { valid: string[]; invalid: string[] }> = {
  in: {
    valid: ['9876543210', '6000000000', '7012345678', '8123456789'],
    invalid: ['5876543210', '0987654321', '987654321', '98765432100', '98765 43210', '+919876543210'],
  },
  ae: { valid: ['501234567', '123456789'], invalid: ['50123456', '5012345678', '50123456a', '+971501234567'] },
  sg: { valid: ['81234567', '61234567'], invalid: ['8123456', '812345678', '8123 4567'] },
  sa: { valid: ['512345678', '112345678'], invalid: ['51234567', '5123456789', '05123456a'] },
  us: { valid: ['2025550123', '9876543210', '1234567890'], invalid: ['202555012', '20255501234', '202555012a', '202-555-0123'] },
};

const POSTCODES: Record<CountryCode, { valid: string[]; invalid: string[] }> = {
  in: { valid: ['110001', '560034', '999999'], invalid: ['011001', '11000', '1100011', '11000a', '110 001'] },
  ae: { valid: ['12345', '123456'], invalid: ['1234', '1234567', 'ABCDE'] },
  sg: { valid: ['018956', '123456'], invalid: ['12345', '1234567'] },
  sa: { valid: ['12271', '01234'], invalid: ['1234', '123456', '12345-6789'] },
  us: { valid: ['10001', '02134', '10001-1234'], invalid: ['1000', '100011', '10001-123', '10001 1234'] },
};

// account.md §5 and shopping.md §5: "Email format: non-space text, @, non-space text, a dot,
// non-space text." The same rule in every country.
const EMAILS = {
  valid: ['a@b.co', 'first.last@shop.example.in', 'asha+orders@mail.example.ae', 'x_y-z@sub.domain.com.sa', `${'a'.repeat(64)}@example.com`],
  invalid: [
    'a b@c.de',
    'ab.cd',
    'a@bcd',
    '@b.co',
    'a@.co',
    'asha@rao@example.com',
    'asha@example..com',
    'asha@example.com.',
    '"asha"@example.com',
    '<asha>@example.com',
    `${'a'.repeat(65)}@example.com`,
    `${'a'.repeat(60)}@${'b'.repeat(190)}.com`,
    ' a@b.co',
  ],
};

describe.each(COUNTRY_CODES)('contact rules of %s', (country) => {
  it.each(MOBILES[country].valid)('accepts the mobile %s', (number) => expect(isValidMobile(country, number)).toBe(true));
  it.each(MOBILES[country].invalid)('refuses the mobile %p', (number) => expect(isValidMobile(country, number)).toBe(false));
  it.each(POSTCODES[country].valid)('accepts the pincode %s', (code) => expect(isPincodeOf(country, code)).toBe(true));
  it.each(POSTCODES[country].invalid)('refuses the pincode %p', (code) => expect(isPincodeOf(country, code)).toBe(false));
  it.each(EMAILS.valid)('accepts the e-mail %s', (email) => expect(isValidEmail(email)).toBe(true));
  it.each(EMAILS.invalid)('refuses the e-mail %p', (email) => expect(isValidEmail(email)).toBe(false));

  it('has a dialling code that leads back to the country, and mobiles within the envelope', () => {
    expect(countryOfPhoneCode(MOBILE_RULES[country].phoneCode)).toBe(country);
    expect(countryOfPhoneCode(MOBILE_RULES[country].phoneCode.slice(1))).toBe(country);
    for (const number of MOBILES[country].valid) expect(number).toMatch(ANY_MOBILE_PATTERN);
    for (const code of POSTCODES[country].valid) expect(code).toMatch(ANY_POSTCODE_PATTERN);
    expect(MOBILES[country].valid.every((n) => n.length === MOBILE_RULES[country].length)).toBe(true);
  });
});

describe('contact rules across countries', () => {
  it('knows the five dialling codes and no other', () => {
    expect(COUNTRY_CODES.map((c) => MOBILE_RULES[c].phoneCode)).toEqual(['+91', '+971', '+65', '+966', '+1']);
    expect(countryOfPhoneCode('+44')).toBeUndefined();
    expect(normalisePhoneCode('91')).toBe('+91');
    expect(normalisePhoneCode('+91')).toBe('+91');
  });

  it('the envelope is 8 to 10 digits', () => {
    expect(ANY_MOBILE_PATTERN.source).toBe('^\\d{8,10}$');
  });

  // shopping.md §5: "an optional leading 0, then a digit 7, 8 or 9, then nine digits."
  it.each([
    ['9876543210', true],
    ['09876543210', true],
    ['7000000000', true],
    [' 8123456789 ', true],
    ['6876543210', false],
    ['98765432', false],
    ['009876543210', false],
    ['98765432101', false],
  ])('power phone %p valid: %p', (value, ok) => expect(isValidPowerPhone(value)).toBe(ok));

  it('checks and strips digits', () => {
    expect(isDigitsOnly('0123')).toBe(true);
    expect(isDigitsOnly('01 23')).toBe(false);
    expect(isDigitsOnly('')).toBe(false);
    expect(digitsOnly('+91 98-76')).toBe('919876');
  });
});
