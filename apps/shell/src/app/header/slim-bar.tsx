import { useSelector } from 'react-redux';
import { useMessages } from '@eyewear/i18n';
import { Link, useLocation } from '@eyewear/router';
import { messages } from '../messages';
import { selectSession } from '../shell-slice';
import { useFragments } from './fragment-host';
import { UserIcon } from './icons';
import { wayOutOf } from './slim-bar-rules';

/**
 * The bar of the pages that hide the header and footer (spec/shopping.md "Shell": checkout,
 * payment, order pages, HTO, lens upgrade): the logo, the way back or on, and a way to sign in
 * (the login popup) or to the customer's account. No menu, search or cart to leave by mistake.
 */
export function SlimBar() {
  const m = useMessages(messages);
  const { pathname } = useLocation();
  const session = useSelector(selectSession);
  const fragments = useFragments();
  const way = wayOutOf(pathname);
  return (
    <nav className="shell-slim" aria-label={m.slimBar} data-testid="shell-slim-bar">
      <Link to="/" className="shell-logo" aria-label={m.logoLabel}>
        {m.siteName}
      </Link>
      <Link to={way.to} className="shell-slim__way">
        {m[way.label]}
      </Link>
      {session.login ? (
        <Link to="/customer/account/" className="shell-slim__account">
          <UserIcon />
          <span>{session.firstName?.trim() || m.customerFallbackName}</span>
        </Link>
      ) : session.ready ? (
        <button
          type="button"
          className="shell-link-button shell-slim__account"
          aria-haspopup="dialog"
          aria-expanded={fragments.current === 'loginPopup'}
          onClick={(event) => fragments.open('loginPopup', { tab: 'signin' }, event.currentTarget)}
          onPointerEnter={() => fragments.preload('loginPopup')}
          onFocus={() => fragments.preload('loginPopup')}
        >
          <UserIcon />
          <span>{m.signInShort}</span>
        </button>
      ) : null}
    </nav>
  );
}
