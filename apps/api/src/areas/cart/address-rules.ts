import { POSTCODE_RULES, type AddressInput, type CountryCode } from '@eyewear/api-client';
import { COUNTRIES } from '../../countries';
import { badRequest } from '../../http/errors';

/** §5 mobile number lengths: India exactly 10 starting 6-9; UAE 9; Singapore 8; Saudi Arabia 9; US 10. */
export const PHONE_RULES: Record<CountryCode, RegExp> = {
  in: /^[6-9]\d{9}$/,
  ae: /^\d{9}$/,
  sg: /^\d{8}$/,
  sa: /^\d{9}$/,
  us: /^\d{10}$/,
};
/** Postcodes: the contract's one table per country (India six digits not starting 0, ...). */
export { POSTCODE_RULES };

export function validateAddress<A extends AddressInput & { addressId?: number }>(address: A, country: CountryCode) {
  if (address.country !== country) throw badRequest(`We deliver only within ${COUNTRIES[country].countryName} from this site`, 'country');
  if (!PHONE_RULES[country].test(address.phone)) throw badRequest('Please enter a valid mobile number', 'phone');
  if (address.alternatePhone && !PHONE_RULES[country].test(address.alternatePhone)) throw badRequest('Please enter a valid mobile number', 'alternatePhone');
  if (!POSTCODE_RULES[country].test(address.postcode)) throw badRequest('Please enter a valid pincode', 'postcode');
  const { addressId: _id, ...rest } = address;
  return rest;
}
