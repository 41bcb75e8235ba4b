import { useCallback, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { loginRequested, useInjectSaga, useInjectSlice, useLatestEvent } from '@eyewear/event-bus';
import { useApi } from '../../app/api';
import { wishlistSaga } from './wishlist-saga';
import { wishlistActions, wishlistSlice } from './wishlist-slice';

const sagas = new WeakMap<object, ReturnType<typeof wishlistSaga>>();

/** The wishlist slice and saga, injected once per page store, plus the shopper's login state. */
export function useWishlist() {
  const api = useApi();
  const injected = useInjectSlice(wishlistSlice);
  let saga = sagas.get(api);
  if (!saga) {
    saga = wishlistSaga(api);
    sagas.set(api, saga);
  }
  useInjectSaga('catalog/wishlist', saga);
  const state = useSelector(injected.selectors.selectWishlist);
  const session = useLatestEvent('session/changed');
  const latest = useLatestEvent('wishlist/changed');
  const dispatch = useDispatch();
  const login = session?.login === true;
  // A guest (or a customer who just logged out) has no shortlist to show.
  const ids = useMemo(() => new Set(login ? (latest?.productIds ?? state.productIds) : []), [login, latest, state.productIds]);
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
  return { state, login, ids, toggle, dispatch };
}
