import { useId, useState, type FormEvent } from 'react';
import { addressRoutes, type Address, type AddressInput } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { isPincodeOf, isValidEmail, isValidMobile } from '@eyewear/i18n/rules';
import { Field, failureFrom, failureText, FormError, SelectField } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { addressMessages } from '../address-messages';
import { useProfileApi } from '../api';

type Values = Record<
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'alternatePhone'
  | 'addressline1'
  | 'addressline2'
  | 'landmark'
  | 'locality'
  | 'floor'
  | 'city'
  | 'state'
  | 'postcode'
  | 'gender'
  | 'comment',
  string
>;
const blank: Values = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  alternatePhone: '',
  addressline1: '',
  addressline2: '',
  landmark: '',
  locality: '',
  floor: '',
  city: '',
  state: '',
  postcode: '',
  gender: '',
  comment: '',
};
/** The floors the address book takes (the address schema's range). */
const FLOOR_MAX = 200;
/** The comment the address schema takes. */
const COMMENT_MAX = 500;
const GENDERS = ['male', 'female', 'other'] as const;

/**
 * A new or changed address (account §3 and the spec's delivery fields: alternate phone, locality,
 * floor and lift): checked fields, the pincode's serviceability, the state list, default or not.
 */
export function AddressForm({ initial, onDone, onCancel }: { initial?: Address; onDone(saved?: Address): void; onCancel(): void }) {
  const m = useMessages(sectionMessages);
  const a = useMessages(addressMessages);
  const commentId = useId();
  const api = useProfileApi();
  const country = useCountry();
  const states = useQuery(addressRoutes.locationData);
  const stateNames = states.status === 'ready' ? states.data?.result.states : undefined;
  const [values, setValues] = useState<Values>(() =>
    initial ? { ...blank, ...Object.fromEntries(Object.keys(blank).map((k) => [k, String((initial as Record<string, unknown>)[k] ?? '')])) } : blank,
  );
  const [makeDefault, setMakeDefault] = useState(initial?.defaultAddress ?? false);
  const [lift, setLift] = useState(initial?.liftAvailable ?? false);
  const [serviceability, setServiceability] = useState<boolean | null | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (key: keyof Values) => (v: string) => setValues((s) => ({ ...s, [key]: v }));

  async function checkPincode() {
    if (!isPincodeOf(country, values.postcode)) return;
    // account §4: serviceability is null while loading and false on failure.
    setServiceability(null);
    try {
      const answer = (await api.pincode(values.postcode)).result;
      setServiceability(answer.serviceable);
      setValues((s) => ({ ...s, city: s.city || answer.city || '', state: s.state || answer.state || '' }));
    } catch {
      setServiceability(false);
    }
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    for (const key of ['firstName', 'addressline1', 'city', 'state', 'postcode'] as const) if (!values[key].trim()) next[key] = m.required;
    if (!isValidEmail(values.email.trim())) next.email = m.invalidEmail;
    if (!isValidMobile(country, values.phone)) next.phone = m.invalidMobile;
    if (values.alternatePhone && !isValidMobile(country, values.alternatePhone)) next.alternatePhone = m.invalidMobile;
    const floor = values.floor.trim() === '' ? 0 : Number(values.floor);
    if (!/^\d{0,3}$/.test(values.floor.trim()) || floor > FLOOR_MAX) next.floor = formatMessage(m.invalidFloor, { max: FLOOR_MAX });
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length) return;
    const body: AddressInput & { defaultAddress: boolean } = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      phone: values.phone,
      ...(values.alternatePhone ? { alternatePhone: values.alternatePhone } : {}),
      addressline1: values.addressline1.trim(),
      ...(values.addressline2.trim() ? { addressline2: values.addressline2.trim() } : {}),
      ...(values.landmark.trim() ? { landmark: values.landmark.trim() } : {}),
      ...(values.locality.trim() ? { locality: values.locality.trim() } : {}),
      ...(GENDERS.includes(values.gender as (typeof GENDERS)[number]) ? { gender: values.gender as (typeof GENDERS)[number] } : {}),
      ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
      floor,
      liftAvailable: lift,
      city: values.city.trim(),
      state: values.state.trim(),
      postcode: values.postcode,
      country,
      defaultAddress: makeDefault,
    };
    try {
      if (initial) await api.updateAddress(initial.addressId, body);
      else return onDone((await api.addAddress(body)).result);
      onDone();
    } catch (error) {
      const failed = failureFrom(error, m.somethingWrong);
      if (failed.field && failed.field in values) setErrors({ [failed.field]: failed.message });
      else setFailure(failureText(failed));
    }
  }
  const text = (key: keyof Values, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field name={key} label={label} value={values[key]} onChange={set(key)} error={errors[key]} {...extra} />
  );
  return (
    <form onSubmit={submit} noValidate className="acc-card" aria-label={initial ? m.editAddress : m.addAddress}>
      <h2 className="acc-card__title">{initial ? m.editAddress : m.addAddress}</h2>
      {text('firstName', m.firstName, { autoComplete: 'given-name' })}
      {text('lastName', m.lastName, { autoComplete: 'family-name' })}
      {text('email', m.email, { type: 'email', autoComplete: 'email' })}
      {text('phone', m.phone, { type: 'tel', inputMode: 'numeric' })}
      {text('alternatePhone', m.alternatePhone, { type: 'tel', inputMode: 'numeric' })}
      {text('addressline1', m.line1, { autoComplete: 'address-line1' })}
      {text('addressline2', m.line2, { autoComplete: 'address-line2' })}
      {text('landmark', m.landmark)}
      {text('locality', m.locality)}
      {text('floor', m.floor, { inputMode: 'numeric' })}
      <label className="acc-radio">
        <input type="checkbox" name="liftAvailable" checked={lift} onChange={(event) => setLift(event.target.checked)} />
        {m.liftAvailable}
      </label>
      <div onBlur={checkPincode}>{text('postcode', m.pincode, { inputMode: 'numeric', autoComplete: 'postal-code' })}</div>
      {serviceability === null ? <p role="status">{m.loading}</p> : null}
      {serviceability === true ? <p role="status">{formatMessage(m.serviceable, { pincode: values.postcode })}</p> : null}
      {serviceability === false ? <p role="status">{formatMessage(m.notServiceable, { pincode: values.postcode })}</p> : null}
      {text('city', m.city, { autoComplete: 'address-level2' })}
      {stateNames ? (
        <SelectField
          name="state"
          label={m.state}
          value={values.state}
          onChange={set('state')}
          options={[{ value: '', label: '-' }, ...stateNames.map((s) => ({ value: s.name, label: s.name }))]}
        />
      ) : (
        text('state', m.state)
      )}
      {errors.state && stateNames ? <span className="acc-field__error">{errors.state}</span> : null}
      <SelectField
        name="gender"
        label={a.gender}
        value={values.gender}
        onChange={set('gender')}
        options={[{ value: '', label: a.genderNone }, ...GENDERS.map((g) => ({ value: g, label: a[`gender_${g}`] }))]}
      />
      <div className="acc-field">
        <label htmlFor={commentId}>{a.comment}</label>
        <textarea
          id={commentId}
          name="comment"
          rows={2}
          maxLength={COMMENT_MAX}
          value={values.comment}
          aria-describedby={`${commentId}-hint`}
          aria-invalid={errors.comment ? true : undefined}
          onChange={(event) => set('comment')(event.target.value)}
        />
        <span id={`${commentId}-hint`} className="acc-note">
          {formatMessage(a.commentHint, { max: COMMENT_MAX })}
        </span>
        {errors.comment ? <span className="acc-field__error">{errors.comment}</span> : null}
      </div>
      <label className="acc-radio">
        <input type="checkbox" checked={makeDefault} onChange={(event) => setMakeDefault(event.target.checked)} />
        {m.makeDefault}
      </label>
      <FormError message={failure} />
      <div className="acc-actions">
        <button type="submit" className="ui-button">
          {m.save}
        </button>
        <button type="button" className="ui-button ui-button--link" onClick={onCancel}>
          {m.cancel}
        </button>
      </div>
    </form>
  );
}
