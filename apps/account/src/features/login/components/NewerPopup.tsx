import { useState, type FormEvent } from 'react';
import { messageOf } from '@eyewear/api-client';
import { useCountry, useMessages } from '@eyewear/i18n';
import { isDigitsOnly, isValidEmail, isValidMobile } from '@eyewear/i18n/rules';
import { Field, FormError } from '../../../app/form';
import { useLoginApi, type OnLogin } from '../api';
import { loginMessages } from '../messages';
import { EmailSignIn } from './EmailSignIn';
import { ForgotPassword } from './ForgotPassword';
import { MobileSignIn } from './MobileSignIn';
import { type Tab } from './OlderPopup';
import { SignUp } from './SignUp';
import { SocialLogin } from './SocialLogin';

/** The newer popup: one field first (e-mail or mobile), then the step that fits the account. */
export function NewerPopup({ tab, onLogin, returnTo }: { tab: Tab; onLogin: OnLogin; returnTo?: string }) {
  const m = useMessages(loginMessages);
  const api = useLoginApi();
  const country = useCountry();
  const [identifier, setIdentifier] = useState('');
  const [step, setStep] = useState<'identify' | 'password' | 'otp' | 'signup' | 'forgot'>(tab === 'signup' ? 'signup' : 'identify');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  async function next(event: FormEvent) {
    event.preventDefault();
    const value = identifier.trim();
    if (isDigitsOnly(value)) {
      if (!isValidMobile(country, value)) return setError(m.invalidMobile);
      setError(undefined);
      return setStep('otp');
    }
    if (!isValidEmail(value)) return setError(m.invalidEmail);
    setError(undefined);
    try {
      const info = await api.accountInfo({ email: value });
      setStep(info.result.exists ? 'password' : 'signup');
    } catch (failed) {
      setFailure(messageOf(failed, m.somethingWrong));
    }
  }
  return (
    <div className="acc-panel">
      <h2 className="acc-subtitle">{step === 'signup' ? m.signUpTab : m.signInTab}</h2>
      {step === 'identify' ? (
        <form onSubmit={next} noValidate aria-label={m.signInTab}>
          <Field name="identifier" label={m.identifier} value={identifier} onChange={setIdentifier} error={error} autoFocus />
          <FormError message={failure} />
          <button type="submit" className="ui-button acc-wide">
            {m.continue}
          </button>
        </form>
      ) : null}
      {step === 'password' ? <EmailSignIn onLogin={onLogin} onForgot={() => setStep('forgot')} initialEmail={identifier.trim()} /> : null}
      {step === 'otp' ? (
        <MobileSignIn
          onLogin={onLogin}
          initialPhone={identifier.trim()}
          onUseEmail={() => {
            setIdentifier('');
            setStep('identify');
          }}
        />
      ) : null}
      {step === 'signup' ? <SignUp onLogin={onLogin} initialEmail={isValidEmail(identifier.trim()) ? identifier.trim() : ''} /> : null}
      {step === 'forgot' ? <ForgotPassword onBack={() => setStep('password')} /> : null}
      {step === 'identify' ? <SocialLogin returnTo={returnTo} /> : null}
    </div>
  );
}
