import { useSelector } from 'react-redux';
import { Link } from '@eyewear/router';
import { type FragmentName } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from '../messages';
import { selectCartCount, selectSession, selectWishlistCount } from '../shell-slice';
import { useFragments } from './fragment-host';
import { BagIcon, HeartIcon, UserIcon } from './icons';

/** Opener props of a fragment: a click opens it, hover or focus preloads it. */
function useOpener(name: FragmentName, options?: Record<string, string>) {
  const fragments = useFragments();
  return {
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': fragments.current === name,
    onClick: (event: { currentTarget: HTMLElement }) => fragments.open(name, options, event.currentTarget),
    onPointerEnter: () => fragments.preload(name),
    onFocus: () => fragments.preload(name),
  };
}

function GuestLinks() {
  const m = useMessages(messages);
  const signIn = useOpener('loginPopup', { tab: 'signin' });
  const signUp = useOpener('loginPopup', { tab: 'signup' });
  return (
    <>
      <span className="shell-account shell-desktop-only">
        <button type="button" className="shell-link-button" {...signIn}>
          {m.signIn}
        </button>{' '}
        <button type="button" className="shell-link-button" {...signUp}>
          {m.signUp}
        </button>
      </span>
      {/* The phone's compact row: one account icon; sign up is in the menu drawer. */}
      <button type="button" className="shell-link-button shell-icon-button shell-phone-only" {...signIn}>
        <UserIcon />
        <span className="shell-visually-hidden">{m.signInShort}</span>
      </button>
    </>
  );
}

function CustomerLink({ firstName }: { firstName: string | null }) {
  const m = useMessages(messages);
  const name = firstName?.trim() || m.customerFallbackName;
  const opener = useOpener('accountMenu');
  return (
    <button
      type="button"
      className="shell-link-button shell-account shell-icon-button"
      aria-label={formatMessage(m.accountMenuFor, { name })}
      {...opener}
      aria-haspopup="menu"
    >
      <UserIcon />
      <span className="shell-label">{name}</span>
    </button>
  );
}

/** Track order, the account entry (guest links or the customer's name), shortlist and cart with their badges. */
export function HeaderLinks() {
  const m = useMessages(messages);
  const session = useSelector(selectSession);
  const cartCount = useSelector(selectCartCount);
  const wishlistCount = useSelector(selectWishlistCount);
  const shortlist = useOpener('wishlistPanel');
  const cart = useOpener('cartPopup');
  return (
    <nav aria-label={m.accountLinks} className="shell-header__links">
      <Link to="/customer/account/" className="shell-desktop-only">
        {m.trackOrder}
      </Link>
      {session.login ? <CustomerLink firstName={session.firstName} /> : <GuestLinks />}
      <button
        type="button"
        className="shell-link-button shell-icon-button"
        aria-label={formatMessage(m.shortlistWithCount, { count: wishlistCount })}
        {...shortlist}
      >
        <HeartIcon />
        <span className="shell-label">{m.shortlist}</span>{' '}
        <span className="shell-badge" aria-hidden="true" data-testid="shell-wishlist-count">
          {wishlistCount}
        </span>
      </button>
      <button type="button" className="shell-link-button shell-icon-button" aria-label={formatMessage(m.cartWithCount, { count: cartCount })} {...cart}>
        <BagIcon />
        <span className="shell-label">{m.cart}</span>{' '}
        <span className="shell-badge" aria-hidden="true" data-testid="shell-cart-count">
          {cartCount}
        </span>
      </button>
    </nav>
  );
}
