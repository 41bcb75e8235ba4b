import { useState, type FormEvent } from 'react';
import { accountRoutes } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { failureFrom, FormError, PasswordField, useForm } from '../../../app/form';
import { frameMessages as messages } from '../../../app/frame-messages';

/** /customer/account/resetpassword?token=: a new password, twice. */
export function ResetForm({ token }: { token: string }) {
  const m = useMessages(messages);
  const client = useApiClient();
  const { values, field, setFailure, failed } = useForm({ newPassword: '', confirmNewPassword: '' });
  // What the store says once reset (it says when a first confirmation removed an earlier set-up's number).
  const [done, setDone] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (values.newPassword.length < 6) return setFailure({ field: 'newPassword', message: m.shortPassword });
    if (values.newPassword !== values.confirmNewPassword) return setFailure({ field: 'confirmNewPassword', message: m.passwordsDiffer });
    setFailure(null);
    try {
      const answer = await client.call(accountRoutes.resetPassword, { params: { token }, body: values });
      setDone(answer.result.message || m.resetDone);
    } catch (error) {
      setFailure(failureFrom(error, m.somethingWrong));
    }
  }
  if (done) return <p role="status">{done}</p>;
  return (
    <form onSubmit={submit} noValidate className="acc-card" aria-label={m.resetTitle}>
      <p>{m.resetHelp}</p>
      <PasswordField isNew label={m.newPassword} {...field('newPassword')} />
      <PasswordField isNew label={m.confirmPassword} {...field('confirmNewPassword')} />
      <FormError message={failed} />
      <button type="submit" className="ui-button">
        {m.resetButton}
      </button>
    </form>
  );
}
