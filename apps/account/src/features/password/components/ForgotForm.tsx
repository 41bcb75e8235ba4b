import { useState, type FormEvent } from 'react';
import { accountRoutes, messageOf } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { isValidEmail } from '@eyewear/i18n/rules';
import { Field, FormError } from '../../../app/form';
import { frameMessages as messages } from '../../../app/frame-messages';

/** /customer/account/forgotpassword: the e-mail a reset link goes to; sent or failed. */
export function ForgotForm() {
  const m = useMessages(messages);
  const client = useApiClient();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<{ emailStatus: 'sent' | 'fail'; message: string } | null>(null);
  const [error, setError] = useState<string | undefined>();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email.trim())) return setError(m.invalidEmail);
    setError(undefined);
    try {
      const answer = await client.call(accountRoutes.forgotPassword, { body: { emailAddress: email.trim() } });
      setStatus({
        emailStatus: answer.result.success ? 'sent' : 'fail',
        message: answer.result.success ? m.emailSent : (answer.result.message ?? m.somethingWrong),
      });
    } catch (failure) {
      setStatus({ emailStatus: 'fail', message: messageOf(failure, m.somethingWrong) });
    }
  }
  return (
    <form onSubmit={submit} noValidate className="acc-card" aria-label={m.forgotTitle}>
      <p>{m.forgotHelp}</p>
      <Field name="email" label={m.email} type="email" value={email} onChange={setEmail} error={error} />
      {status?.emailStatus === 'sent' ? <p role="status">{status.message}</p> : null}
      <FormError message={status?.emailStatus === 'fail' ? status.message : null} />
      <button type="submit" className="ui-button">
        {m.sendLink}
      </button>
    </form>
  );
}
