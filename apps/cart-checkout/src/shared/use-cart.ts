import { useCallback, useEffect, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useInjectSaga, useInjectSlice } from '@eyewear/event-bus';
import { useCountry } from '@eyewear/i18n';
import { CURRENCY_OF } from '@eyewear/i18n/rules';
import { cartApiFor, type CartOp } from './api';
import { createCartSaga } from './cart-saga';
import { cartSlice, cartActions, selectCartState } from './cart-slice';

const APPLY_WALLET_FLAG = 'applyWalletOnCart';

/** shopping §4: the wallet is applied on the cart only when the stored flag applyWalletOnCart is ON. */
export const walletFlagOn = () => {
  try {
    return globalThis.localStorage?.getItem(APPLY_WALLET_FLAG) === 'ON';
  } catch {
    return false;
  }
};

/** The cart's slice and saga in the page store; the first user fetches the cart. */
export function useCart() {
  useInjectSlice(cartSlice);
  const country = useCountry();
  const saga = useMemo(
    () =>
      createCartSaga({
        api: cartApiFor(country),
        currencyCode: CURRENCY_OF[country],
        storage: globalThis.sessionStorage,
        alert: (message) => globalThis.alert?.(message),
        reload: () => globalThis.location?.reload(),
        pathname: () => globalThis.location?.pathname ?? '/',
      }),
    [country],
  );
  useInjectSaga(`cart-checkout/cart/${country}`, saga);
  const state = useSelector(selectCartState);
  const dispatch = useDispatch();
  const run = useCallback((op: CartOp) => dispatch(cartActions.requested(op)), [dispatch]);
  useEffect(() => {
    if (state.status === 'idle') run({ op: 'get', ...(walletFlagOn() ? { applyWallet: true } : {}) });
  }, [state.status, run]);
  return { state, run, dispatch };
}
