import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { settingOn, useRemoteSettings, type LoginResult, type RemoteSettings } from '@eyewear/api-client';
import { toastShow } from '@eyewear/event-bus';
import { type RemoteFragmentProps } from '@eyewear/federation';
import { useCountry, useMessages } from '@eyewear/i18n';
import { isDigitsOnly, isValidEmail, isValidMobile } from '@eyewear/i18n/rules';
import { loginSucceeded } from '../../shared/auth';
import { messageOf } from '../../shared/api';
import { useAccountApi, useAuth } from '../../shared/hooks';
import { Field, FormError } from '../../shared/form';
import { EmailSignIn, ForgotPassword, MobileSignIn, SignUp, SocialLogin, type OnLogin } from './forms';
import { loginMessages } from './messages';
import '../../shared/account.css';

type Tab = 'signin' | 'signup';

/** The popup's variant: remote setting NEW_AUTH_POPUP_DESKTOP with enable ON means the newer one. */
export function variantOf(settings: RemoteSettings): 'older' | 'newer' {
  return settingOn(settings, 'NEW_AUTH_POPUP_DESKTOP') ? 'newer' : 'older';
}

/** The older popup: sign-in and sign-up tabs; e-mail or mobile; social; forgot password. */
function OlderPopup({ tab, setTab, onLogin, returnTo }: { tab: Tab; setTab(t: Tab): void; onLogin: OnLogin; returnTo?: string }) {
  const m = useMessages(loginMessages);
  const [mode, setMode] = useState<'email' | 'mobile' | 'forgot'>('email');
  const ids = { signin: useId(), signup: useId() };
  return (
    <>
      <div role="tablist" aria-label={m.dialogLabel} className="acc-tabs">
        {(['signin', 'signup'] as const).map((t) => (
          <button key={t} type="button" role="tab" id={ids[t]} aria-selected={tab === t} className="acc-tab" onClick={() => setTab(t)}>
            {t === 'signin' ? m.signInTab : m.signUpTab}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-labelledby={ids[tab]} className="acc-panel">
        {tab === 'signup' ? (
          <SignUp onLogin={onLogin} />
        ) : mode === 'forgot' ? (
          <ForgotPassword onBack={() => setMode('email')} />
        ) : (
          <>
            {mode === 'email' ? <EmailSignIn onLogin={onLogin} onForgot={() => setMode('forgot')} /> : <MobileSignIn onLogin={onLogin} />}
            <button type="button" className="ui-button ui-button--link acc-switch" onClick={() => setMode(mode === 'email' ? 'mobile' : 'email')}>
              {mode === 'email' ? m.byMobile : m.byEmail}
            </button>
          </>
        )}
        {mode !== 'forgot' ? <SocialLogin returnTo={returnTo} /> : null}
      </div>
    </>
  );
}

/** The newer popup: one field first (e-mail or mobile), then the step that fits the account. */
function NewerPopup({ tab, onLogin, returnTo }: { tab: Tab; onLogin: OnLogin; returnTo?: string }) {
  const m = useMessages(loginMessages);
  const api = useAccountApi();
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
      {step === 'otp' ? <MobileSignIn onLogin={onLogin} initialPhone={identifier.trim()} /> : null}
      {step === 'signup' ? <SignUp onLogin={onLogin} initialEmail={isValidEmail(identifier.trim()) ? identifier.trim() : ''} /> : null}
      {step === 'forgot' ? <ForgotPassword onBack={() => setStep('password')} /> : null}
      {step === 'identify' ? <SocialLogin returnTo={returnTo} /> : null}
    </div>
  );
}

export default function LoginPopupImpl({ onClose, options }: RemoteFragmentProps) {
  const m = useMessages(loginMessages);
  const { auth, dispatch } = useAuth();
  const [tab, setTab] = useState<Tab>(options?.tab === 'signup' ? 'signup' : 'signin');
  // The page's remote settings (fetched once per page); null while they load.
  const settings = useRemoteSettings(useCountry());
  const variant = settings === null ? null : variantOf(settings);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const loggedIn = useRef(false);

  useEffect(() => {
    if (loggedIn.current && (auth.status === 'done' || auth.status === 'failed')) {
      dispatch(toastShow({ message: m.welcome, success: true }));
      onClose();
    }
  }, [auth.status, dispatch, onClose, m.welcome]);

  const onLogin = (login: LoginResult) => {
    loggedIn.current = true;
    dispatch(loginSucceeded({ login, redirectTo: options?.redirectTo }));
  };

  // Keyboard users stay inside the dialog; Escape closes it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') return onClose();
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = dialog.current.querySelectorAll<HTMLElement>('button:not([disabled]), input, [href]');
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="acc-backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="acc-dialog"
        data-testid="account-LoginPopup"
        data-variant={variant ?? 'loading'}
        onKeyDown={onKeyDown}
      >
        <div className="acc-dialog__head">
          <h2 id={titleId} className="acc-dialog__title">
            {m.dialogLabel}
          </h2>
          <button type="button" className="acc-close" aria-label={m.close} onClick={onClose}>
            ×
          </button>
        </div>
        {variant === null ? (
          <div className="acc-skeleton" role="status" aria-label={m.dialogLabel} />
        ) : variant === 'newer' ? (
          <NewerPopup tab={tab} onLogin={onLogin} returnTo={options?.redirectTo} />
        ) : (
          <OlderPopup tab={tab} setTab={setTab} onLogin={onLogin} returnTo={options?.redirectTo} />
        )}
      </div>
    </div>
  );
}
