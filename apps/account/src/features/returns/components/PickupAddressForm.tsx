import { useState, type KeyboardEvent } from 'react';
import { addressRoutes, fieldOf, messageOf, type Address, type AddressInput } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { useCountry, useMessages } from '@eyewear/i18n';
import { isPincodeOf, isValidEmail, isValidMobile } from '@eyewear/i18n/rules';
import { Field, FormError, SelectField } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { useReturnsApi } from '../api';
import { returnsMessages } from '../messages';

type Values = Record<'firstName' | 'lastName' | 'phone' | 'email' | 'addressline1' | 'addressline2' | 'city' | 'state' | 'postcode', string>;

/**
 * A pickup address added without leaving the return form: a group of its fields (not a form of
 * its own, it sits inside the return's), checked as the address book checks them, saved to the
 * address book through the address API; the name and contact start as the order's.
 */
export function PickupAddressForm({
  pincode,
  contact,
  onSaved,
  onCancel,
}: {
  pincode: string;
  contact?: Partial<Pick<AddressInput, 'firstName' | 'lastName' | 'phone' | 'email'>>;
  onSaved(address: Address): void;
  onCancel(): void;
}) {
  const m = useMessages(sectionMessages);
  const r = useMessages(returnsMessages);
  const api = useReturnsApi();
  const country = useCountry();
  const states = useQuery(addressRoutes.locationData);
  const stateNames = states.status === 'ready' ? states.data?.result.states : undefined;
  const [values, setValues] = useState<Values>({
    firstName: contact?.firstName ?? '',
    lastName: contact?.lastName ?? '',
    phone: contact?.phone ?? '',
    email: contact?.email ?? '',
    addressline1: '',
    addressline2: '',
    city: '',
    state: '',
    postcode: pincode,
  });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof Values) => (v: string) => setValues((s) => ({ ...s, [key]: v }));

  async function save() {
    const next: Partial<Values> = {};
    for (const key of ['firstName', 'addressline1', 'city', 'state', 'postcode'] as const) if (!values[key].trim()) next[key] = m.required;
    if (!isValidEmail(values.email.trim())) next.email = m.invalidEmail;
    if (!isValidMobile(country, values.phone)) next.phone = m.invalidMobile;
    if (values.postcode.trim() && !isPincodeOf(country, values.postcode.trim())) next.postcode = r.invalidPincode;
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length || saving) return;
    setSaving(true);
    try {
      const saved = await api.addAddress({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        phone: values.phone,
        addressline1: values.addressline1.trim(),
        ...(values.addressline2.trim() ? { addressline2: values.addressline2.trim() } : {}),
        city: values.city.trim(),
        state: values.state.trim(),
        postcode: values.postcode.trim(),
        country,
      });
      onSaved(saved.result);
    } catch (error) {
      const field = fieldOf(error);
      const message = messageOf(error, m.somethingWrong);
      if (field && field in values) setErrors({ [field]: message.replace(`${field}: `, '') });
      else setFailure(message);
    } finally {
      setSaving(false);
    }
  }
  // Enter in a field saves the address, not the return around it.
  function onKeyDown(event: KeyboardEvent<HTMLFieldSetElement>) {
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      void save();
    }
  }
  const text = (key: keyof Values, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field name={`pickup-${key}`} label={label} value={values[key]} onChange={set(key)} error={errors[key]} {...extra} />
  );
  return (
    <fieldset className="acc-card" onKeyDown={onKeyDown}>
      <legend>{r.newPickupAddress}</legend>
      {text('firstName', m.firstName, { autoComplete: 'given-name' })}
      {text('lastName', m.lastName, { autoComplete: 'family-name' })}
      {text('phone', m.phone, { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' })}
      {text('email', m.email, { type: 'email', autoComplete: 'email' })}
      {text('addressline1', m.line1, { autoComplete: 'address-line1' })}
      {text('addressline2', m.line2, { autoComplete: 'address-line2' })}
      {text('city', m.city, { autoComplete: 'address-level2' })}
      {stateNames ? (
        <SelectField
          name="pickup-state"
          label={m.state}
          value={values.state}
          onChange={set('state')}
          options={[{ value: '', label: '-' }, ...stateNames.map((s) => ({ value: s.name, label: s.name }))]}
        />
      ) : (
        text('state', m.state)
      )}
      {errors.state && stateNames ? (
        <span role="alert" className="acc-field__error">
          {errors.state}
        </span>
      ) : null}
      {text('postcode', m.pincode, { inputMode: 'numeric', autoComplete: 'postal-code' })}
      <FormError message={failure} />
      <div className="acc-actions">
        <button type="button" className="ui-button" onClick={() => void save()} disabled={saving}>
          {r.saveAddress}
        </button>
        <button type="button" className="ui-button ui-button--link" onClick={onCancel}>
          {m.cancel}
        </button>
      </div>
    </fieldset>
  );
}
