import { useState, type FormEvent } from 'react';
import { catalogueRoutes } from '@eyewear/api-client';
import { useCountry, useMessages } from '@eyewear/i18n';
import { digitsOnly, isValidEmail, isValidMobile } from '@eyewear/i18n/rules';
import { useApi } from '../../app/api';
import { messages } from '../../app/messages';

const INTERESTS = ['eyeglasses', 'sunglasses', 'contact_lenses', 'eye_test', 'kids'] as const;

type Errors = Partial<Record<'name' | 'phone' | 'email', string>>;

/** The lead-generation form of /lead-gen/user-detail, posted to the API. */
export function LeadForm() {
  const m = useMessages(messages);
  const country = useCountry();
  const api = useApi();
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const labels: Record<(typeof INTERESTS)[number], string> = {
    eyeglasses: m.interestEyeglasses,
    sunglasses: m.interestSunglasses,
    contact_lenses: m.interestContactLenses,
    eye_test: m.interestEyeTest,
    kids: m.interestKids,
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const phone = digitsOnly(String(form.get('phone') ?? ''));
    const email = String(form.get('email') ?? '').trim();
    const interest = String(form.get('interest') ?? 'eyeglasses');
    const found: Errors = {};
    if (!name) found.name = m.leadNameRequired;
    // The site's country's mobile rule (account.md §5), not India's everywhere.
    if (!isValidMobile(country, phone)) found.phone = m.leadPhoneInvalid;
    if (email && !isValidEmail(email)) found.email = m.leadEmailInvalid;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`);
      first?.focus();
      return;
    }
    setStatus('sending');
    try {
      await api.call(catalogueRoutes.leadGen, { body: { name, phone, interest, ...(email ? { email } : {}) } });
      setStatus('sent');
    } catch {
      setStatus('failed');
    }
  }

  if (status === 'sent')
    return (
      <p role="status" className="catalog-notice">
        {m.leadThanks}
      </p>
    );
  return (
    <form className="catalog-form" onSubmit={submit} noValidate>
      <label>
        {m.leadName}
        <input name="name" autoComplete="name" aria-invalid={Boolean(errors.name)} aria-describedby={errors.name ? 'lead-name-error' : undefined} />
      </label>
      {errors.name ? (
        <span id="lead-name-error" className="catalog-error">
          {errors.name}
        </span>
      ) : null}
      <label>
        {m.leadPhone}
        <input
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          aria-invalid={Boolean(errors.phone)}
          aria-describedby={errors.phone ? 'lead-phone-error' : undefined}
        />
      </label>
      {errors.phone ? (
        <span id="lead-phone-error" className="catalog-error">
          {errors.phone}
        </span>
      ) : null}
      <label>
        {m.leadEmail}
        <input
          name="email"
          type="email"
          autoComplete="email"
          aria-invalid={Boolean(errors.email)}
          aria-describedby={errors.email ? 'lead-email-error' : undefined}
        />
      </label>
      {errors.email ? (
        <span id="lead-email-error" className="catalog-error">
          {errors.email}
        </span>
      ) : null}
      <label>
        {m.leadInterest}
        <select name="interest" defaultValue="eyeglasses">
          {INTERESTS.map((i) => (
            <option key={i} value={i}>
              {labels[i]}
            </option>
          ))}
        </select>
      </label>
      {status === 'failed' ? (
        <p role="alert" className="catalog-error">
          {m.leadFailed}
        </p>
      ) : null}
      <button type="submit" className="ui-button" disabled={status === 'sending'}>
        {status === 'sending' ? m.leadSending : m.leadSubmit}
      </button>
    </form>
  );
}
