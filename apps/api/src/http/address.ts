import { type CountryCode } from '@eyewear/api-client';
import { ADDRESS_RULES, addressPostcode, asksState, postcodeMessage } from '@eyewear/i18n/rules';
import { badRequest } from './errors';

/**
 * An address's postcode and state by its country's address rule (ADDRESS_RULES of
 * @eyewear/i18n/rules, the one the checkout's form asks by, issue 42): a code where the country
 * asks for one, none kept where it does not (the UAE's '00000' is dropped), a state where the
 * country has states. Else 400 on the field, named as the country names it.
 */
export function checkAddressRule<A extends { country: CountryCode; postcode: string; state: string }>(address: A): A {
  const rule = ADDRESS_RULES[address.country];
  const postcode = addressPostcode(address.country, address.postcode);
  if (postcode === null) throw badRequest(postcodeMessage(address.country), 'postcode');
  const state = address.state.trim();
  if (asksState(address.country) && !state) throw badRequest(`Please enter the ${rule.stateLabel!.toLowerCase()}`, 'state');
  return { ...address, postcode, state };
}
