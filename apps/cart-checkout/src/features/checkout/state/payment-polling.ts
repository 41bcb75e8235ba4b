import { type Action } from '@reduxjs/toolkit';
import { call, delay, put, race, take } from 'redux-saga/effects';
import { orderRoutes, readableMessageOf, type ApiClient, type PaymentStatus, type QrPayment } from '@eyewear/api-client';
import { paymentStatusOf, type PaymentCheckMethod } from '../api';
import { checkoutActions } from './checkout-slice';

/** shopping §5: the payment status is asked every 2 s, 90 times at most. */
export const PAYMENT_POLL_INTERVAL_MS = 2000;
export const PAYMENT_POLL_MAX = 90;

export type PollOutcome = 'SUCCESS' | 'FAILED' | 'TIMEOUT';

/**
 * Asks the order's payment status (the first time after `firstDelayMs`, then every interval) and
 * puts each answer with `received`, until it settles or the polls run out. A failed call throws.
 */
export function* pollPaymentStatus(
  api: Pick<ApiClient, 'call'>,
  method: PaymentCheckMethod,
  orderId: number,
  received: (status: PaymentStatus) => Action,
  firstDelayMs = PAYMENT_POLL_INTERVAL_MS,
) {
  for (let poll = 0; poll < PAYMENT_POLL_MAX; poll++) {
    yield delay(poll === 0 ? firstDelayMs : PAYMENT_POLL_INTERVAL_MS);
    const answer: { result: PaymentStatus } = yield call(paymentStatusOf, api, method, orderId);
    yield put(received(answer.result));
    if (answer.result.status === 'SUCCESS') return 'SUCCESS' as PollOutcome;
    if (answer.result.status === 'FAILED' || answer.result.status === 'CANCELLED') return 'FAILED' as PollOutcome;
  }
  return 'TIMEOUT' as PollOutcome;
}

export interface PaymentCheckDeps {
  api: Pick<ApiClient, 'call'>;
  /** Read when the payment settles (the latest render's: a path change never restarts the saga). */
  navigate(to: string): void;
}

/**
 * The payment status screens (QR, collect, confirm): QR first generates the order's code; then
 * the status is polled (confirm asks at once) until it settles. Paid goes to the success page;
 * a failure stops with its message, polls that run out say so. A failed call stops with the server's message, if any.
 */
export function* checkPayment(deps: PaymentCheckDeps, { method, orderId }: { method: PaymentCheckMethod; orderId: number }) {
  try {
    if (method === 'qr') {
      const qr: { result: QrPayment } = yield call(deps.api.call, orderRoutes.qrGenerate, { params: { orderId } });
      yield put(checkoutActions.qrGenerated(qr.result));
    }
    const outcome: PollOutcome = yield call(
      pollPaymentStatus,
      deps.api,
      method,
      orderId,
      checkoutActions.paymentCheckStatus,
      method === 'confirm' ? 0 : PAYMENT_POLL_INTERVAL_MS,
    );
    if (outcome === 'SUCCESS') yield call(deps.navigate, `/checkout/onepage/success?orderId=${orderId}`);
    if (outcome === 'TIMEOUT') yield put(checkoutActions.paymentCheckTimedOut());
  } catch (error) {
    // The store's sentence, never a raw technical one (issue 42); none: the screen's own words.
    const message = readableMessageOf(error, '');
    yield put(checkoutActions.paymentCheckFailed({ message: message || null }));
  }
}

/** One watch at a time: a new screen replaces the last one's, and the screen's leaving stops it. */
export function* watchPaymentCheck(deps: PaymentCheckDeps, action: ReturnType<typeof checkoutActions.paymentCheckStarted>) {
  yield race({ check: call(checkPayment, deps, action.payload), stopped: take(checkoutActions.paymentCheckStopped.type) });
}
