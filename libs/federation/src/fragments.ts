import { type RemoteId } from './remotes';

/**
 * Fragments: pieces of the header a remote owns and the shell mounts on intent (hover,
 * focus, click or an event), never on first paint (ADR 005). The shell reads this table;
 * each remote exposes its module and receives `RemoteFragmentProps`.
 */
export interface RemoteFragment {
  remote: RemoteId;
  expose: `./${string}`;
}

export const FRAGMENTS = {
  /** Opened by `cart/popupRequested` or the cart icon; owned by cart-checkout. */
  cartPopup: { remote: 'cart-checkout', expose: './CartPopup' },
  /** The shortlist (wishlist) panel behind the header's heart; owned by the catalogue. */
  wishlistPanel: { remote: 'catalog', expose: './WishlistPanel' },
  /** Login / sign-up dialog, opened by `auth/loginRequested` or the guest links. */
  loginPopup: { remote: 'account', expose: './LoginPopup' },
  /** The dropdown behind the customer's name in the header. */
  accountMenu: { remote: 'account', expose: './AccountMenu' },
} as const satisfies Record<string, RemoteFragment>;

export type FragmentName = keyof typeof FRAGMENTS;

/** What the shell hands every fragment. */
export interface RemoteFragmentProps {
  /** Closes the fragment (the shell unmounts it and returns focus to its opener). */
  onClose(): void;
  /** Free settings from the opener, e.g. `{ tab: 'signup' }` for the login popup. */
  options?: Readonly<Record<string, string>>;
}

/**
 * Slots: another remote's piece that a page shows inline, by name (ADR 025). The page renders
 * `<Slot name props>` (`@eyewear/event-bus`); the shell mounts the owner's exposed module with
 * those props. Each slot's props are declared here, once, for the owner and its users.
 */
export interface SlotProps {
  /** The shortlist heart for one product; owned by the catalogue (it holds the wishlist). */
  wishlistToggle: { productId: number; name: string };
}

export type SlotName = keyof SlotProps;

export const SLOTS = {
  wishlistToggle: { remote: 'catalog', expose: './WishlistToggle' },
} as const satisfies Record<SlotName, RemoteFragment>;
