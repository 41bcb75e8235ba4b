import { useState, type FormEvent } from 'react';
import { fieldOf, messageOf } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { Field, FormError } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { useProfileApi } from '../api';

/** Changes the password: the account's e-mail, the current password and a new one. */
export function ChangePassword() {
  const m = useMessages(sectionMessages);
  const api = useProfileApi();
  const [values, setValues] = useState({ email: '', oldPassword: '', newPassword: '' });
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [done, setDone] = useState(false);
  const set = (key: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [key]: v }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    if (values.newPassword.length < 6) return setError({ field: 'newPassword', message: m.shortPassword });
    setError(null);
    try {
      await api.changePassword(values.email.trim(), values.oldPassword, values.newPassword);
      setDone(true);
      setValues({ email: '', oldPassword: '', newPassword: '' });
    } catch (failure) {
      setError({ field: fieldOf(failure), message: messageOf(failure, m.somethingWrong) });
    }
  }
  const errorFor = (f: string) => (error?.field === f ? error.message : undefined);
  return (
    <form onSubmit={submit} noValidate className="acc-card" aria-label={m.changePassword}>
      <h2 className="acc-card__title">{m.changePassword}</h2>
      <Field name="email" label={m.email} type="email" value={values.email} onChange={set('email')} error={errorFor('email')} />
      <Field
        name="oldPassword"
        label={m.oldPassword}
        type="password"
        autoComplete="current-password"
        value={values.oldPassword}
        onChange={set('oldPassword')}
        error={errorFor('oldPassword')}
      />
      <Field
        name="newPassword"
        label={m.newPassword}
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={set('newPassword')}
        error={errorFor('newPassword')}
      />
      <FormError message={error && !['email', 'oldPassword', 'newPassword'].includes(error.field ?? '') ? error.message : null} />
      {done ? <p role="status">{m.passwordChanged}</p> : null}
      <button type="submit" className="ui-button">
        {m.changePassword}
      </button>
    </form>
  );
}
