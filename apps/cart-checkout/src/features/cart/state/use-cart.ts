import { useCallback, useEffect, useRef } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { Saga } from 'redux-saga';
import { useApiClient, useHydrated, useInjectSaga, useInjectSlice, useServerLoad } from '@eyewear/event-bus';
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

/**
 * The cart's slice and saga in the page store; the first user fetches the cart. A page the
 * server renders for its shopper (the cart, checkout: issue 19) waits there for the cart, and
 * the browser hydrates from it without asking again.
 */
export function useCart({ refresh = false }: { refresh?: boolean } = {}) {
  useInjectSlice(cartSlice);
  const country = useCountry();
  const api = useApiClient();
  const deps = { api, currencyCode: CURRENCY_OF[country], storage: globalThis.sessionStorage, ...browser };
  useInjectSaga(`cart-checkout/cart/${country}`, cartSaga, deps);
  useServerLoad<Parameters<typeof selectCartState>[0]>({
    key: `cart-checkout/cart/${country}`,
    // useServerLoad hands the saga `deps` as given (its type is any object).
    saga: cartSaga as Saga<[object]>,
    sagaKey: `cart-checkout/cart/${country}`,
    deps,
    action: () => cartActions.requested({ op: 'get', ...(walletFlagOn() ? { applyWallet: true } : {}) }),
    done: (root) => ['ready', 'failed'].includes(selectCartState(root).status),
    needed: (root) => selectCartState(root).status === 'idle',
  });
  const state = useSelector(selectCartState);
  const dispatch = useDispatch();
  const run = useCallback((op: CartOp) => dispatch(cartActions.requested(op)), [dispatch]);
  // Opening the popup or the payment page reads the cart from the API again (issue 37): what
  // they show, and what Pay says, is the cart as it is now, whatever changed it meanwhile.
  // Not when this mount's first load is on its way already, or the server has just sent it.
  const store = useStore();
  const hydrating = !useHydrated();
  useEffect(() => {
    if (!refresh || hydrating) return;
    const now = selectCartState(store.getState() as Parameters<typeof selectCartState>[0]);
    if (now.pending !== 'get') run({ op: 'get', ...(walletFlagOn() ? { applyWallet: true } : {}) });
    // Once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refresh]);
  // The server cannot read the shopper's "apply my wallet" choice (it lives in this browser's
  // storage): a cart hydrated from the server's answer is asked for again with it.
  const fromServer = useRef(!useHydrated() && state.status === 'ready');
  useEffect(() => {
    if (fromServer.current && walletFlagOn()) run({ op: 'get', applyWallet: true });
    fromServer.current = false;
  }, [run]);
  return { state, run, dispatch };
}
