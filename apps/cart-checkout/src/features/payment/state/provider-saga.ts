import { call, delay, put, takeLeading } from 'redux-saga/effects';
import { checkoutRoutes, type ApiClient, type OrderPaymentResult, type PaymentStatus } from '@eyewear/api-client';
import { checkoutActions, paymentFailureMessage as failureMessage, retryPaymentUrl, sendPayment } from '../../checkout';
import { PROVIDER_POLL_INTERVAL_MS, PROVIDER_POLL_MAX } from '../rules';
import { providerActions } from './provider-slice';

/** What the provider saga works with (`useInjectSaga` deps: the latest render's values). */
export interface ProviderSagaDeps {
  api: Pick<ApiClient, 'call'>;
  /** Read when the payment settles (a path change never restarts the saga mid-payment). */
  navigate(to: string): void;
}

/**
 * shopping §4 "payment status polling for ... the payment provider": the payment is sent with
 * paymentMethod=primer and the attempt's Idempotency-Key; the order then exists (the cart is
 * emptied as after any order) and the provider's status (GET /v2/payments/primer/{ref}/status)
 * is asked at once, then every 2 s, until it settles. Paid goes to the success page; declined
 * to the order's retry page with the provider's message.
 */
export function* payWithProvider(deps: ProviderSagaDeps, action: ReturnType<typeof providerActions.payRequested>) {
  const result: OrderPaymentResult | null = yield* sendPayment(deps.api, action.payload, providerActions.payFailed);
  if (!result) return;
  const orderId = result.order.id;
  yield put(providerActions.confirming());
  let status: PaymentStatus = { orderId, status: result.payment.status };
  try {
    for (let poll = 0; poll < PROVIDER_POLL_MAX && status.status === 'PENDING'; poll++) {
      if (poll > 0) yield delay(PROVIDER_POLL_INTERVAL_MS);
      const answer: { result: PaymentStatus } = yield call(deps.api.call, checkoutRoutes.providerPaymentStatus, {
        params: { paymentRefId: result.payment.paymentId },
        query: { paymentId: result.payment.paymentId },
      });
      status = answer.result;
      yield put(checkoutActions.transStatusReceived(status));
    }
  } catch (error) {
    status = { orderId, status: 'FAILED', message: failureMessage(error) };
    yield put(checkoutActions.transStatusReceived(status));
  }
  if (status.status === 'SUCCESS') {
    yield put(checkoutActions.paymentSettled());
    yield put(providerActions.finished({ timedOut: false }));
    yield call(deps.navigate, `/checkout/onepage/success?orderId=${orderId}`);
    return;
  }
  if (status.status === 'PENDING') {
    yield put(providerActions.finished({ timedOut: true }));
    return;
  }
  // Declined: the order waits for its payment on its retry page (its amount, any method).
  yield put(providerActions.finished({ timedOut: false }));
  yield call(deps.navigate, retryPaymentUrl(orderId));
}

export function* providerSaga(deps: ProviderSagaDeps) {
  yield takeLeading(providerActions.payRequested.type, payWithProvider, deps);
}
