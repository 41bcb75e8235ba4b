import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { useApiClient, useInjectSaga, useInjectSlice, useLatestEvent, type LazySlices, type SessionPayload } from '@eyewear/event-bus';
import { WISHLIST_MAX } from '@eyewear/i18n/rules';
import { wishlistSaga } from './wishlist-saga';
import { wishlistActions, wishlistSlice } from './wishlist-slice';

/** Whose wishlist the session shows: the customer's, or the guest session's; null until the shell says. */
export function ownerOf(session: SessionPayload | undefined): string | null {
  if (!session) return null;
  return session.login ? `c:${session.customerId ?? ''}` : 'guest';
}

/** Whether the shopper may hold items: the user info's count, or a later `wishlist/changed`'s. */
export function mayHoldItems(session: SessionPayload | undefined, latest: { count: number } | undefined): boolean {
  return (session?.wishlistCount ?? 0) > 0 || (latest?.count ?? 0) > 0;
}

/**
 * The wishlist slice and saga, injected once per page store, for the shopper of the session.
 * One behaviour for guests and customers alike (shopping §1: shoppers, anonymous or logged in,
 * shortlist products): a guest's list is kept by the guest session and joins the customer's at
 * login (the API moves it). The count is the header badge's: the user info's count (shopping §6
 * "Wishlist and cart counts come from user info"), then each `wishlist/changed` this saga publishes.
 */
export function useWishlist() {
  const api = useApiClient();
  const injected = useInjectSlice(wishlistSlice);
  useInjectSaga('catalog/wishlist', wishlistSaga, { api });
  const state = useSelector(injected.selectors.selectWishlist);
  const session = useLatestEvent('session/changed');
  const latest = useLatestEvent('wishlist/changed');
  const dispatch = useDispatch();
  const login = session?.login === true;
  const owner = ownerOf(session);
  /** The list held is this shopper's (an answer for this shopper arrived). */
  const mine = owner !== null && state.owner === owner;
  /** A guest whose user info (or a later `wishlist/changed`) counts nothing has nothing to load. */
  const emptyGuest = owner === 'guest' && !mine && !mayHoldItems(session, latest);
  const ids = useMemo(() => new Set(mine ? state.productIds : login ? (latest?.productIds ?? []) : []), [mine, state.productIds, login, latest]);
  /** The header badge's count: this list's once it is the shopper's, else the user info's. */
  const count = Math.min(WISHLIST_MAX, mine ? state.count : login ? (latest?.count ?? session?.wishlistCount ?? 0) : (session?.wishlistCount ?? 0));
  /** Whether the shopper's shortlist is known yet (published, answered either way, or a guest's empty one). */
  const known = mine || emptyGuest || (login && latest !== undefined);
  const toggle = useCallback(
    (productId: number) => {
      if (owner === null) return;
      dispatch(ids.has(productId) ? wishlistActions.remove({ productId, owner }) : wishlistActions.add({ productId, owner }));
    },
    [dispatch, ids, owner],
  );
  return { state, login, owner, mine, ids, count, known, toggle, dispatch };
}

/**
 * Loads the shopper's shortlist when the component mounts and at each change of shopper (a
 * login, a logout): the ids for the hearts, or with `attributes` the products for the panel. A
 * guest whose user info counts no item has nothing to load. With `ifUnknown`, only when the page
 * holds no shortlist of this shopper yet (a slot on another remote's page).
 */
export function useLoadWishlist({ attributes = false, ifUnknown = false }: { attributes?: boolean; ifUnknown?: boolean } = {}) {
  const wishlist = useWishlist();
  const { owner, dispatch } = wishlist;
  const store = useStore<Partial<LazySlices>>();
  const session = useLatestEvent('session/changed');
  const latest = useLatestEvent('wishlist/changed');
  const guestMayHold = useRef(false);
  guestMayHold.current = mayHoldItems(session, latest);
  useEffect(() => {
    if (owner === null) return;
    // Read when the effect runs: another user may have asked in the same commit.
    const held = store.getState().catalogWishlist;
    const heldMine = held?.owner === owner || (held?.asking === owner && held.status === 'loading');
    if (owner === 'guest' && !guestMayHold.current && !heldMine) return;
    if (ifUnknown && heldMine) return;
    dispatch(wishlistActions.load({ attributes, owner }));
  }, [owner, ifUnknown, attributes, dispatch, store]);
  return wishlist;
}
