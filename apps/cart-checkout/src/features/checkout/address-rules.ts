import type { Address, AddressInput } from '@eyewear/api-client';
import { addressPostcode, asksPostcode, asksState, isValidEmail, isValidMobile, postcodeMessage, type CountryCode } from '@eyewear/i18n/rules';
import type { CartMessages } from '../../app/messages';

export type Fields = Record<
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'alternatePhone'
  | 'gender'
  | 'addressline1'
  | 'addressline2'
  | 'landmark'
  | 'locality'
  | 'city'
  | 'state'
  | 'postcode'
  | 'comment'
  | 'floor',
  string
>;

/** shopping §3 Address defaults: addressType billing, floor 0, lift not available. */
export const ADDRESS_DEFAULTS = { addressType: 'billing' as const, floor: 0, liftAvailable: false };

export function initialFields(initial: Partial<AddressInput> | null, guest: { email: string; phone: string } | null): Fields {
  return {
    firstName: initial?.firstName ?? '',
    lastName: initial?.lastName ?? '',
    email: initial?.email ?? guest?.email ?? '',
    phone: initial?.phone ?? guest?.phone ?? '',
    alternatePhone: initial?.alternatePhone ?? '',
    gender: initial?.gender ?? '',
    addressline1: initial?.addressline1 ?? '',
    addressline2: initial?.addressline2 ?? '',
    landmark: initial?.landmark ?? '',
    locality: initial?.locality ?? '',
    city: initial?.city ?? '',
    state: initial?.state ?? '',
    postcode: initial?.postcode ?? '',
    comment: initial?.comment ?? '',
    floor: String(initial?.floor ?? ADDRESS_DEFAULTS.floor),
  };
}

/**
 * Client-side checks with the per-country phone, postcode and state rules (@eyewear/i18n/rules:
 * ADDRESS_RULES decides which the country asks for); the API checks again with the same.
 */
export function validateFields(f: Fields, country: CountryCode, m: CartMessages): Partial<Record<keyof Fields, string>> {
  const errors: Partial<Record<keyof Fields, string>> = {};
  const needed: (keyof Fields)[] = [
    'firstName',
    'email',
    'phone',
    'addressline1',
    'city',
    ...(asksState(country) ? (['state'] as const) : []),
    ...(asksPostcode(country) ? (['postcode'] as const) : []),
  ];
  for (const key of needed) if (!f[key].trim()) errors[key] = m.required;
  if (f.email && !isValidEmail(f.email.trim())) errors.email = m.invalidEmail;
  if (f.phone && !isValidMobile(country, f.phone)) errors.phone = m.invalidPhone;
  if (f.alternatePhone && !isValidMobile(country, f.alternatePhone)) errors.alternatePhone = m.invalidPhone;
  if (f.postcode.trim() && addressPostcode(country, f.postcode) === null) errors.postcode = postcodeMessage(country);
  return errors;
}

/** A saved address as the shipping-address call takes it: its fields and its id, without the book's own flags. */
export function savedToInput(a: Address): AddressInput & { addressId: number } {
  const { defaultAddress: _default, ...fields } = a;
  return fields;
}

/** The form's fields as the shipping-address call takes them: trimmed, empty optional fields left out, the spec's defaults. */
export function toAddressInput(f: Fields, country: CountryCode, liftAvailable: boolean): AddressInput {
  const opt = (v: string) => (v.trim() ? v.trim() : undefined);
  return {
    ...ADDRESS_DEFAULTS,
    firstName: f.firstName.trim(),
    lastName: f.lastName.trim(),
    email: f.email.trim(),
    phone: f.phone.trim(),
    alternatePhone: opt(f.alternatePhone),
    gender: (opt(f.gender) as AddressInput['gender']) ?? undefined,
    addressline1: f.addressline1.trim(),
    addressline2: opt(f.addressline2),
    landmark: opt(f.landmark),
    locality: opt(f.locality),
    city: f.city.trim(),
    state: asksState(country) ? f.state.trim() : '',
    // None kept where the country has no postcodes (the UAE), as the API keeps none.
    postcode: addressPostcode(country, f.postcode) ?? f.postcode.trim(),
    country: country as AddressInput['country'],
    floor: Number(f.floor) || 0,
    liftAvailable,
    comment: opt(f.comment),
  };
}

const ADDRESS_KEYS = [
  'addressType',
  'firstName',
  'lastName',
  'email',
  'phone',
  'alternatePhone',
  'gender',
  'addressline1',
  'addressline2',
  'landmark',
  'locality',
  'city',
  'state',
  'postcode',
  'country',
  'floor',
  'liftAvailable',
  'comment',
] as const satisfies ReadonlyArray<keyof AddressInput>;

/** What makes two addresses the same one (the book's fields, the spec's defaults filled in), whatever their ids and flags. */
export function addressKey(a: Partial<AddressInput>): string {
  const filled: Partial<AddressInput> = { ...ADDRESS_DEFAULTS, lastName: '', ...a };
  return JSON.stringify(ADDRESS_KEYS.map((k) => filled[k] ?? null));
}
