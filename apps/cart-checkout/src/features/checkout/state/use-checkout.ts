import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useApiClient, useInjectSaga, useInjectSlice, useLatestEvent } from '@eyewear/event-bus';
import { useCountry } from '@eyewear/i18n';
import { useNavigate } from '@eyewear/router';
import { checkoutSaga } from './checkout-saga';
import { checkoutActions, checkoutSlice, selectCheckout } from './checkout-slice';

/**
 * The checkout slice and saga; a signed-in customer starts at step 2 (at once: the server renders
 * the page for them, and it hydrates at that step).
 */
export function useCheckout() {
  useInjectSlice(checkoutSlice);
  const country = useCountry();
  const api = useApiClient();
  // A new `navigate` per path change: the saga reads the latest one and is never restarted for it.
  const navigate = useNavigate();
  useInjectSaga(`cart-checkout/checkout/${country}`, checkoutSaga, { api, navigate });
  const state = useSelector(selectCheckout);
  const dispatch = useDispatch();
  const session = useLatestEvent('session/changed');
  useEffect(() => {
    if (session?.login) dispatch(checkoutActions.loggedIn());
  }, [session?.login, dispatch]);
  const step = session?.login ? Math.max(2, state.checkoutStepKey) : state.checkoutStepKey;
  return { state: step === state.checkoutStepKey ? state : { ...state, checkoutStepKey: step }, dispatch, country, session };
}
