import { call, delay, put, race, spawn, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, messageOf, type OrderPaymentResult, type PaymentMethod, type PaymentStatus } from '@eyewear/api-client';
import { cartChanged, loggedOut, publish, sessionChanged, type SessionPayload } from '@eyewear/event-bus';
import { messages } from '../app/messages';
import type { CartApi, PresalesInfo } from './api';
import { cartActions } from './cart-slice';
import { checkoutActions } from './checkout-slice';
import { DEFAULT_PAYMENT_FILTER, NON_INDIA_METHODS_DELAY_MS, PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_MAX } from './payment-rules';

export interface CheckoutSagaDeps {
  api: Pick<CartApi, 'paymentMethods' | 'pay' | 'upiStatus' | 'presalesSession'>;
  /** Where a settled payment goes: the success page. */
  onPaid(orderId: number): void;
  /** A QR payment continues on its own screen, which polls the status. */
  onQr(orderId: number): void;
}

const failureMessage = (error: unknown) => messageOf(error, messages.defaults.systemError);

/** shopping §5: payment methods are fetched for India only; other countries get an empty list after 1 s. */
export function* loadPaymentMethods(deps: CheckoutSagaDeps, action: ReturnType<typeof checkoutActions.paymentMethodsRequested>) {
  const { country, orderId, version = 'default' } = action.payload;
  if (country !== 'in') {
    yield delay(NON_INDIA_METHODS_DELAY_MS);
    yield put(checkoutActions.paymentMethodsLoaded([]));
    return;
  }
  try {
    const answer: { result: { methods: PaymentMethod[] } } = yield call(
      deps.api.paymentMethods,
      { paymentMethod: DEFAULT_PAYMENT_FILTER, ...(orderId ? { orderId } : {}) },
      version,
    );
    yield put(checkoutActions.paymentMethodsLoaded(answer.result.methods));
  } catch (error) {
    yield put(checkoutActions.paymentMethodsFailed(failureMessage(error)));
  }
}

/** Polls the UPI status until it settles, fails or the polls run out. */
export function* pollUpi(deps: CheckoutSagaDeps, orderId: number) {
  for (let poll = 0; poll < PAYMENT_POLL_MAX; poll++) {
    yield delay(PAYMENT_POLL_INTERVAL_MS);
    try {
      const answer: { result: PaymentStatus } = yield call(deps.api.upiStatus, orderId);
      yield put(checkoutActions.transStatusReceived(answer.result));
      if (answer.result.status === 'SUCCESS') return 'SUCCESS';
      if (answer.result.status === 'FAILED' || answer.result.status === 'CANCELLED') return 'FAILED';
    } catch (error) {
      yield put(checkoutActions.transStatusReceived({ orderId, status: 'FAILED', message: failureMessage(error) }));
      return 'FAILED';
    }
  }
  yield put(checkoutActions.transStatusReceived({ orderId, status: 'PENDING', message: 'timeout' }));
  return 'TIMEOUT';
}

/**
 * Place order: one POST with the attempt's Idempotency-Key. A double click is ignored while
 * the first runs (takeLeading); the server makes one order per key whatever happens.
 */
export function* placeOrder(deps: CheckoutSagaDeps, action: ReturnType<typeof checkoutActions.placeOrderRequested>) {
  let result: OrderPaymentResult;
  try {
    const answer: { result: OrderPaymentResult } = yield call(deps.api.pay, action.payload.payment, action.payload.key);
    result = answer.result;
  } catch (error) {
    const dropped = !(error instanceof ApiError) || error.status === 409;
    yield put(checkoutActions.placeOrderFailed({ message: failureMessage(error), keepKey: dropped }));
    return;
  }
  yield put(checkoutActions.placeOrderSucceeded(result));
  // shopping §4: after a successful order payment post, the cart count is reset to 0.
  yield put(cartActions.orderPlaced());
  yield publish(cartChanged, { count: 0 });
  if (result.payment.action === 'QR') {
    yield call(deps.onQr, result.order.id);
    return;
  }
  if (result.payment.action === 'UPI_COLLECT') {
    const outcome: string = yield call(pollUpi, deps, result.order.id);
    if (outcome !== 'SUCCESS') return;
  }
  yield put(checkoutActions.paymentSettled());
  yield call(deps.onPaid, result.order.id);
}

/** shopping §3: leadSource comes from the presales session info (a presales user is logged in); a failure means no lead. */
export function* loadPresalesInfo(deps: CheckoutSagaDeps) {
  try {
    const answer: { result: PresalesInfo } = yield call(deps.api.presalesSession);
    yield put(checkoutActions.presalesInfoLoaded(answer.result));
  } catch {
    yield put(checkoutActions.presalesInfoFailed());
  }
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

export function createCheckoutSaga(deps: CheckoutSagaDeps) {
  return function* checkoutSaga() {
    yield takeLatest(checkoutActions.paymentMethodsRequested.type, loadPaymentMethods, deps);
    yield takeLeading(checkoutActions.placeOrderRequested.type, placeOrder, deps);
    yield takeLatest(checkoutActions.presalesInfoRequested.type, loadPresalesInfo, deps);
    yield spawn(watchSession);
  };
}
