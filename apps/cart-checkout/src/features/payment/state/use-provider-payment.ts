import { useSelector } from 'react-redux';
import { useApiClient, useInjectSaga, useInjectSlice } from '@eyewear/event-bus';
import { useCountry } from '@eyewear/i18n';
import { useNavigate } from '@eyewear/router';
import { providerSaga } from './provider-saga';
import { providerSlice, selectProvider } from './provider-slice';

/** The card provider's payment: its slice and saga in the page store, and its state. */
export function useProviderPayment() {
  useInjectSlice(providerSlice);
  const country = useCountry();
  const api = useApiClient();
  // A new `navigate` per path change: the saga reads the latest one and is never restarted for it.
  const navigate = useNavigate();
  useInjectSaga(`cart-checkout/payment-provider/${country}`, providerSaga, { api, navigate });
  return useSelector(selectProvider);
}
