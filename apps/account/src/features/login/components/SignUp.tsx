import { useState, type FormEvent } from 'react';
import { fieldOf, messageOf } from '@eyewear/api-client';
import { useCountry, useMessages } from '@eyewear/i18n';
import { digitsOnly, isValidEmail, isValidMobile, MOBILE_RULES } from '@eyewear/i18n/rules';
import { Field, FormError, PasswordField, useFormValues } from '../../../app/form';
import { useLoginApi, type OnLogin } from '../api';
import { loginMessages } from '../messages';

/** Registration. */
export function SignUp({ onLogin, initialEmail = '' }: { onLogin: OnLogin; initialEmail?: string }) {
  const m = useMessages(loginMessages);
  const api = useLoginApi();
  const country = useCountry();
  const { values, set } = useFormValues({ firstName: '', lastName: '', email: initialEmail, telephone: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!values.firstName.trim()) next.firstName = m.required;
    if (!isValidEmail(values.email.trim())) next.email = m.invalidEmail;
    if (values.telephone && !isValidMobile(country, values.telephone)) next.telephone = m.invalidMobile;
    if (values.password.length < 6) next.password = m.shortPassword;
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const answer = await api.register({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
        ...(values.telephone ? { telephone: values.telephone, phoneCode: MOBILE_RULES[country].phoneCode } : {}),
      });
      onLogin(answer.result);
    } catch (error) {
      const field = fieldOf(error);
      if (field && field in values) setErrors({ [field]: messageOf(error, m.somethingWrong) });
      else setFailure(messageOf(error, m.somethingWrong));
    } finally {
      setBusy(false);
    }
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
        value={values.telephone}
        onChange={(v) => set('telephone')(digitsOnly(v))}
        error={errors.telephone}
      />
      <PasswordField isNew name="password" label={m.password} value={values.password} onChange={set('password')} error={errors.password} />
      <FormError message={failure} />
      <button type="submit" className="ui-button acc-wide" disabled={busy}>
        {m.createAccount}
      </button>
    </form>
  );
}
