import { useState, type FormEvent } from 'react';
import { htoRoutes, type HtoAppointment } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { useCountry, useMessages } from '@eyewear/i18n';
import { campaignFromSearch, isValidMobile } from '@eyewear/i18n/rules';
import { useSearchParams } from '@eyewear/router';
import { ErrorText } from '../../../app/error-text';
import { messages } from '../../../app/flow-messages';
import { useSubmit } from '../../../app/use-submit';
import { useHtoLead } from '../api';

export interface SlotChoice {
  date: string;
  slotId: string;
}

/** shopping §9: the five UTM keys, read from utm_* query parameters (campaignFromSearch); none is no campaign. */
function utmOf(search: URLSearchParams) {
  const campaign = campaignFromSearch(search);
  return Object.keys(campaign).length > 0 ? campaign : undefined;
}

/** Who and where to visit; books the chosen slot with the campaign the page arrived with. */
export function VisitForm({ pincode, choice, onBooked }: { pincode: string; choice: SlotChoice; onBooked: (visit: HtoAppointment) => void }) {
  const m = useMessages(messages);
  const api = useApiClient();
  const country = useCountry();
  const sendLead = useHtoLead();
  const [search] = useSearchParams();
  const [form, setForm] = useState({ name: '', telephone: '', email: '', address: '' });
  const booking = useSubmit(m.genericError);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const utm = utmOf(search);
    const order = {
      ...(utm ? { utm } : {}),
      userInfo: { name: form.name.trim(), telephone: form.telephone, address: form.address.trim(), ...(form.email ? { email: form.email } : {}) },
      pincode,
      date: choice.date,
      slotId: choice.slotId,
    };
    void booking.run(
      () => api.call(htoRoutes.createOrder, { body: order }),
      (answer) => onBooked(answer.result),
    );
  };
  /** A valid mobile number left on the form is a home try-on lead (before any booking). */
  const leadFromPhone = () => {
    if (!isValidMobile(country, form.telephone)) return;
    const name = form.name.trim();
    sendLead({ phone: form.telephone, ...(name ? { name } : {}), pincode });
  };
  const field = (key: keyof typeof form) => ({ value: form[key], onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }) });
  return (
    <form className="appt-form" onSubmit={submit} aria-labelledby="hto-details">
      <h3 id="hto-details">{m.yourDetails}</h3>
      <label>
        {m.nameLabel}
        <input required autoComplete="name" maxLength={80} {...field('name')} />
      </label>
      <label>
        {m.phoneLabel}
        <input
          required
          inputMode="numeric"
          autoComplete="tel-national"
          pattern="\d{8,10}"
          maxLength={10}
          value={form.telephone}
          onChange={(e) => setForm({ ...form, telephone: e.target.value.replace(/\D/g, '') })}
          onBlur={leadFromPhone}
        />
      </label>
      <label>
        {m.emailLabel}
        <input type="email" autoComplete="email" {...field('email')} />
      </label>
      <label>
        {m.addressLabel}
        <textarea required autoComplete="street-address" {...field('address')} />
      </label>
      <ErrorText message={booking.error} />
      <button type="submit" className="ui-button" disabled={booking.submitting}>
        {booking.submitting ? m.booking : m.bookVisit}
      </button>
    </form>
  );
}
