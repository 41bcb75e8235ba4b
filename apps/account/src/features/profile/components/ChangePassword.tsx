import { useState, type FormEvent } from 'react';
import { useMessages } from '@eyewear/i18n';
import { Field, failureFrom, FormError, PasswordField, useForm } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { useProfileApi } from '../api';

const EMPTY = { email: '', oldPassword: '', newPassword: '' };

/** Changes the password: the account's e-mail, the current password and a new one. */
export function ChangePassword() {
  const m = useMessages(sectionMessages);
  const api = useProfileApi();
  const { values, setValues, field, setFailure, failed } = useForm(EMPTY);
  const [done, setDone] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    if (values.newPassword.length < 6) return setFailure({ field: 'newPassword', message: m.shortPassword });
    setFailure(null);
    try {
      await api.changePassword(values.email.trim(), values.oldPassword, values.newPassword);
      setDone(true);
      setValues(EMPTY);
    } catch (error) {
      setFailure(failureFrom(error, m.somethingWrong));
    }
  }
  return (
    <form onSubmit={submit} noValidate className="acc-card" aria-label={m.changePassword}>
      <h2 className="acc-card__title">{m.changePassword}</h2>
      <Field label={m.email} type="email" {...field('email')} />
      <PasswordField label={m.oldPassword} {...field('oldPassword')} />
      <PasswordField isNew label={m.newPassword} {...field('newPassword')} />
      <FormError message={failed} />
      {done ? <p role="status">{m.passwordChanged}</p> : null}
      <button type="submit" className="ui-button">
        {m.changePassword}
      </button>
    </form>
  );
}
