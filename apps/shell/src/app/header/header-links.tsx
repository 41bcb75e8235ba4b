import { useSelector } from 'react-redux';
import { Link } from '@eyewear/router';
import { type FragmentName } from '@eyewear/federation';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from '../messages';
import { selectCartCount, selectSession, selectWishlistCount } from '../shell-slice';
import { useFragments } from './fragment-host';

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
    <span className="shell-account">
      <button type="button" className="shell-link-button" {...signIn}>
        {m.signIn}
      </button>{' '}
      <button type="button" className="shell-link-button" {...signUp}>
        {m.signUp}
      </button>
    </span>
  );
}

function CustomerLink({ firstName }: { firstName: string | null }) {
  const m = useMessages(messages);
  const name = firstName?.trim() || m.customerFallbackName;
  const opener = useOpener('accountMenu');
  return (
    <button type="button" className="shell-link-button shell-account" aria-label={formatMessage(m.accountMenuFor, { name })} {...opener} aria-haspopup="menu">
      {name}
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
      <Link to="/customer/account/">{m.trackOrder}</Link>
      {session.login ? <CustomerLink firstName={session.firstName} /> : <GuestLinks />}
      <button type="button" className="shell-link-button" aria-label={formatMessage(m.shortlistWithCount, { count: wishlistCount })} {...shortlist}>
        {m.shortlist}
        <span className="shell-badge" aria-hidden="true" data-testid="shell-wishlist-count">
          {wishlistCount}
        </span>
      </button>
      <button type="button" className="shell-link-button" aria-label={formatMessage(m.cartWithCount, { count: cartCount })} {...cart}>
        {m.cart}
        <span className="shell-badge" aria-hidden="true" data-testid="shell-cart-count">
          {cartCount}
        </span>
      </button>
    </nav>
  );
}
