import { useId, useState } from 'react';
import { useMessages } from '@eyewear/i18n';
import { type OnLogin } from '../api';
import { loginMessages } from '../messages';
import { EmailSignIn } from './EmailSignIn';
import { ForgotPassword } from './ForgotPassword';
import { MobileSignIn } from './MobileSignIn';
import { SignUp } from './SignUp';
import { SocialLogin } from './SocialLogin';

export type Tab = 'signin' | 'signup';

/** The older popup: sign-in and sign-up tabs; e-mail or mobile; social; forgot password. */
export function OlderPopup({ tab, setTab, onLogin, returnTo }: { tab: Tab; setTab(t: Tab): void; onLogin: OnLogin; returnTo?: string }) {
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
            {mode === 'email' ? (
              <EmailSignIn onLogin={onLogin} onForgot={() => setMode('forgot')} />
            ) : (
              <MobileSignIn onLogin={onLogin} onUseEmail={() => setMode('email')} />
            )}
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
