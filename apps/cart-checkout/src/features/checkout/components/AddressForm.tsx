import { useId, useState, type FormEvent } from 'react';
import type { AddressInput, GiftMessage } from '@eyewear/api-client';
import { useCountry, useMessages } from '@eyewear/i18n';
import { ADDRESS_RULES, asksPostcode } from '@eyewear/i18n/rules';
import { messages } from '../../../app/messages';
import { checkoutMessages } from '../messages';
import { DeliveryEstimate } from './DeliveryEstimate';
import { GiftFields } from './GiftFields';
import { ADDRESS_DEFAULTS, initialFields, toAddressInput, validateFields, type Fields } from '../address-rules';

interface Props {
  initial: Partial<AddressInput> | null;
  guest: { email: string; phone: string } | null;
  busy: boolean;
  serverError: { message: string; field?: string } | null;
  /** A signed-in customer may keep the address in their address book (a guest has none). */
  offerSave?: boolean;
  onSubmit(address: AddressInput, gift: GiftMessage | null, saveToBook: boolean): void;
}

export function AddressForm({ initial, guest, busy, serverError, offerSave = false, onSubmit }: Props) {
  const m = useMessages(messages);
  const own = useMessages(checkoutMessages);
  const country = useCountry();
  const rule = ADDRESS_RULES[country];
  const id = useId();
  const [f, setF] = useState<Fields>(() => initialFields(initial, guest));
  // What the form starts from can arrive after the shopper began typing (a signed-in customer's
  // contact): it fills the fields still empty and never takes back what was typed.
  const startsFrom = JSON.stringify([initial, guest]);
  const [filledFrom, setFilledFrom] = useState(startsFrom);
  if (filledFrom !== startsFrom) {
    setFilledFrom(startsFrom);
    const arrived = initialFields(initial, guest);
    setF((typed) => {
      const next = { ...typed };
      for (const key of Object.keys(arrived) as (keyof Fields)[]) if (typed[key] === '') next[key] = arrived[key];
      return next;
    });
  }
  const [lift, setLift] = useState(initial?.liftAvailable ?? ADDRESS_DEFAULTS.liftAvailable);
  const [gift, setGift] = useState<GiftMessage | null>(null);
  const [saveToBook, setSaveToBook] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => setF((old) => ({ ...old, [key]: e.target.value }));
  // A refusal naming one of these fields shows at it; any other (or none) for the whole form, never lost.
  const atField = serverError?.field !== undefined && serverError.field in f;
  const allErrors = { ...errors, ...(atField ? { [serverError!.field!]: serverError!.message } : {}) } as Partial<Record<keyof Fields, string>>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateFields(f, country, m);
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    onSubmit(toAddressInput(f, country, lift), gift && gift.from && gift.to && gift.message ? gift : null, offerSave && saveToBook);
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
      {/* Named and asked as the country does (ADDRESS_RULES: an emirate and no postcode in the UAE, no state in Singapore). */}
      {rule.stateLabel ? field('state', rule.stateLabel, { autoComplete: 'address-level1' }) : null}
      {asksPostcode(country) ? (
        <>
          {field('postcode', rule.postcodeLabel, { inputMode: country === 'us' ? 'text' : 'numeric', autoComplete: 'postal-code' })}
          <div className="cc-field">
            <DeliveryEstimate pincode={f.postcode} />
          </div>
        </>
      ) : null}
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
      <GiftFields gift={gift} onChange={setGift} />
      {offerSave ? (
        <div className="cc-field cc-field--wide">
          <label>
            <input type="checkbox" checked={saveToBook} onChange={(e) => setSaveToBook(e.target.checked)} /> {own.saveToBook}
          </label>
        </div>
      ) : null}
      {serverError && !atField ? (
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
