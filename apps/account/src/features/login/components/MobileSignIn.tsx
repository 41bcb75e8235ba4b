import { useState, type FormEvent } from 'react';
import { ApiError } from '@eyewear/api-client';
import { formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { digitsOnly, isValidMobile, MOBILE_RULES } from '@eyewear/i18n/rules';
import { Field, failureFrom, failureText, FormError, formError } from '../../../app/form';
import { useLoginApi, type OnLogin } from '../api';
import { useCodeSender } from '../code-sender';
import { loginMessages } from '../messages';
import { CaptchaField } from './CaptchaField';

/** The API's answer to a code sign-in with a number that sits unconfirmed on an account (409 PHONE_UNCONFIRMED, issue 40). */
function unconfirmedOf(error: unknown): { maskedEmail?: string } | null {
  const body = error instanceof ApiError ? (error.body as { code?: unknown; maskedEmail?: unknown } | undefined) : undefined;
  if (body?.code !== 'PHONE_UNCONFIRMED') return null;
  return typeof body.maskedEmail === 'string' ? { maskedEmail: body.maskedEmail } : {};
}

/**
 * Mobile number and one-time code: send, validate, resend. A number that was given at an
 * account's sign-up but never confirmed does not silently make a second account: the form says
 * which account has it and offers to sign in there by e-mail (`onUseEmail`), or to create a new
 * account with the number, with the same code.
 */
export function MobileSignIn({ onLogin, onUseEmail, initialPhone = '' }: { onLogin: OnLogin; onUseEmail?: () => void; initialPhone?: string }) {
  const m = useMessages(loginMessages);
  const api = useLoginApi();
  const country = useCountry();
  const { phoneCode } = MOBILE_RULES[country];
  const sender = useCodeSender(phoneCode);
  const [telephone, setTelephone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [unconfirmed, setUnconfirmed] = useState<{ maskedEmail?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const sent = sender.sentTo !== null && sender.sentTo === telephone;

  async function send() {
    if (!isValidMobile(country, telephone)) return setError({ field: 'telephone', message: m.invalidMobile });
    setError(null);
    setUnconfirmed(null);
    setBusy(true);
    const failure = await sender.send(telephone);
    setBusy(false);
    if (failure) setError(failure);
    else setCode('');
  }
  async function signIn(newAccount: boolean) {
    setError(null);
    setBusy(true);
    try {
      onLogin((await api.mobileLogin(telephone, phoneCode, code, newAccount)).result);
    } catch (failure) {
      const holder = unconfirmedOf(failure);
      setUnconfirmed(holder);
      if (!holder) setError(failureFrom(failure, m.somethingWrong));
    } finally {
      setBusy(false);
    }
  }
  function verify(event: FormEvent) {
    event.preventDefault();
    if (!sent) return send();
    if (!/^\d{4,6}$/.test(code)) return setError({ field: 'code', message: m.invalidCode });
    return signIn(false);
  }
  if (unconfirmed) {
    const account = unconfirmed.maskedEmail ?? m.anAccount;
    return (
      <div className="acc-choice" role="group" aria-labelledby="acc-unconfirmed">
        <p id="acc-unconfirmed" role="alert">
          {formatMessage(m.phoneUnconfirmed, { phone: `${phoneCode} ${telephone}`, account })}
        </p>
        {onUseEmail ? (
          <button type="button" className="ui-button acc-wide" onClick={onUseEmail}>
            {formatMessage(m.signInWithAccount, { account })}
          </button>
        ) : null}
        <button type="button" className="ui-button ui-button--link acc-wide" disabled={busy} onClick={() => signIn(true)}>
          {m.newAccountWithPhone}
        </button>
        <FormError message={error ? failureText(error) : null} />
      </div>
    );
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
      {sender.captchaRequired ? (
        <CaptchaField round={sender.captchaRound} onChange={sender.setCaptcha} error={error?.field === 'captcha' ? error.message : undefined} />
      ) : null}
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
      <FormError message={formError(error, ['telephone', 'code', 'captcha'])} />
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
