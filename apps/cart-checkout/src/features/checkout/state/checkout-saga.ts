import { call, fork, put, race, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { type ApiClient, type OrderPaymentResult } from '@eyewear/api-client';
import { loggedOut, sessionChanged, type SessionPayload } from '@eyewear/event-bus';
import { retryPaymentUrl } from '../api';
import { checkoutActions } from './checkout-slice';
import { paymentFailureMessage as failureMessage, sendPayment } from './send-payment';
import { pollPaymentStatus, watchPaymentCheck, type PollOutcome } from './payment-polling';

/** What the checkout saga works with (`useInjectSaga` deps: the latest render's values). */
export interface CheckoutSagaDeps {
  api: Pick<ApiClient, 'call'>;
  /**
   * React Router's navigate, read when a payment settles: it gets a new identity on every path
   * change, and the saga must not be restarted for it (that would cancel a payment in flight).
   */
  navigate(to: string): void;
}

/**
 * Place order: one POST with the attempt's Idempotency-Key. A double click is ignored while
 * the first runs (takeLeading); the server makes one order per key whatever happens. A QR
 * payment continues on its screen; a UPI collect request is polled until it settles (or the
 * shopper gives up on it), a declined one continues on the order's retry page.
 */
export function* placeOrder(deps: CheckoutSagaDeps, action: ReturnType<typeof checkoutActions.placeOrderRequested>) {
  const result: OrderPaymentResult | null = yield* sendPayment(deps.api, action.payload, checkoutActions.placeOrderFailed);
  if (!result) return;
  const orderId = result.order.id;
  if (result.payment.action === 'QR') {
    yield call(deps.navigate, `/checkout/payment/qr/${orderId}`);
    return;
  }
  if (result.payment.action === 'UPI_COLLECT') {
    let outcome: PollOutcome | undefined;
    try {
      const polled: { outcome?: PollOutcome } = yield race({
        outcome: call(pollPaymentStatus, deps.api, 'collect', orderId, checkoutActions.transStatusReceived),
        abandoned: take(checkoutActions.paymentAbandoned.type),
      });
      outcome = polled.outcome;
    } catch (error) {
      yield put(checkoutActions.transStatusReceived({ orderId, status: 'FAILED', message: failureMessage(error) }));
      outcome = 'FAILED';
    }
    if (outcome === 'TIMEOUT') yield put(checkoutActions.transStatusReceived({ orderId, status: 'PENDING', message: 'timeout' }));
    // The order exists and waits for its payment: a declined request continues on its retry page (its amount, any method).
    if (outcome === 'FAILED') yield call(deps.navigate, retryPaymentUrl(orderId));
    if (outcome !== 'SUCCESS') return;
  }
  yield put(checkoutActions.paymentSettled());
  yield call(deps.navigate, `/checkout/onepage/success?orderId=${orderId}`);
}

/** Login on checkout moves to step 2; logging out resets checkout. */
function* watchSession() {
  let wasLoggedIn: boolean | null = null;
  while (true) {
    const { session, out } = (yield race({ session: take(sessionChanged.type), out: take(loggedOut.type) })) as {
      session?: { payload: SessionPayload };
      out?: unknown;
    };
    if (out) {
      yield put(checkoutActions.reset());
      wasLoggedIn = false;
      continue;
    }
    const login = session!.payload.login;
    if (login && wasLoggedIn !== true) yield put(checkoutActions.loggedIn());
    if (!login && wasLoggedIn === true) yield put(checkoutActions.reset());
    wasLoggedIn = login;
  }
}

/** The checkout's orchestration: placing the order (and its UPI polling), the payment status screens' polling, the session. */
export function* checkoutSaga(deps: CheckoutSagaDeps) {
  yield takeLeading(checkoutActions.placeOrderRequested.type, placeOrder, deps);
  yield takeLatest(checkoutActions.paymentCheckStarted.type, watchPaymentCheck, deps);
  yield fork(watchSession);
}
