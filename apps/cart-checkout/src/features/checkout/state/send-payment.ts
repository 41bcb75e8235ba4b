import { call, put } from 'redux-saga/effects';
import { ApiError, checkoutRoutes, messageOf, type ApiClient, type OrderPaymentResult } from '@eyewear/api-client';
import { cartChanged, orderPlaced, publish } from '@eyewear/event-bus';
import { messages } from '../../../app/messages';
import { cartActions } from '../../cart';
import { checkoutActions } from './checkout-slice';

export const paymentFailureMessage = (error: unknown) => messageOf(error, messages.defaults.systemError);

/**
 * Sends a payment (one POST with the attempt's Idempotency-Key) for the checkout and the card
 * provider's flow alike. A refusal puts `failed` (the key is kept when the request may not have
 * reached the API, or is still in flight there: 409) and gives null. A placed order is what
 * follows any order: the order is kept, the cart is empty (shopping §4: the count resets to 0)
 * and the shell reads the customer again (no longer new after a first order).
 */

export function* sendPayment(
  api: Pick<ApiClient, 'call'>,
  payload: { payment: unknown; key: string },
  failed: (payload: { message: string; keepKey: boolean }) => { type: string },
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
    const dropped = !(error instanceof ApiError) || error.status === 409;
    yield put(failed({ message: paymentFailureMessage(error), keepKey: dropped }));
    return null;
  }
  yield put(checkoutActions.placeOrderSucceeded(result));
  yield put(cartActions.orderPlaced());
  yield publish(cartChanged, { count: 0 });
  yield publish(orderPlaced, { orderId: result.order.id });
  return result;
}
