import { useState, type FormEvent } from 'react';
import { fieldOf, messageOf } from '@eyewear/api-client';
import { formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { digitsOnly, isValidMobile, MOBILE_RULES } from '@eyewear/i18n/rules';
import { Field, FormError } from '../../../app/form';
import { useLoginApi, type OnLogin } from '../api';
import { loginMessages } from '../messages';
import { CaptchaField } from './CaptchaField';

/** Mobile number and one-time code: send, validate, resend. */
export function MobileSignIn({ onLogin, initialPhone = '' }: { onLogin: OnLogin; initialPhone?: string }) {
  const m = useMessages(loginMessages);
  const api = useLoginApi();
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
