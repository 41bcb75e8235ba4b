import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { catalogueRoutes } from '@eyewear/api-client';
import { useApiClient, type LoadStatus } from '@eyewear/event-bus';
import { useCountry, useMessages } from '@eyewear/i18n';
import { digitsOnly, isValidEmail, isValidMobile } from '@eyewear/i18n/rules';
import { messages } from '../../../app/messages';
import './cms.css';

const INTERESTS = ['eyeglasses', 'sunglasses', 'contact_lenses', 'eye_test', 'kids'] as const;

type Errors = Partial<Record<'name' | 'phone' | 'email', string>>;

/** The lead-generation form of /lead-gen/user-detail, posted to the API. */
export function LeadForm() {
  const m = useMessages(messages);
  const country = useCountry();
  const api = useApiClient();
  const [errors, setErrors] = useState<Errors>({});
  /** The post: `loading` while it is sent, `ready` once the API took it. */
  const [status, setStatus] = useState<LoadStatus>('idle');
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
    setStatus('loading');
    try {
      await api.call(catalogueRoutes.leadGen, { body: { name, phone, interest, ...(email ? { email } : {}) } });
      setStatus('ready');
    } catch {
      setStatus('failed');
    }
  }

  if (status === 'ready')
    return (
      <p role="status" className="catalog-notice">
        {m.leadThanks}
      </p>
    );
  return (
    <form className="catalog-form" onSubmit={submit} noValidate>
      <LeadField name="name" label={m.leadName} error={errors.name} autoComplete="name" />
      <LeadField name="phone" label={m.leadPhone} error={errors.phone} type="tel" inputMode="numeric" autoComplete="tel-national" />
      <LeadField name="email" label={m.leadEmail} error={errors.email} type="email" autoComplete="email" />
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
      <button type="submit" className="ui-button" disabled={status === 'loading'}>
        {status === 'loading' ? m.leadSending : m.leadSubmit}
      </button>
    </form>
  );
}

/** A text field of the form, with its error under it (described by it while shown). */
function LeadField({ name, label, error, ...input }: { name: keyof Errors; label: string; error: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `lead-${name}-error`;
  return (
    <>
      <label>
        {label}
        <input name={name} {...input} aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} />
      </label>
      {error ? (
        <span id={errorId} className="catalog-error">
          {error}
        </span>
      ) : null}
    </>
  );
}
