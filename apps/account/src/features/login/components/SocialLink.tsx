import { useEffect, useState, type FormEvent } from 'react';
import { accountRoutes, messageOf } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { safeReturnPath } from '@eyewear/i18n/rules';
import { Field, failureFrom, fieldError, FormError, formError, PasswordField, type Failure } from '../../../app/form';
import { loginSucceeded, useAuth } from '../../auth';
import { useLoginApi } from '../api';
import { loginMessages } from '../messages';
import { usePasswordCaptcha } from '../password-captcha';
import { CaptchaField } from './CaptchaField';
import '../../../app/account.css';

const PROVIDER_NAMES: Record<string, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' };
const ERRORS = {
  denied: 'socialDenied',
  expired: 'socialExpired',
  session: 'socialSession',
  failed: 'socialFailed',
  unavailable: 'socialUnavailable',
  noemail: 'socialNoEmail',
} as const;

/**
 * Where the social sign-in lands when it needs a step (docs/adr/020): the identity's e-mail
 * belongs to an existing account (prove it with the account's password, or a code e-mailed to
 * it), or the provider did not verify a new e-mail (a code proves it). Also explains a failed
 * or cancelled sign-in (`?error=`).
 */
export function SocialLink({ error, returnTo }: { error: string | null; returnTo: string | null }) {
  const m = useMessages(loginMessages);
  if (error) {
    const key = ERRORS[error as keyof typeof ERRORS] ?? 'socialFailed';
    return (
      <div className="acc-card">
        <p role="alert" className="acc-error">
          {m[key]}
        </p>
        <a className="ui-button" href={safeReturnPath(returnTo)}>
          {m.continueShopping}
        </a>
      </div>
    );
  }
  return <PendingLink />;
}

function PendingLink() {
  const m = useMessages(loginMessages);
  const api = useLoginApi();
  const { status, dispatch } = useAuth();
  const pending = useQuery(accountRoutes.socialLink);
  const [password, setPassword] = useState('');
  // Asked for with the password when the account had several failed sign-ins (issue 40).
  const captcha = usePasswordCaptcha();
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [error, setError] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (done && (status === 'ready' || status === 'failed')) setBusy(false);
  }, [status, done]);

  if (pending.status === 'loading' && !pending.data) return <div className="acc-skeleton" role="status" aria-label={m.linkLoading} />;
  if (pending.status === 'failed') {
    return (
      <div className="acc-card">
        <p role="alert" className="acc-error">
          {(pending.error as { status?: number } | null)?.status === 404 ? m.linkNothing : messageOf(pending.error, m.somethingWrong)}
        </p>
        <a className="ui-button" href="/">
          {m.continueShopping}
        </a>
      </div>
    );
  }
  const link = pending.data!.result;
  const provider = PROVIDER_NAMES[link.provider] ?? link.provider;

  async function prove(body: { password: string; captcha?: string } | { code: string }) {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.socialLinkConfirm(body);
      setDone(true);
      dispatch(loginSucceeded({ login: answer.result, redirectTo: answer.result.returnTo }));
    } catch (failure) {
      if ('password' in body) captcha.after(failure);
      setError(failureFrom(failure, m.somethingWrong));
      setBusy(false);
    }
  }
  function byPassword(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError({ field: 'password', message: m.required });
    if (captcha.missing) return setError({ field: 'captcha', message: m.captcha });
    void prove({ password, ...(captcha.answer ? { captcha: captcha.answer } : {}) });
  }
  async function sendCode(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await api.socialLinkCode();
      setCodeSent(true);
    } catch (failure) {
      setError(failureFrom(failure, m.somethingWrong));
    }
  }
  function byCode(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{4,6}$/.test(code.trim())) return setError({ field: 'code', message: m.invalidCode });
    void prove({ code: code.trim() });
  }

  return (
    <section className="acc-card" aria-labelledby="social-link-title">
      <h2 id="social-link-title" className="acc-card__title">
        {formatMessage(m.linkTitle, { provider })}
      </h2>
      <p>{formatMessage(link.existingAccount ? m.linkExisting : m.linkNew, { email: link.email, provider })}</p>
      {link.passwordAllowed ? (
        <form onSubmit={byPassword} noValidate aria-label={m.linkByPassword}>
          <h3 className="acc-subtitle">{m.linkByPassword}</h3>
          <PasswordField name="password" label={m.password} value={password} onChange={setPassword} error={fieldError(error, 'password')} autoFocus />
          {captcha.required ? <CaptchaField round={captcha.round} onChange={captcha.setValue} error={fieldError(error, 'captcha')} /> : null}
          <button type="submit" className="ui-button acc-wide" disabled={busy}>
            {m.linkSubmit}
          </button>
        </form>
      ) : null}
      {!link.passwordAllowed && fieldError(error, 'password') ? <FormError message={fieldError(error, 'password')!} /> : null}
      <form onSubmit={codeSent ? byCode : sendCode} noValidate aria-label={link.passwordAllowed ? m.linkByCode : m.linkCodeOnly}>
        <h3 className="acc-subtitle">{link.passwordAllowed ? m.linkByCode : m.linkCodeOnly}</h3>
        {codeSent ? (
          <>
            <p role="status">{formatMessage(m.linkCodeSent, { email: link.email })}</p>
            <Field
              name="code"
              label={m.linkCode}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={setCode}
              error={fieldError(error, 'code')}
              autoFocus
            />
            <button type="submit" className="ui-button acc-wide" disabled={busy}>
              {m.linkVerify}
            </button>
            <button type="button" className="ui-button ui-button--link" onClick={(event) => void sendCode(event)}>
              {m.resendCode}
            </button>
          </>
        ) : (
          <button type="submit" className="ui-button acc-wide">
            {m.linkSendCode}
          </button>
        )}
      </form>
      <FormError message={formError(error, ['password', 'code', 'captcha'])} />
    </section>
  );
}
