import { useState, type FormEvent } from 'react';
import { accountRoutes, fieldOf, messageOf } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { Field, FormError } from '../../../app/form';
import { frameMessages as messages } from '../../../app/frame-messages';

/** /customer/account/resetpassword?token=: a new password, twice. */
export function ResetForm({ token }: { token: string }) {
  const m = useMessages(messages);
  const client = useApiClient();
  const [values, setValues] = useState({ newPassword: '', confirmNewPassword: '' });
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [done, setDone] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (values.newPassword.length < 6) return setError({ field: 'newPassword', message: m.shortPassword });
    if (values.newPassword !== values.confirmNewPassword) return setError({ field: 'confirmNewPassword', message: m.passwordsDiffer });
    setError(null);
    try {
      await client.call(accountRoutes.resetPassword, { params: { token }, body: values });
      setDone(true);
    } catch (failure) {
      setError({ field: fieldOf(failure), message: messageOf(failure, m.somethingWrong) });
    }
  }
  if (done) return <p role="status">{m.resetDone}</p>;
  return (
    <form onSubmit={submit} noValidate className="acc-card" aria-label={m.resetTitle}>
      <p>{m.resetHelp}</p>
      <Field
        name="newPassword"
        label={m.newPassword}
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={(v) => setValues((s) => ({ ...s, newPassword: v }))}
        error={error?.field === 'newPassword' ? error.message : undefined}
      />
      <Field
        name="confirmNewPassword"
        label={m.confirmPassword}
        type="password"
        autoComplete="new-password"
        value={values.confirmNewPassword}
        onChange={(v) => setValues((s) => ({ ...s, confirmNewPassword: v }))}
        error={error?.field === 'confirmNewPassword' ? error.message : undefined}
      />
      <FormError message={error && error.field !== 'newPassword' && error.field !== 'confirmNewPassword' ? error.message : null} />
      <button type="submit" className="ui-button">
        {m.resetButton}
      </button>
    </form>
  );
}
