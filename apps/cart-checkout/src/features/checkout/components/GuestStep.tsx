import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { cartRoutes } from '@eyewear/api-client';
import { loginRequested, useApiClient, useHydrated } from '@eyewear/event-bus';
import { useCountry, useMessages } from '@eyewear/i18n';
import { isValidEmail, isValidMobile } from '@eyewear/i18n/rules';
import { messages } from '../../../app/messages';
import { keepGuestDetails, keptGuestDetails } from '../guest-details';
import { checkoutActions } from '../state/checkout-slice';

/** Step 1 for a guest: e-mail and mobile (then step 2), or sign in. */
export function GuestStep() {
  const m = useMessages(messages);
  const id = useId();
  const country = useCountry();
  const api = useApiClient();
  const dispatch = useDispatch();
  // A reload keeps what the guest gave in this tab. The server cannot read this tab's storage:
  // a page hydrating the server's HTML starts as the server did, then fills them in.
  const fromServer = useRef(!useHydrated());
  const [email, setEmail] = useState(() => (fromServer.current ? '' : (keptGuestDetails().guestInfo?.email ?? '')));
  const [phone, setPhone] = useState(() => (fromServer.current ? '' : (keptGuestDetails().guestInfo?.phone ?? '')));
  useEffect(() => {
    if (!fromServer.current) return;
    fromServer.current = false;
    const kept = keptGuestDetails().guestInfo;
    if (kept?.email) setEmail(kept.email);
    if (kept?.phone) setPhone(kept.phone);
  }, []);
  const [errors, setErrors] = useState<{ email?: string; phone?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      email: isValidEmail(email.trim()) ? undefined : m.invalidEmail,
      phone: isValidMobile(country, phone.trim()) ? undefined : m.invalidPhone,
    };
    setErrors(found);
    if (found.email || found.phone) return;
    const info = { email: email.trim(), phone: phone.trim() };
    dispatch(checkoutActions.guestInfoSaved(info));
    keepGuestDetails({ guestInfo: info });
    // The abandoned-cart lead: its errors are only logged (shopping §8).
    api.call(cartRoutes.abandonedLeads, { body: info }).catch((error: unknown) => console.warn('abandoned lead not recorded', error));
  };
  return (
    <div>
      <p>
        {m.signInPrompt}{' '}
        <button
          type="button"
          className="ui-button ui-button--link"
          onClick={() => dispatch(loginRequested({ tab: 'signin', redirectTo: '/checkout/onepage/' }))}
        >
          {m.signIn}
        </button>
      </p>
      <form className="cc-form" onSubmit={submit} noValidate>
        <div className="cc-field">
          <label htmlFor={`${id}-email`}>{m.email}</label>
          <input id={`${id}-email`} type="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={errors.email ? true : undefined} />
          {errors.email ? <span className="cc-error">{errors.email}</span> : null}
        </div>
        <div className="cc-field">
          <label htmlFor={`${id}-phone`}>{m.phone}</label>
          <input
            id={`${id}-phone`}
            inputMode="numeric"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            aria-invalid={errors.phone ? true : undefined}
          />
          {errors.phone ? <span className="cc-error">{errors.phone}</span> : null}
        </div>
        <div className="cc-field--wide">
          <button type="submit" className="ui-button ui-button--primary">
            {m.saveAndContinue}
          </button>
        </div>
      </form>
    </div>
  );
}
