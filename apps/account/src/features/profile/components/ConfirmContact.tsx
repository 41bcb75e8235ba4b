import { useState, type FormEvent } from 'react';
import { fieldOf, messageOf } from '@eyewear/api-client';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Field, FormError } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { useProfileApi } from '../api';

/** The code sent to a new e-mail or mobile; only then is it the account's (POST /v2/customers/info/verify). */
export function ConfirmContact({ contact, to, onDone }: { contact: 'email' | 'telephone'; to: string; onDone(): void }) {
  const m = useMessages(sectionMessages);
  const api = useProfileApi();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const title = contact === 'email' ? m.confirmEmail : m.confirmPhone;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!/^\d{4,6}$/.test(code.trim())) return setError(m.invalidCode);
    setError(undefined);
    try {
      await api.confirmContact(contact, code.trim());
      onDone();
    } catch (failed) {
      if (fieldOf(failed) === 'code') setError(messageOf(failed, m.somethingWrong));
      else setFailure(messageOf(failed, m.somethingWrong));
    }
  }
  return (
    <form onSubmit={submit} noValidate className="acc-card" aria-label={title}>
      <h2 className="acc-card__title">{title}</h2>
      <p>{formatMessage(m.codeSentTo, { to })}</p>
      <Field name={`${contact}Code`} label={m.contactCode} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={setCode} error={error} />
      <FormError message={failure} />
      <button type="submit" className="ui-button">
        {m.confirmContact}
      </button>
    </form>
  );
}
