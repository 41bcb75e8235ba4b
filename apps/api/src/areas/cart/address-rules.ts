import { type AddressInput, type CountryCode } from '@eyewear/api-client';
import { isValidMobile } from '@eyewear/i18n/rules';
import { COUNTRIES } from '../../countries';
import { checkAddressRule } from '../../http/address';
import { badRequest } from '../../http/errors';

/** An address of the site's country, its phones (MOBILE_RULES, account.md §5), postcode and state (ADDRESS_RULES) checked. */
export function validateAddress<A extends AddressInput & { addressId?: number }>(address: A, country: CountryCode) {
  if (address.country !== country) throw badRequest(`We deliver only within ${COUNTRIES[country].countryName} from this site`, 'country');
  if (!isValidMobile(country, address.phone)) throw badRequest('Please enter a valid mobile number', 'phone');
  if (address.alternatePhone && !isValidMobile(country, address.alternatePhone)) throw badRequest('Please enter a valid mobile number', 'alternatePhone');
  const { addressId: _id, ...rest } = checkAddressRule(address);
  return rest;
}
