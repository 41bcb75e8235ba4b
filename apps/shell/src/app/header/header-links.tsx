import { type MouseEvent, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link, useHref, useLocation } from '@eyewear/router';
import { type FragmentName } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from '../messages';
import { selectCartCount, selectSession, selectWishlistCount } from '../shell-slice';
import { useFragments } from './fragment-host';
import { BagIcon, HeartIcon, UserIcon } from './icons';

/** A click the browser should handle itself: another button, a modifier key (a new tab or window). */
const browserClick = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * A link to `to` that opens the fragment `name` instead once the page's scripts run (a plain
 * click; hover or focus preloads it). Before they run, or with a modifier key, it is the link it
 * says: a tap on a server-rendered page goes to the cart, the shortlist or the sign-in at once
 * instead of waiting seconds on a phone for the page to answer (issue 39).
 */
function PopupLink({
  to,
  name,
  options,
  popup = 'dialog',
  className,
  label,
  children,
}: {
  to: string;
  name: FragmentName;
  options?: Record<string, string>;
  popup?: 'dialog' | 'menu';
  className: string;
  label?: string;
  children: ReactNode;
}) {
  const fragments = useFragments();
  return (
    <a
      href={useHref(to)}
      className={className}
      aria-label={label}
      aria-haspopup={popup}
      aria-expanded={fragments.current === name}
      onClick={(event) => {
        if (browserClick(event)) return;
        event.preventDefault();
        fragments.open(name, options, event.currentTarget);
      }}
      onPointerEnter={() => fragments.preload(name)}
      onFocus={() => fragments.preload(name)}
    >
      {children}
    </a>
  );
}

/** This page with the login popup asked for (`type=login`, spec "Header"), for a link to the sign-in. */
function useSignInPath() {
  const { pathname } = useLocation();
  return `${pathname}?type=login`;
}

function GuestLinks() {
  const m = useMessages(messages);
  const signInPath = useSignInPath();
  return (
    <>
      <span className="shell-account shell-desktop-only">
        <PopupLink to={signInPath} name="loginPopup" options={{ tab: 'signin' }} className="shell-link-button">
          {m.signIn}
        </PopupLink>{' '}
        <PopupLink to={signInPath} name="loginPopup" options={{ tab: 'signup' }} className="shell-link-button">
          {m.signUp}
        </PopupLink>
      </span>
      {/* The phone's compact row: one account icon; sign up is in the menu drawer. */}
      <PopupLink to={signInPath} name="loginPopup" options={{ tab: 'signin' }} className="shell-link-button shell-icon-button shell-phone-only">
        <UserIcon />
        <span className="shell-visually-hidden">{m.signInShort}</span>
      </PopupLink>
    </>
  );
}

function CustomerLink({ firstName }: { firstName: string | null }) {
  const m = useMessages(messages);
  const name = firstName?.trim() || m.customerFallbackName;
  return (
    <PopupLink
      to="/customer/account/"
      name="accountMenu"
      popup="menu"
      className="shell-link-button shell-account shell-icon-button"
      label={formatMessage(m.accountMenuFor, { name })}
    >
      <UserIcon />
      <span className="shell-label">{name}</span>
    </PopupLink>
  );
}

/** Track order, the account entry (guest links or the customer's name), shortlist and cart with their badges. */
export function HeaderLinks() {
  const m = useMessages(messages);
  const session = useSelector(selectSession);
  const cartCount = useSelector(selectCartCount);
  const wishlistCount = useSelector(selectWishlistCount);
  return (
    <nav aria-label={m.accountLinks} className="shell-header__links">
      <Link to="/customer/account/" className="shell-desktop-only">
        {m.trackOrder}
      </Link>
      {session.login ? <CustomerLink firstName={session.firstName} /> : <GuestLinks />}
      <PopupLink
        to="/shortlist"
        name="wishlistPanel"
        className="shell-link-button shell-icon-button"
        label={formatMessage(m.shortlistWithCount, { count: wishlistCount })}
      >
        <HeartIcon />
        <span className="shell-label">{m.shortlist}</span>{' '}
        <span className="shell-badge" aria-hidden="true" data-testid="shell-wishlist-count">
          {wishlistCount}
        </span>
      </PopupLink>
      <PopupLink to="/cart" name="cartPopup" className="shell-link-button shell-icon-button" label={formatMessage(m.cartWithCount, { count: cartCount })}>
        <BagIcon />
        <span className="shell-label">{m.cart}</span>{' '}
        <span className="shell-badge" aria-hidden="true" data-testid="shell-cart-count">
          {cartCount}
        </span>
      </PopupLink>
    </nav>
  );
}
