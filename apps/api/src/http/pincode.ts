import { PINCODE_MESSAGE, type CountryCode } from '@eyewear/api-client';
import { isPincodeOf } from '@eyewear/i18n/rules';
import { badRequest } from './errors';

/**
 * A pincode checked against its country's rule (POSTCODE_RULES of @eyewear/i18n/rules: the
 * contract itself only knows the envelope of all countries). Absent is fine; optional fields stay so.
 */
export function checkPincode(country: CountryCode, pincode: string | undefined, field = 'pincode') {
  if (pincode !== undefined && !isPincodeOf(country, pincode)) throw badRequest(PINCODE_MESSAGE, field);
}
