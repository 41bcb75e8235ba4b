import { countryOfPhoneCode, isValidMobile, MOBILE_RULES } from '@eyewear/i18n/rules';
import { badRequest } from '../../http/errors';

/** Checks a mobile against its country's rule (MOBILE_RULES, account.md §5); answers the normalised phone code. */
export function checkMobile(telephone: string, phoneCode: string, field = 'telephone'): string {
  const country = countryOfPhoneCode(phoneCode);
  if (!country) throw badRequest('Please enter a valid phone code', 'phoneCode');
  if (!isValidMobile(country, telephone)) throw badRequest('Please enter a valid mobile number', field);
  return MOBILE_RULES[country].phoneCode;
}
