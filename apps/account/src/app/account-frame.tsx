import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { loadSettings } from '@eyewear/api-client';
import { loginRequested, useApiClient, useLatestEvent } from '@eyewear/event-bus';
import { useCountry, useMessages } from '@eyewear/i18n';
import { cygnusEnabled } from './cygnus';
import { Link, NavLink, useLocation } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { frameMessages } from './frame-messages';
import './account.css';

/**
 * account §2: the face-profile entry is hidden when ENABLE_CYGNUS is set (issue 42: the header's
 * menu hid it, the section links did not). Read for a signed-in customer only (nothing is asked
 * for a guest), from the page's one settings fetch, once the page runs: the server renders the
 * entry, so the hydration matches.
 */
function useCygnus(signedIn: boolean): boolean {
  const country = useCountry();
  const api = useApiClient();
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!signedIn) return undefined;
    let live = true;
    loadSettings(api, country).then(
      (settings) => live && setOn(cygnusEnabled(settings)),
      // Unreadable settings: every entry stays (their readers' default).
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [signedIn, api, country]);
  return signedIn && on;
}

/**
 * The login guard and section links of every account page. A guest is asked to log in
 * (auth/loginRequested opens the popup, which comes back to this page) and sees a clear
 * message; nothing of the account is fetched for a guest.
 */
export function AccountFrame({ children, nav = true }: { children: ReactNode; nav?: boolean }) {
  const m = useMessages(frameMessages);
  // The session as the shell last published it (undefined until the first /me answer).
  const session = useLatestEvent('session/changed');
  const dispatch = useDispatch();
  const { pathname, search } = useLocation();
  const asked = useRef(false);
  const guest = session?.ready === true && !session.login;
  const cygnus = useCygnus(session?.login === true);

  useEffect(() => {
    if (guest && !asked.current) {
      asked.current = true;
      dispatch(loginRequested({ tab: 'signin', redirectTo: `${pathname}${search}` }));
    }
  }, [guest, dispatch, pathname, search]);

  return (
    <>
      {nav ? (
        <nav aria-label={m.accountNav} className="acc-nav">
          <NavLink to="/customer/account/" end>
            {m.menuOrders}
          </NavLink>
          <NavLink to="/customer/prescriptions/">{m.menuPrescriptions}</NavLink>
          <NavLink to="/customer/account/address/">{m.menuAddresses}</NavLink>
          <NavLink to="/customer/account/storecredit/">{m.menuStoreCredit}</NavLink>
          {cygnus ? null : <NavLink to="/customer/ditto-profile/">{m.menuFaceProfile}</NavLink>}
          <NavLink to="/customer/account/edit/">{m.menuEdit}</NavLink>
        </nav>
      ) : null}
      {!session?.ready ? (
        <div role="status" aria-label={m.loading}>
          <Skeleton />
        </div>
      ) : guest ? (
        <div className="acc-guard" role="region" aria-label={m.loginRequired}>
          <p>{m.loginRequired}</p>
          <button type="button" className="ui-button" onClick={() => dispatch(loginRequested({ tab: 'signin', redirectTo: `${pathname}${search}` }))}>
            {m.loginButton}
          </button>
        </div>
      ) : (
        children
      )}
    </>
  );
}

/** What a page shows for an account path or id that does not exist. */
export function NotFoundSection() {
  const m = useMessages(frameMessages);
  return <p>{m.notFoundSection}</p>;
}

/** The way back from an order or a return to the order list. */
export function BackToOrders() {
  const m = useMessages(frameMessages);
  return (
    <Link className="acc-back" to="/customer/account/">
      {m.backToOrders}
    </Link>
  );
}
