import { badRequest } from '../../http/errors';

export type PhoneCountry = 'in' | 'ae' | 'sg' | 'sa' | 'us';

/** spec/account.md §5: India exactly 10 starting 6-9; UAE 9; Singapore 8; Saudi Arabia 9; US 10. */
export const MOBILE_RULES: Record<PhoneCountry, { phoneCode: string; pattern: RegExp }> = {
  in: { phoneCode: '+91', pattern: /^[6-9]\d{9}$/ },
  ae: { phoneCode: '+971', pattern: /^\d{9}$/ },
  sg: { phoneCode: '+65', pattern: /^\d{8}$/ },
  sa: { phoneCode: '+966', pattern: /^\d{9}$/ },
  us: { phoneCode: '+1', pattern: /^\d{10}$/ },
};

export const normalisePhoneCode = (code: string) => (code.startsWith('+') ? code : `+${code}`);

export function countryOfPhoneCode(code: string): PhoneCountry | undefined {
  const wanted = normalisePhoneCode(code);
  return (Object.keys(MOBILE_RULES) as PhoneCountry[]).find((c) => MOBILE_RULES[c].phoneCode === wanted);
}

/** Checks a mobile against its country's rule; answers the normalised phone code. */
export function checkMobile(telephone: string, phoneCode: string, field = 'telephone'): string {
  const country = countryOfPhoneCode(phoneCode);
  if (!country) throw badRequest('Please enter a valid phone code', 'phoneCode');
  if (!MOBILE_RULES[country].pattern.test(telephone)) throw badRequest('Please enter a valid mobile number', field);
  return MOBILE_RULES[country].phoneCode;
}
