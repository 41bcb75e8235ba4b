import { select, takeEvery } from 'redux-saga/effects';
import { exchangeExitRequested, publish, toastShow, type ExchangePayload } from '@eyewear/event-bus';

/**
 * The API's refusals of an add in an exchange that can credit nothing any more (apps/api cart
 * exchange-credit.ts): its credit paid an order, or its return was cancelled. The product page
 * shows them as an error toast (shopping §9, exchange add failure); that toast is all the page
 * hears of the refusal, so it is what the shell reads (the add's own saga, in the product remote,
 * has the API's code EXCHANGE_CLOSED and could ask `exchange/exitRequested` itself).
 */
const SPENT_EXCHANGE = /^This exchange (was already used for order \d+|is no longer open)/;

/** Said after the shell left exchange mode on such a refusal (as long as the refusal's own toast). */
export const EXCHANGE_ENDED_TOAST = {
  message: 'You have left exchange mode: anything you add to the cart now is an ordinary purchase.',
  timeout: 5000,
  warning: true,
};

/**
 * Issue 42: with a spent exchange still open every later add in the tab was refused. The first
 * refusal now ends exchange mode (the exchange saga clears the cookies and publishes
 * `exchange/changed`, so the next add is an ordinary one) and tells the shopper.
 */
export function* endSpentExchange() {
  yield takeEvery(toastShow.type, function* onToast(action: ReturnType<typeof toastShow>) {
    if (!action.payload.error || !SPENT_EXCHANGE.test(action.payload.message)) return;
    const open: ExchangePayload | undefined = yield select((s?: { events?: { 'exchange/changed'?: ExchangePayload } }) => s?.events?.['exchange/changed']);
    if (!open?.active) return;
    yield publish(exchangeExitRequested, {});
    yield publish(toastShow, EXCHANGE_ENDED_TOAST);
  });
}
