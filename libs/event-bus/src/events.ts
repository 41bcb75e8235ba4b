import { createAction, type PayloadActionCreator } from '@reduxjs/toolkit';
import type { Cart } from '@eyewear/api-client';
import type { RemoteFailure } from '@eyewear/federation';
import { WISHLIST_MAX } from '@eyewear/i18n/rules';

/**
 * A cross-app event: a plain Redux action whose type and payload are declared once, here.
 * In development the payload is checked when the event is created, so a remote built
 * against an older catalogue of events fails loudly instead of silently.
 */
export type EventCreator<P, T extends string = string> = PayloadActionCreator<P, T>;

type Check<P> = (payload: unknown) => payload is P;

const checking = typeof process === 'undefined' || process.env.NODE_ENV !== 'production';

export class EventPayloadError extends Error {
  override name = 'EventPayloadError';
}

export function defineEvent<P, T extends string>(type: T, check: Check<P>): EventCreator<P, T> {
  return createAction(type, (payload: P) => {
    if (checking && !check(payload)) {
      throw new EventPayloadError(`event ${type}: payload does not match its declaration: ${JSON.stringify(payload)}`);
    }
    return { payload };
  }) as unknown as EventCreator<P, T>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalString = (v: unknown) => v === undefined || typeof v === 'string';

export interface ToastPayload {
  message: string;
  /** Milliseconds before the toast clears; 2000 when absent. */
  timeout?: number;
  success?: boolean;
  error?: boolean;
  warning?: boolean;
}

/** The shell's report of a remote's failure, as libs/federation declares it. */
export type RemoteLoadFailedPayload = RemoteFailure;

export interface NavigationPayload {
  pathname: string;
  search: string;
}

/** Shows a toast in the shell's toast host. */
export const toastShow = defineEvent<ToastPayload, 'toast/show'>(
  'toast/show',
  (p): p is ToastPayload =>
    isRecord(p) &&
    typeof p.message === 'string' &&
    (p.timeout === undefined || (typeof p.timeout === 'number' && p.timeout > 0)) &&
    ['success', 'error', 'warning'].every((k) => p[k] === undefined || typeof p[k] === 'boolean'),
);

/** A remote's area failed to load or to render; the shell reports it. */
export const remoteLoadFailed = defineEvent<RemoteLoadFailedPayload, 'remote/loadFailed'>(
  'remote/loadFailed',
  (p): p is RemoteLoadFailedPayload =>
    isRecord(p) &&
    ['load', 'timeout', 'render'].includes(p.kind as string) &&
    typeof p.remote === 'string' &&
    typeof p.message === 'string' &&
    optionalString(p.expose) &&
    optionalString(p.version) &&
    (p.channel === undefined || p.channel === 'stable' || p.channel === 'canary'),
);

/** The shell's router moved to a new location. */
export const navigationChanged = defineEvent<NavigationPayload, 'navigation/changed'>(
  'navigation/changed',
  (p): p is NavigationPayload => isRecord(p) && typeof p.pathname === 'string' && typeof p.search === 'string',
);

export interface CartChangedPayload {
  /** Items in the cart, as the header badge shows them. */
  count: number;
  /**
   * The cart as the API answered the change (issue 37): whoever changed it (the product page,
   * its lens offers, the popup, the cart page) hands the page the new cart, and the cart's
   * owner (cart-checkout) keeps it as the page's one cart, read by the popup, checkout, the
   * payment page and its Pay button. Absent from a remote built before it: the owner then
   * fetches the cart again.
   */
  cart?: Cart;
}

/** The cart changed on the server; whoever changed it publishes the new count and cart. */
export const cartChanged = defineEvent<CartChangedPayload, 'cart/changed'>(
  'cart/changed',
  (p): p is CartChangedPayload =>
    isRecord(p) &&
    typeof p.count === 'number' &&
    Number.isInteger(p.count) &&
    p.count >= 0 &&
    (p.cart === undefined || (isRecord(p.cart) && p.cart.itemsQty === p.count && Array.isArray(p.cart.items))),
);

export interface SessionPayload {
  /** The session is known to the API (a guest or a customer). */
  ready: boolean;
  login: boolean;
  customerId: number | null;
  firstName: string | null;
  hasPlacedOrder: boolean;
  isLoyalty: boolean;
  cartCount: number;
  wishlistCount: number;
}

const isSessionPayload = (p: unknown): p is SessionPayload =>
  isRecord(p) &&
  typeof p.ready === 'boolean' &&
  typeof p.login === 'boolean' &&
  (p.customerId === null || typeof p.customerId === 'number') &&
  (p.firstName === null || typeof p.firstName === 'string') &&
  typeof p.hasPlacedOrder === 'boolean' &&
  typeof p.isLoyalty === 'boolean' &&
  typeof p.cartCount === 'number' &&
  typeof p.wishlistCount === 'number';

/**
 * The session changed: created, validated, logged in or out. Published by the shell alone
 * (its session saga), so every app reads the session from one publisher; the account remote
 * says who logged in or out with `auth/loggedIn` and `auth/loggedOut`.
 */
export const sessionChanged = defineEvent<SessionPayload, 'session/changed'>('session/changed', isSessionPayload);

/** A guest's session: what the shell publishes after a logout. */
export const GUEST_SESSION: SessionPayload = {
  ready: true,
  login: false,
  customerId: null,
  firstName: null,
  hasPlacedOrder: false,
  isLoyalty: false,
  cartCount: 0,
  wishlistCount: 0,
};

/** What the session says of a user as the API's `GET /me` answers it (the fields it reads). */
export function sessionOf(
  user: Pick<SessionPayload, 'login' | 'firstName' | 'hasPlacedOrder' | 'isLoyalty' | 'cartCount' | 'wishlistCount'> & { id: number | null },
): SessionPayload {
  return {
    ready: true,
    login: user.login,
    customerId: user.id,
    firstName: user.firstName,
    hasPlacedOrder: user.hasPlacedOrder,
    isLoyalty: user.isLoyalty,
    cartCount: user.cartCount,
    wishlistCount: user.wishlistCount,
  };
}

export interface WishlistChangedPayload {
  count: number;
  productIds: number[];
}

/** The shortlist changed; its owner (catalog) publishes ids and count (at most WISHLIST_MAX, 50). */
export const wishlistChanged = defineEvent<WishlistChangedPayload, 'wishlist/changed'>(
  'wishlist/changed',
  (p): p is WishlistChangedPayload =>
    isRecord(p) &&
    typeof p.count === 'number' &&
    p.count >= 0 &&
    p.count <= WISHLIST_MAX &&
    Array.isArray(p.productIds) &&
    p.productIds.every((id) => typeof id === 'number'),
);

export interface LoginRequestedPayload {
  tab: 'signin' | 'signup';
  /** Where to go after login, when the request came from a guarded page. */
  redirectTo?: string;
}

/** Something asked the shopper to log in; the account remote opens its popup. */
export const loginRequested = defineEvent<LoginRequestedPayload, 'auth/loginRequested'>(
  'auth/loginRequested',
  (p): p is LoginRequestedPayload => isRecord(p) && (p.tab === 'signin' || p.tab === 'signup') && optionalString(p.redirectTo),
);

/**
 * The customer logged in (the account remote, once the login call succeeded and `GET /me`
 * answered): who it is now. The shell publishes it as `session/changed`.
 */
export const loggedIn = defineEvent<SessionPayload, 'auth/loggedIn'>('auth/loggedIn', isSessionPayload);

/** The customer logged out; every app drops what it held of them (the shell: the session). */
export const loggedOut = defineEvent<Record<string, never>, 'auth/loggedOut'>('auth/loggedOut', (p): p is Record<string, never> => isRecord(p));

export interface CartPopupPayload {
  /** Adding an item failed: the popup shows the 'problem adding item' view. */
  addFailed?: boolean;
}

/** Opens the cart popup (the shell mounts the cart remote's fragment). */
export const cartPopupRequested = defineEvent<CartPopupPayload, 'cart/popupRequested'>(
  'cart/popupRequested',
  (p): p is CartPopupPayload => isRecord(p) && (p.addFailed === undefined || typeof p.addFailed === 'boolean'),
);

/** An exchange's credit as the return page offered it (issue 42): what the returned item was paid, in the site's currency. */
export interface ExchangeCredit {
  amount: number;
  currencyCode: string;
}

const isCredit = (v: unknown): v is ExchangeCredit => isRecord(v) && typeof v.amount === 'number' && v.amount >= 0 && typeof v.currencyCode === 'string';

export interface ExchangePayload {
  active: boolean;
  orderId: string | null;
  itemId: string | null;
  returnAction: string | null;
  returnMode: string | null;
  /** The exchange's credit, shown while shopping (issue 42); absent from a publisher built before it. */
  credit?: ExchangeCredit | null;
}

/**
 * Exchange mode began or ended (account spec §4 "Exchange mode"). The shell alone publishes it
 * (its `exchangeSession` saga), from the account's `exchange/startRequested` and from anyone's
 * `exchange/exitRequested`, after writing the exchange cookies.
 */
export const exchangeChanged = defineEvent<ExchangePayload, 'exchange/changed'>(
  'exchange/changed',
  (p): p is ExchangePayload =>
    isRecord(p) &&
    typeof p.active === 'boolean' &&
    ['orderId', 'itemId', 'returnAction', 'returnMode'].every((k) => p[k] === null || typeof p[k] === 'string') &&
    (p.credit === undefined || p.credit === null || isCredit(p.credit)),
);

export interface ExchangeStartPayload {
  orderId: number;
  itemId: number;
  /** How the returned item goes back (`pickup`, `store_return`, ...). */
  returnMode: string;
  /** The credit the return page offered (its eligibility's exchangeCredit), kept with the exchange. */
  credit?: ExchangeCredit;
}

/** The account's returns flow opens an exchange for an order item (account spec §4 "Exchange mode"). */
export const exchangeStartRequested = defineEvent<ExchangeStartPayload, 'exchange/startRequested'>(
  'exchange/startRequested',
  (p): p is ExchangeStartPayload =>
    isRecord(p) &&
    Number.isInteger(p.orderId) &&
    Number.isInteger(p.itemId) &&
    typeof p.returnMode === 'string' &&
    (p.credit === undefined || isCredit(p.credit)),
);

/** The shopper leaves exchange mode (the shell's banner, the account's exchange page). */
export const exchangeExitRequested = defineEvent<Record<string, never>, 'exchange/exitRequested'>('exchange/exitRequested', (p): p is Record<string, never> =>
  isRecord(p),
);

export interface OrderPlacedPayload {
  orderId: number;
}

/**
 * An order was placed (cart-checkout, once the API confirmed it). The shell reads the customer
 * again, so a new customer stops being "new" at once (offers, X-Customer-Type), without a new login.
 */
export const orderPlaced = defineEvent<OrderPlacedPayload, 'order/placed'>(
  'order/placed',
  (p): p is OrderPlacedPayload => isRecord(p) && Number.isInteger(p.orderId),
);
