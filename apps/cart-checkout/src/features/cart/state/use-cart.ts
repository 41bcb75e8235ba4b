import { useCallback, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useApiClient, useInjectSaga, useInjectSlice } from '@eyewear/event-bus';
import { useCountry } from '@eyewear/i18n';
import { CURRENCY_OF } from '@eyewear/i18n/rules';
import type { CartOp } from '../api';
import { walletFlagOn } from '../rules';
import { cartSaga } from './cart-saga';
import { cartSlice, cartActions, selectCartState } from './cart-slice';

/** The browser effects the cart saga uses (its tests pass their own). */
const browser = {
  alert: (message: string) => globalThis.alert?.(message),
  reload: () => globalThis.location?.reload(),
  pathname: () => globalThis.location?.pathname ?? '/',
};

/** The cart's slice and saga in the page store; the first user fetches the cart. */
export function useCart() {
  useInjectSlice(cartSlice);
  const country = useCountry();
  const api = useApiClient();
  useInjectSaga(`cart-checkout/cart/${country}`, cartSaga, { api, currencyCode: CURRENCY_OF[country], storage: globalThis.sessionStorage, ...browser });
  const state = useSelector(selectCartState);
  const dispatch = useDispatch();
  const run = useCallback((op: CartOp) => dispatch(cartActions.requested(op)), [dispatch]);
  useEffect(() => {
    if (state.status === 'idle') run({ op: 'get', ...(walletFlagOn() ? { applyWallet: true } : {}) });
  }, [state.status, run]);
  return { state, run, dispatch };
}
