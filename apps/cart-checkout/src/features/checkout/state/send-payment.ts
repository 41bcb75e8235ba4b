import { call, put, select } from 'redux-saga/effects';
import { ApiError, checkoutRoutes, fieldOf, readableMessageOf, type ApiClient, type Cart, type OrderPaymentResult } from '@eyewear/api-client';
import { cartChanged, orderPlaced, publish } from '@eyewear/event-bus';
import { formatMessage, formatPrice } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import { cartActions, selectCartState, walletFlagOn } from '../../cart';
import { checkoutActions } from './checkout-slice';
import { endExchangeSpentBy } from './exchange-spent';

const m = messages.defaults;
/**
 * A payment's failure as the shopper reads it (issue 42: 'System error occurred' and raw
 * validation messages reached the payment page): the store's own sentence (a declined card, an
 * expired one), else that the payment did not go through, or, when no answer came, that it could
 * not be confirmed and will not be taken twice.
 */
export const paymentFailureMessage = (error: unknown) => readableMessageOf(error, error instanceof ApiError ? m.paymentNotTaken : m.paymentNoAnswer);

/** The API's "your cart changed" answer (409 CART_CHANGED): the amount it would charge now. */
function cartChangedOf(error: unknown): { total: number; currencyCode: string } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { code?: unknown; total?: unknown; currencyCode?: unknown } | null;
  if (body?.code !== 'CART_CHANGED' || typeof body.total !== 'number' || typeof body.currencyCode !== 'string') return null;
  return { total: body.total, currencyCode: body.currencyCode };
}

/**
 * Sends a payment (one POST with the attempt's Idempotency-Key) for the checkout and the card
 * provider's flow alike. A refusal puts `failed` (the key is kept when the request may not have
 * reached the API, or is still in flight there: 409) and gives null. A placed order is what
 * follows any order: the order is kept, the cart is empty (shopping §4: the count resets to 0)
 * and the shell reads the customer again (no longer new after a first order). A cart paid with
 * the open exchange's credit also ends exchange mode (issue 42); a retry pays an order placed
 * before, whose exchange ended then, so the cart now has nothing to do with it.
 */

export function* sendPayment(
  api: Pick<ApiClient, 'call'>,
  payload: { payment: unknown; key: string },
  failed: (payload: { message: string; keepKey: boolean; field?: string }) => { type: string },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a saga is sent whatever its effects resolve to
): Generator<unknown, OrderPaymentResult | null, any> {
  let result: OrderPaymentResult;
  try {
    const answer: { result: OrderPaymentResult } = yield call(api.call, checkoutRoutes.pay, {
      body: payload.payment,
      idempotencyKey: payload.key,
    } as never);
    result = answer.result;
  } catch (error) {
    const changed = cartChangedOf(error);
    if (changed) {
      // Nothing was charged (issue 37): the shopper is told the new total, the cart is read
      // again so the page and Pay show it, and the next press is a new attempt with that total.
      const total = formatPrice(changed.total, changed.currencyCode);
      const retry = (payload.payment as { orderId?: number }).orderId !== undefined;
      yield put(failed({ message: formatMessage(retry ? m.orderAmountChangedPay : m.cartChangedPay, { total }), keepKey: false }));
      if (!retry) yield put(cartActions.requested({ op: 'get', ...(walletFlagOn() ? { applyWallet: true } : {}) }));
      return null;
    }
    const dropped = !(error instanceof ApiError) || error.status === 409;
    const field = fieldOf(error);
    yield put(failed({ message: paymentFailureMessage(error), keepKey: dropped, ...(field ? { field } : {}) }));
    return null;
  }
  const retry = (payload.payment as { orderId?: number }).orderId !== undefined;
  const paidCart: Cart | null = retry ? null : (yield select(selectCartState)).cart;
  yield put(checkoutActions.placeOrderSucceeded(result));
  yield put(cartActions.orderPlaced());
  yield publish(cartChanged, { count: 0 });
  yield publish(orderPlaced, { orderId: result.order.id });
  yield* endExchangeSpentBy(paidCart);
  return result;
}
