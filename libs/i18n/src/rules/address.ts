import { type CountryCode } from '../country';
import { POSTCODE_RULES } from './contact';

/**
 * A country's delivery address as its shoppers write it (issue 42): what the postcode and the
 * state are called there, and whether the form asks for them. The spec's country data hides the
 * pincode in the UAE and Saudi Arabia (account.md §3 `isPinCodeHide`, which countries.ts takes
 * from here); the UAE has no postcodes at all and Singapore no states. The checkout's address form
 * and the API's shipping address both read this table, so a field the form does not ask for is
 * never required by the API, and a code the form refuses the API refuses too.
 */
export interface AddressRule {
  /** The postcode's name on the country's forms. */
  postcodeLabel: string;
  /**
   * `required`: asked and needed; `optional`: not asked (the country data hides it), a code sent
   * is checked, none is fine; `none`: the country has no postcodes, whatever is sent is dropped.
   */
  postcode: 'required' | 'optional' | 'none';
  /** The first-level region's name (State, Emirate, Region), or null where there is none to ask. */
  stateLabel: string | null;
}

export const ADDRESS_RULES: Readonly<Record<CountryCode, AddressRule>> = {
  in: { postcodeLabel: 'Pincode', postcode: 'required', stateLabel: 'State' },
  ae: { postcodeLabel: 'Postcode', postcode: 'none', stateLabel: 'Emirate' },
  sg: { postcodeLabel: 'Postal code', postcode: 'required', stateLabel: null },
  sa: { postcodeLabel: 'Postal code', postcode: 'optional', stateLabel: 'Region' },
  us: { postcodeLabel: 'ZIP code', postcode: 'required', stateLabel: 'State' },
};

/** Whether the country's address forms ask for a postcode (the spec's `isPinCodeHide`, negated). */
export const asksPostcode = (country: CountryCode): boolean => ADDRESS_RULES[country].postcode === 'required';

/** Whether the country's address forms ask for a state. */
export const asksState = (country: CountryCode): boolean => ADDRESS_RULES[country].stateLabel !== null;

/**
 * The postcode a delivery address of the country keeps: the code typed (trimmed) where the
 * country asks for one and it follows POSTCODE_RULES; '' where it asks for none (a code sent
 * anyway, such as the '00000' UAE forms are often given, is dropped), as where the code is
 * optional and none was given; null when it is wrong, or missing where it is needed.
 */
export function addressPostcode(country: CountryCode, postcode: string | undefined): string | null {
  const rule = ADDRESS_RULES[country].postcode;
  const code = (postcode ?? '').trim();
  if (rule === 'none' || (rule === 'optional' && !code)) return '';
  return POSTCODE_RULES[country].test(code) ? code : null;
}

/** How a refused postcode is told: "Please enter a valid pincode" (ZIP code, postal code). */
export function postcodeMessage(country: CountryCode): string {
  const label = ADDRESS_RULES[country].postcodeLabel;
  return `Please enter a valid ${label.startsWith('ZIP') ? label : label.toLowerCase()}`;
}
