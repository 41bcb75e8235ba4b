import { useEffect, useMemo, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useInjectSaga, useInjectSlice, useLatestEvent } from '@eyewear/event-bus';
import { useCountry } from '@eyewear/i18n';
import { useNavigate } from '@eyewear/router';
import { cartApiFor } from './api';
import { createCheckoutSaga } from './checkout-saga';
import { checkoutActions, checkoutSlice, selectCheckout } from './checkout-slice';

/** The checkout slice and saga; login seen at mount starts at step 2. */
export function useCheckout() {
  useInjectSlice(checkoutSlice);
  const country = useCountry();
  // React Router gives `navigate` a new identity on every path change. The saga must not be
  // rebuilt on it (re-injecting it cancels a payment in flight), so it reads the latest one.
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const saga = useMemo(
    () =>
      createCheckoutSaga({
        api: cartApiFor(country),
        onPaid: (orderId) => navigateRef.current(`/checkout/onepage/success?orderId=${orderId}`),
        onQr: (orderId) => navigateRef.current(`/checkout/payment/qr/${orderId}`),
      }),
    [country],
  );
  useInjectSaga(`cart-checkout/checkout/${country}`, saga);
  const state = useSelector(selectCheckout);
  const dispatch = useDispatch();
  const session = useLatestEvent('session/changed');
  useEffect(() => {
    if (session?.login) dispatch(checkoutActions.loggedIn());
  }, [session?.login, dispatch]);
  return { state, dispatch, country, session, api: cartApiFor(country) };
}
