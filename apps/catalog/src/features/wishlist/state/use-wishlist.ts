import { useCallback, useEffect, useMemo } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { loginRequested, useApiClient, useInjectSaga, useInjectSlice, useLatestEvent, type LazySlices } from '@eyewear/event-bus';
import { wishlistSaga } from './wishlist-saga';
import { wishlistActions, wishlistSlice } from './wishlist-slice';

/** The wishlist slice and saga, injected once per page store, plus the shopper's login state. */
export function useWishlist() {
  const api = useApiClient();
  const injected = useInjectSlice(wishlistSlice);
  useInjectSaga('catalog/wishlist', wishlistSaga, { api });
  const state = useSelector(injected.selectors.selectWishlist);
  const session = useLatestEvent('session/changed');
  const latest = useLatestEvent('wishlist/changed');
  const dispatch = useDispatch();
  const login = session?.login === true;
  // A guest (or a customer who just logged out) has no shortlist to show.
  const ids = useMemo(() => new Set(login ? (latest?.productIds ?? state.productIds) : []), [login, latest, state.productIds]);
  /** Whether the customer's shortlist is known yet (published, or answered either way). */
  const known = latest !== undefined || state.status === 'ready' || state.status === 'failed';
  /** Guests asking to save are sent to login (shopping §6 "An ask-login prompt can be triggered"). */
  const toggle = useCallback(
    (productId: number) => {
      if (!login) {
        dispatch(loginRequested({ tab: 'signin' }));
        return;
      }
      dispatch(ids.has(productId) ? wishlistActions.remove({ productId }) : wishlistActions.add({ productId }));
    },
    [dispatch, ids, login],
  );
  return { state, login, ids, known, toggle, dispatch };
}

/**
 * Loads a customer's shortlist when the component mounts and at each login: the ids for the
 * hearts, or with `attributes` the products for the panel. With `ifUnknown`, only when the
 * page holds no shortlist yet (a slot on another remote's page).
 */
export function useLoadWishlist({ attributes = false, ifUnknown = false }: { attributes?: boolean; ifUnknown?: boolean } = {}) {
  const wishlist = useWishlist();
  const { login, dispatch } = wishlist;
  const store = useStore<Partial<LazySlices>>();
  useEffect(() => {
    if (!login) return;
    // Read when the effect runs: another user may have asked in the same commit.
    if (ifUnknown && (store.getState().catalogWishlist?.status ?? 'idle') !== 'idle') return;
    dispatch(wishlistActions.load({ attributes }));
  }, [login, ifUnknown, attributes, dispatch, store]);
  return wishlist;
}
