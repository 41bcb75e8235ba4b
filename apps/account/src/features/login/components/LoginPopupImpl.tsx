import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { settingOn, useRemoteSettings, type LoginResult, type RemoteSettings } from '@eyewear/api-client';
import { toastShow, useApiClient } from '@eyewear/event-bus';
import { type RemoteFragmentProps } from '@eyewear/federation';
import { useCountry, useMessages } from '@eyewear/i18n';
import { loginSucceeded, useAuth } from '../../auth';
import { loginMessages } from '../messages';
import { NewerPopup } from './NewerPopup';
import { OlderPopup, type Tab } from './OlderPopup';
import '../../../app/account.css';

/** The popup's variant: remote setting NEW_AUTH_POPUP_DESKTOP with enable ON means the newer one. */
export function variantOf(settings: RemoteSettings): 'older' | 'newer' {
  return settingOn(settings, 'NEW_AUTH_POPUP_DESKTOP') ? 'newer' : 'older';
}

/** The login / sign-up dialog: the variant the remote settings choose, focus kept inside, Escape closes. */
export default function LoginPopupImpl({ onClose, options }: RemoteFragmentProps) {
  const m = useMessages(loginMessages);
  const { status, dispatch } = useAuth();
  const [tab, setTab] = useState<Tab>(options?.tab === 'signup' ? 'signup' : 'signin');
  // The page's remote settings (fetched once per page); null while they load.
  const settings = useRemoteSettings(useCountry(), useApiClient());
  const variant = settings === null ? null : variantOf(settings);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const loggedIn = useRef(false);

  useEffect(() => {
    if (loggedIn.current && (status === 'ready' || status === 'failed')) {
      dispatch(toastShow({ message: m.welcome, success: true }));
      onClose();
    }
  }, [status, dispatch, onClose, m.welcome]);

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
