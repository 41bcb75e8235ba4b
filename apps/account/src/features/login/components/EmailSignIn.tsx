import { useState, type FormEvent } from 'react';
import { messageOf } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { isValidEmail } from '@eyewear/i18n/rules';
import { Field, FormError, PasswordField } from '../../../app/form';
import { useLoginApi, type OnLogin } from '../api';
import { loginMessages } from '../messages';
import { usePasswordCaptcha } from '../password-captcha';
import { CaptchaField } from './CaptchaField';

/**
 * E-mail and password. When the account had several failed sign-ins and this browser never
 * signed in to it, the API asks for a captcha (issue 40): the form says why, shows it, and sends
 * its answer with every later try.
 */
export function EmailSignIn({ onLogin, onForgot, initialEmail = '' }: { onLogin: OnLogin; onForgot(): void; initialEmail?: string }) {
  const m = useMessages(loginMessages);
  const api = useLoginApi();
  const captcha = usePasswordCaptcha();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!isValidEmail(email.trim())) next.email = m.invalidEmail;
    if (!password) next.password = m.required;
    if (captcha.missing) next.captcha = m.captcha;
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      onLogin((await api.authenticate(email.trim(), password, captcha.answer)).result);
    } catch (error) {
      captcha.after(error);
      setFailure(messageOf(error, m.somethingWrong));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label={m.signIn}>
      <Field name="email" label={m.email} type="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} autoFocus />
      <PasswordField name="password" label={m.password} value={password} onChange={setPassword} error={errors.password} />
      {captcha.required ? <CaptchaField round={captcha.round} onChange={captcha.setValue} error={errors.captcha} /> : null}
      <FormError message={failure} />
      <button type="submit" className="ui-button acc-wide" disabled={busy}>
        {busy ? m.signingIn : m.signIn}
      </button>
      <button type="button" className="ui-button ui-button--link" onClick={onForgot}>
        {m.forgotLink}
      </button>
    </form>
  );
}
