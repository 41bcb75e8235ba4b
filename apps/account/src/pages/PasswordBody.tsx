import { useState, type FormEvent } from 'react';
import { useMessages } from '@eyewear/i18n';
import { isValidEmail } from '@eyewear/i18n/rules';
import { frameMessages as messages } from '../app/frame-messages';
import { fieldOf, messageOf } from '../shared/api';
import { Field, FormError } from '../shared/form';
import { useAccountApi } from '../shared/hooks';
import '../shared/account.css';

function ResetForm({ token }: { token: string }) {
  const m = useMessages(messages);
  const api = useAccountApi();
  const [values, setValues] = useState({ newPassword: '', confirmNewPassword: '' });
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [done, setDone] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (values.newPassword.length < 6) return setError({ field: 'newPassword', message: m.shortPassword });
    if (values.newPassword !== values.confirmNewPassword) return setError({ field: 'confirmNewPassword', message: m.passwordsDiffer });
    setError(null);
    try {
      await api.resetPassword(token, values.newPassword, values.confirmNewPassword);
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

function ForgotForm() {
  const m = useMessages(messages);
  const api = useAccountApi();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<{ emailStatus: 'sent' | 'fail'; message: string } | null>(null);
  const [error, setError] = useState<string | undefined>();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email.trim())) return setError(m.invalidEmail);
    setError(undefined);
    try {
      const answer = await api.forgotPassword(email.trim());
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

export default function PasswordBody({ mode, token }: { mode: 'reset' | 'forgot'; token: string }) {
  const m = useMessages(messages);
  if (mode === 'forgot') return <ForgotForm />;
  return token ? <ResetForm token={token} /> : <p role="alert">{m.missingToken}</p>;
}
