import { useState, type FormEvent } from 'react';
import { formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { digitsOnly, isValidEmail, isValidMobile, MOBILE_RULES } from '@eyewear/i18n/rules';
import { Field, failureFrom, FormError, PasswordField, useFormValues } from '../../../app/form';
import { useLoginApi, type OnLogin } from '../api';
import { useCodeSender } from '../code-sender';
import { loginMessages } from '../messages';
import { CaptchaField } from './CaptchaField';

/**
 * Registration. A mobile number given here is confirmed here, in the same form (issue 40): the
 * first "Create account" sends a code to it, and the account is created with the code, so a
 * later sign-in by code to that number lands in this account (with its orders), never in a new
 * empty one.
 */
export function SignUp({ onLogin, initialEmail = '' }: { onLogin: OnLogin; initialEmail?: string }) {
  const m = useMessages(loginMessages);
  const api = useLoginApi();
  const country = useCountry();
  const { phoneCode } = MOBILE_RULES[country];
  const sender = useCodeSender(phoneCode);
  const { values, set } = useFormValues({ firstName: '', lastName: '', email: initialEmail, telephone: '', password: '', code: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A code went to the number now typed (changing the number asks for a new one).
  const codeSent = Boolean(values.telephone) && sender.sentTo === values.telephone;

  function fail(error: { field?: string; message: string }) {
    if (error.field && (error.field in values || error.field === 'captcha')) setErrors({ [error.field]: error.message });
    else setFailure(error.message);
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!values.firstName.trim()) next.firstName = m.required;
    if (!isValidEmail(values.email.trim())) next.email = m.invalidEmail;
    if (values.telephone && !isValidMobile(country, values.telephone)) next.telephone = m.invalidMobile;
    if (values.password.length < 6) next.password = m.shortPassword;
    if (codeSent && !/^\d{4,6}$/.test(values.code)) next.code = m.invalidCode;
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      if (values.telephone && !codeSent) {
        // First the number: a code to it, then the same button creates the account with it.
        const sendFailure = await sender.send(values.telephone);
        if (sendFailure) fail(sendFailure.field === 'captcha' ? sendFailure : { ...sendFailure, field: sendFailure.field ?? 'telephone' });
        set('code')('');
        return;
      }
      const answer = await api.register({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
        ...(values.telephone ? { telephone: values.telephone, phoneCode, code: values.code } : {}),
      });
      onLogin(answer.result);
    } catch (error) {
      fail(failureFrom(error, m.somethingWrong));
    } finally {
      setBusy(false);
    }
  }
  async function resend() {
    setBusy(true);
    const sendFailure = await sender.send(values.telephone);
    setBusy(false);
    if (sendFailure) fail(sendFailure);
  }
  return (
    <form onSubmit={submit} noValidate aria-label={m.createAccount}>
      <Field
        name="firstName"
        label={m.firstName}
        autoComplete="given-name"
        value={values.firstName}
        onChange={set('firstName')}
        error={errors.firstName}
        autoFocus
      />
      <Field name="lastName" label={m.lastName} autoComplete="family-name" value={values.lastName} onChange={set('lastName')} />
      <Field name="email" label={m.email} type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} />
      <Field
        name="telephone"
        label={m.mobileOptional}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        value={values.telephone}
        onChange={(v) => set('telephone')(digitsOnly(v).slice(0, MOBILE_RULES[country].length))}
        error={errors.telephone}
      />
      {values.telephone && !codeSent ? <p className="acc-note">{m.confirmPhoneHelp}</p> : null}
      <PasswordField isNew name="password" label={m.password} value={values.password} onChange={set('password')} error={errors.password} />
      {sender.captchaRequired ? <CaptchaField round={sender.captchaRound} onChange={sender.setCaptcha} error={errors.captcha} /> : null}
      {codeSent ? (
        <>
          <p className="acc-note" role="status">
            {formatMessage(m.signUpCodeSent, { phone: `${phoneCode} ${values.telephone}` })}
          </p>
          <Field
            name="code"
            label={m.signUpCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={values.code}
            onChange={(v) => set('code')(digitsOnly(v).slice(0, 6))}
            error={errors.code}
            autoFocus
          />
          <button type="button" className="ui-button ui-button--link" onClick={resend} disabled={busy}>
            {m.resendCode}
          </button>
        </>
      ) : null}
      <FormError message={failure} />
      <button type="submit" className="ui-button acc-wide" disabled={busy}>
        {m.createAccount}
      </button>
    </form>
  );
}
