import { useId, useState, type FormEvent } from 'react';
import type { AddressInput, GiftMessage } from '@eyewear/api-client';
import { isPincodeOf, isValidEmail, isValidMobile, type CountryCode } from '@eyewear/i18n/rules';
import type { CartMessages } from '../../app/messages';

type Fields = Record<
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

function initialFields(initial: Partial<AddressInput> | null, guest: { email: string; phone: string } | null): Fields {
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

/** Client-side checks with the per-country phone and postcode rules (@eyewear/i18n/rules); the API checks again with the same. */
export function validateFields(f: Fields, country: CountryCode, m: CartMessages): Partial<Record<keyof Fields, string>> {
  const errors: Partial<Record<keyof Fields, string>> = {};
  for (const key of ['firstName', 'email', 'phone', 'addressline1', 'city', 'state', 'postcode'] as const) if (!f[key].trim()) errors[key] = m.required;
  if (f.email && !isValidEmail(f.email.trim())) errors.email = m.invalidEmail;
  if (f.phone && !isValidMobile(country, f.phone)) errors.phone = m.invalidPhone;
  if (f.alternatePhone && !isValidMobile(country, f.alternatePhone)) errors.alternatePhone = m.invalidPhone;
  if (f.postcode && !isPincodeOf(country, f.postcode)) errors.postcode = m.invalidPostcode;
  return errors;
}

interface Props {
  m: CartMessages;
  country: CountryCode;
  initial: Partial<AddressInput> | null;
  guest: { email: string; phone: string } | null;
  busy: boolean;
  serverError: { message: string; field?: string } | null;
  onSubmit(address: AddressInput, gift: GiftMessage | null): void;
}

export function AddressForm({ m, country, initial, guest, busy, serverError, onSubmit }: Props) {
  const id = useId();
  const [f, setF] = useState<Fields>(() => initialFields(initial, guest));
  const [lift, setLift] = useState(initial?.liftAvailable ?? ADDRESS_DEFAULTS.liftAvailable);
  const [gift, setGift] = useState<GiftMessage | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => setF((old) => ({ ...old, [key]: e.target.value }));
  const allErrors = { ...errors, ...(serverError?.field ? { [serverError.field]: serverError.message } : {}) } as Partial<Record<keyof Fields, string>>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateFields(f, country, m);
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    const opt = (v: string) => (v.trim() ? v.trim() : undefined);
    onSubmit(
      {
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
        state: f.state.trim(),
        postcode: f.postcode.trim(),
        country: country as AddressInput['country'],
        floor: Number(f.floor) || 0,
        liftAvailable: lift,
        comment: opt(f.comment),
      },
      gift && gift.from && gift.to && gift.message ? gift : null,
    );
  };

  const field = (key: keyof Fields, label: string, props: Record<string, unknown> = {}, wide = false) => (
    <div className={`cc-field${wide ? ' cc-field--wide' : ''}`}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        name={key}
        value={f[key]}
        onChange={set(key)}
        aria-invalid={allErrors[key] ? true : undefined}
        aria-describedby={allErrors[key] ? `${id}-${key}-error` : undefined}
        {...props}
      />
      {allErrors[key] ? (
        <span id={`${id}-${key}-error`} className="cc-error">
          {allErrors[key]}
        </span>
      ) : null}
    </div>
  );

  return (
    <form className="cc-form" onSubmit={submit} noValidate aria-label={m.stepAddress}>
      {field('firstName', m.firstName, { autoComplete: 'given-name' })}
      {field('lastName', m.lastName, { autoComplete: 'family-name' })}
      {field('email', m.email, { type: 'email', autoComplete: 'email' })}
      {field('phone', m.phone, { inputMode: 'numeric', autoComplete: 'tel-national' })}
      {field('alternatePhone', m.alternatePhone, { inputMode: 'numeric' })}
      <div className="cc-field">
        <label htmlFor={`${id}-gender`}>{m.gender}</label>
        <select id={`${id}-gender`} value={f.gender} onChange={set('gender')}>
          <option value="">{m.genderNone}</option>
          <option value="male">{m.genderMale}</option>
          <option value="female">{m.genderFemale}</option>
          <option value="other">{m.genderOther}</option>
        </select>
      </div>
      {field('addressline1', m.addressline1, { autoComplete: 'address-line1' }, true)}
      {field('addressline2', m.addressline2, { autoComplete: 'address-line2' }, true)}
      {field('landmark', m.landmark)}
      {field('locality', m.locality)}
      {field('city', m.city, { autoComplete: 'address-level2' })}
      {field('state', m.state, { autoComplete: 'address-level1' })}
      {field('postcode', m.postcode, { inputMode: 'numeric', autoComplete: 'postal-code' })}
      {field('floor', m.floor, { type: 'number', min: 0, max: 200 })}
      <div className="cc-field">
        <label>
          <input type="checkbox" checked={lift} onChange={(e) => setLift(e.target.checked)} /> {m.liftAvailable}
        </label>
      </div>
      <div className="cc-field cc-field--wide">
        <label htmlFor={`${id}-comment`}>{m.comment}</label>
        <textarea id={`${id}-comment`} value={f.comment} onChange={set('comment')} rows={2} />
      </div>
      <div className="cc-field cc-field--wide">
        <label>
          <input type="checkbox" checked={gift !== null} onChange={(e) => setGift(e.target.checked ? { from: '', to: '', message: '' } : null)} />{' '}
          {m.giftToggle}
        </label>
      </div>
      {gift ? (
        <>
          <div className="cc-field">
            <label htmlFor={`${id}-gift-from`}>{m.giftFrom}</label>
            <input id={`${id}-gift-from`} value={gift.from} onChange={(e) => setGift({ ...gift, from: e.target.value })} />
          </div>
          <div className="cc-field">
            <label htmlFor={`${id}-gift-to`}>{m.giftTo}</label>
            <input id={`${id}-gift-to`} value={gift.to} onChange={(e) => setGift({ ...gift, to: e.target.value })} />
          </div>
          <div className="cc-field cc-field--wide">
            <label htmlFor={`${id}-gift-message`}>{m.giftMessage}</label>
            <textarea id={`${id}-gift-message`} value={gift.message} maxLength={250} onChange={(e) => setGift({ ...gift, message: e.target.value })} />
          </div>
        </>
      ) : null}
      {serverError && !serverError.field ? (
        <p role="alert" className="cc-error cc-field--wide">
          {serverError.message}
        </p>
      ) : null}
      <div className="cc-field--wide">
        <button type="submit" className="ui-button ui-button--primary" disabled={busy}>
          {m.saveAndContinue}
        </button>
      </div>
    </form>
  );
}
