import { useState, type FormEvent } from 'react';
import { type LoginResult } from '@eyewear/api-client';
import { formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { digitsOnly, isValidEmail, isValidMobile, MOBILE_RULES } from '@eyewear/i18n/rules';
import { fieldOf, messageOf, socialStartUrl } from '../../shared/api';
import { useAccountApi } from '../../shared/hooks';
import { Field, FormError } from '../../shared/form';
import { CaptchaField } from './CaptchaField';
import { loginMessages } from './messages';

export type OnLogin = (result: LoginResult) => void;

/** E-mail and password. */
export function EmailSignIn({ onLogin, onForgot, initialEmail = '' }: { onLogin: OnLogin; onForgot(): void; initialEmail?: string }) {
  const m = useMessages(loginMessages);
  const api = useAccountApi();
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
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      onLogin((await api.authenticate(email.trim(), password)).result);
    } catch (error) {
      setFailure(messageOf(error, m.somethingWrong));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label={m.signIn}>
      <Field name="email" label={m.email} type="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} autoFocus />
      <Field
        name="password"
        label={m.password}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
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

/** Mobile number and one-time code: send, validate, resend. */
export function MobileSignIn({ onLogin, initialPhone = '' }: { onLogin: OnLogin; initialPhone?: string }) {
  const m = useMessages(loginMessages);
  const api = useAccountApi();
  const country = useCountry();
  const { phoneCode } = MOBILE_RULES[country];
  const [telephone, setTelephone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    if (!isValidMobile(country, telephone)) return setError({ field: 'telephone', message: m.invalidMobile });
    setError(null);
    setBusy(true);
    try {
      if (captchaRequired && !captcha) return setError({ field: 'captcha', message: m.captcha });
      const answer = await api.sendOtp(telephone, phoneCode, captchaRequired ? captcha : undefined);
      // Nothing was sent when the server first asks for a captcha: the earlier code stays valid.
      if (answer.result.sent) {
        setSent(true);
        setCode('');
      }
      setCaptchaRequired(answer.result.captchaRequired);
      if (captchaRequired || answer.result.captchaRequired) setCaptchaRound((n) => n + 1);
    } catch (failure) {
      setError({ field: fieldOf(failure), message: messageOf(failure, m.somethingWrong) });
      if (captchaRequired) setCaptchaRound((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }
  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!sent) return send();
    if (!/^\d{4,6}$/.test(code)) return setError({ field: 'code', message: m.invalidCode });
    setError(null);
    setBusy(true);
    try {
      onLogin((await api.mobileLogin(telephone, phoneCode, code)).result);
    } catch (failure) {
      setError({ field: fieldOf(failure), message: messageOf(failure, m.somethingWrong) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={verify} noValidate aria-label={m.otpForm}>
      <Field
        name="telephone"
        label={m.mobile}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        value={telephone}
        onChange={(v) => setTelephone(digitsOnly(v).slice(0, MOBILE_RULES[country].length))}
        error={error?.field === 'telephone' ? error.message : undefined}
        prefix={
          <span className="acc-prefix" aria-label={formatMessage(m.phoneCode, { code: phoneCode })}>
            {phoneCode}
          </span>
        }
        autoFocus
      />
      {captchaRequired ? <CaptchaField round={captchaRound} onChange={setCaptcha} error={error?.field === 'captcha' ? error.message : undefined} /> : null}
      {sent ? (
        <>
          <p className="acc-note" role="status">
            {formatMessage(m.codeSent, { phone: `${phoneCode} ${telephone}` })}
          </p>
          <Field
            name="code"
            label={m.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(v) => setCode(digitsOnly(v).slice(0, 6))}
            error={error?.field === 'code' ? error.message : undefined}
            autoFocus
          />
        </>
      ) : null}
      <FormError message={error && error.field !== 'telephone' && error.field !== 'code' && error.field !== 'captcha' ? error.message : null} />
      <button type="submit" className="ui-button acc-wide" disabled={busy}>
        {sent ? m.verify : m.sendCode}
      </button>
      {sent ? (
        <button type="button" className="ui-button ui-button--link" onClick={send} disabled={busy}>
          {m.resendCode}
        </button>
      ) : null}
    </form>
  );
}

/** Registration. */
export function SignUp({ onLogin, initialEmail = '' }: { onLogin: OnLogin; initialEmail?: string }) {
  const m = useMessages(loginMessages);
  const api = useAccountApi();
  const country = useCountry();
  const [values, setValues] = useState({ firstName: '', lastName: '', email: initialEmail, telephone: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
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
      <Field
        name="password"
        label={m.password}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
      />
      <FormError message={failure} />
      <button type="submit" className="ui-button acc-wide" disabled={busy}>
        {m.createAccount}
      </button>
    </form>
  );
}

/** Forgot password: emailStatus sent or fail. */
export function ForgotPassword({ onBack }: { onBack(): void }) {
  const m = useMessages(loginMessages);
  const api = useAccountApi();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [emailStatus, setEmailStatus] = useState<'sent' | 'fail' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email.trim())) return setError(m.invalidEmail);
    setError(undefined);
    try {
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

const PROVIDERS = [
  { id: 'google', name: 'Google' },
  { id: 'facebook', name: 'Facebook' },
] as const;

/**
 * The page to come back to after a sign-in that leaves the site: this one, without the
 * `type=login` that opens the login popup by itself (the shopper is signed in by then).
 */
export function pageAfterLogin(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  if (params.get('type') === 'login') params.delete('type');
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}

/**
 * Social sign-in: each button navigates to the API's start route, which sends the browser to
 * the identity provider (OpenID Connect, docs/adr/020; in local mode the simulated provider's
 * consent page). The browser comes back to `returnTo` logged in, or to the page that asks for
 * proof before the identity is linked to an existing account.
 */
export function SocialLogin({ returnTo }: { returnTo?: string }) {
  const m = useMessages(loginMessages);
  const country = useCountry();
  const back = returnTo ?? (typeof window === 'undefined' ? '/' : pageAfterLogin(window.location.pathname, window.location.search));
  return (
    <div className="acc-social">
      <p className="acc-note">{m.orContinue}</p>
      {PROVIDERS.map((p) => (
        <a key={p.id} className="ui-button acc-social__button" href={socialStartUrl(p.id, back, country)}>
          {formatMessage(m.social, { provider: p.name })}
        </a>
      ))}
    </div>
  );
}
