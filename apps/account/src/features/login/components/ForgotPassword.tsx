import { useState, type FormEvent } from 'react';
import { messageOf } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { isValidEmail } from '@eyewear/i18n/rules';
import { Field, FormError } from '../../../app/form';
import { useLoginApi } from '../api';
import { loginMessages } from '../messages';

/**
 * Forgot password: emailStatus sent or fail. "Sent" reads the same whether or not an account has
 * the e-mail (issue 40, user enumeration); "fail" is a refusal (too many requests) or an outage.
 */
export function ForgotPassword({ onBack }: { onBack(): void }) {
  const m = useMessages(loginMessages);
  const api = useLoginApi();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [emailStatus, setEmailStatus] = useState<'sent' | 'fail' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email.trim())) return setError(m.invalidEmail);
    setError(undefined);
    try {
      // The same answer whether or not an account has the e-mail (issue 40): it never says which.
      const answer = await api.forgotPassword(email.trim());
      setEmailStatus(answer.result.success ? 'sent' : 'fail');
      setFailure(answer.result.success ? null : (answer.result.message ?? m.emailFailed));
    } catch (failed) {
      setEmailStatus('fail');
      setFailure(messageOf(failed, m.somethingWrong));
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label={m.forgotTitle}>
      <h3 className="acc-subtitle">{m.forgotTitle}</h3>
      <p className="acc-note">{m.forgotHelp}</p>
      <Field name="email" label={m.email} type="email" value={email} onChange={setEmail} error={error} autoFocus />
      {emailStatus === 'sent' ? (
        <p role="status" className="acc-success">
          {m.emailSent}
        </p>
      ) : null}
      <FormError message={emailStatus === 'fail' ? failure : null} />
      <button type="submit" className="ui-button acc-wide">
        {m.sendLink}
      </button>
      <button type="button" className="ui-button ui-button--link" onClick={onBack}>
        {m.backToSignIn}
      </button>
    </form>
  );
}
