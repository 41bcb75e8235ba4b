import { call, delay, put, takeLeading } from 'redux-saga/effects';
import { ApiError, messageOf, productRoutes, type ApiClient, type RouteResult } from '@eyewear/api-client';
import { cartChanged, cartPopupRequested, exchangeExitRequested, publish, toastShow, type ExchangePayload } from '@eyewear/event-bus';
import { pageMessages } from '../../../app/page-messages';
import { addFailureAlert, EXCHANGE_FAILURE_TOAST_MS, GOLD_PID, isPrescriptionValid, PACKAGE_SUBMIT_WAIT_MS } from '../rules';
import { addToCartActions as a } from './slice';

/**
 * What the saga reaches outside the store (`useInjectSaga` deps, always the latest render's):
 * the API, the router and the browser. Tests pass their own.
 */
export interface AddToCartDeps {
  api: Pick<ApiClient, 'call'>;
  navigate(path: string): void;
  alert(message: string): void;
  reload(): void;
  /** The page's path now. */
  pathname: string;
  /** The latest `exchange/changed`, if any. */
  exchange: ExchangePayload | null;
}

const SYSTEM_ERROR = pageMessages.defaults.systemError;

/**
 * The API's refusal of an add in an exchange that can credit nothing any more: its credit paid an
 * order, or its return was cancelled (apps/api cart exchange-credit.ts).
 */
const EXCHANGE_CLOSED = 'EXCHANGE_CLOSED';
/** Said once the page has left such an exchange (issue 42). */
export const EXCHANGE_LEFT_TOAST = {
  message: 'You have left exchange mode: anything you add to the cart now is an ordinary purchase.',
  timeout: EXCHANGE_FAILURE_TOAST_MS,
  warning: true,
};
const codeOf = (error: unknown) => (error instanceof ApiError ? (error.body as { code?: unknown } | null)?.code : undefined);
const failureMessage = (error: unknown) => messageOf(error, SYSTEM_ERROR);

/**
 * Add to cart (shopping §4, §8): a package submission waits 100 ms; contact lenses are checked first
 * (non-JIT valid only if result[0].isSuccess). Success publishes `cart/changed` with the new cart
 * (the page's one cart, issue 37) and opens the cart popup, or in exchange mode goes to the return
 * step. One tap is one add: its Idempotency-Key (drawn with the action) goes with the call, and
 * taps while an add runs are ignored (takeLeading; the button is disabled meanwhile too). A 422 alerts and
 * reloads unless on the cart; in exchange mode any failure is a 5000 ms error toast, and a refusal
 * because the exchange is spent ends exchange mode.
 */
export function* addToCart(deps: AddToCartDeps, action: ReturnType<typeof a.addRequested>) {
  const request = action.payload;
  if (request.kind === 'package') yield delay(PACKAGE_SUBMIT_WAIT_MS);
  const exchange = deps.exchange;
  try {
    if (request.validate) {
      const check: RouteResult<typeof productRoutes.validatePowers> = yield call(deps.api.call, productRoutes.validatePowers, {
        params: { id: request.validate.productId },
        body: request.validate.body,
      });
      if (!isPrescriptionValid(request.jit, check.result)) {
        yield put(a.addFailed({ message: check.result[0]?.message ?? 'Please check the powers entered' }));
        return;
      }
    }
    const key = (suffix = '') => (request.key ? { idempotencyKey: `${request.key}${suffix}` } : {});
    let cart: RouteResult<typeof productRoutes.addToCart> = yield call(deps.api.call, productRoutes.addToCart, { body: request.body, ...key() });
    if (request.gold) cart = yield call(deps.api.call, productRoutes.addToCart, { body: { productId: GOLD_PID, quantity: 1 }, ...key('-gold') });
    yield put(a.addSucceeded({ count: cart.result.itemsQty }));
    // The page's one cart (issue 37): the badge, the popup, checkout and Pay read the new cart.
    yield publish(cartChanged, { count: cart.result.itemsQty, cart: cart.result });
    if (exchange?.active && exchange.orderId && exchange.itemId) {
      yield call(deps.navigate, `/customer/my/order/return/${exchange.orderId}/${exchange.itemId}`);
    } else {
      // Gold joined (the membership itself, or with a frame): gold_add=1 makes the shell's 'gold
      // added' banner show while the cart holds it (shopping §2 Header).
      if (request.gold || request.body.productId === GOLD_PID) yield call(deps.navigate, `${deps.pathname}?gold_add=1`);
      yield publish(cartPopupRequested, {});
    }
  } catch (error) {
    const message = failureMessage(error);
    yield put(a.addFailed({ message }));
    if (exchange?.active) {
      yield publish(toastShow, { message: error instanceof ApiError ? message : SYSTEM_ERROR, timeout: EXCHANGE_FAILURE_TOAST_MS, error: true });
      // A spent exchange refuses every later add (issue 42): the tab leaves it (the shell's
      // exchange saga clears it and publishes `exchange/changed`), and the shopper is told.
      if (codeOf(error) === EXCHANGE_CLOSED) {
        yield publish(exchangeExitRequested, {});
        yield publish(toastShow, EXCHANGE_LEFT_TOAST);
      }
      return;
    }
    if (error instanceof ApiError && error.status === 422) {
      yield call(deps.alert, addFailureAlert(message));
      if (!deps.pathname.startsWith('/cart')) yield call(deps.reload);
    }
  }
}

/**
 * The product page's add-to-cart saga: one add at a time. (The latest request used to win, but
 * cancelling the saga does not cancel a request already sent: two quick taps added twice.)
 */
export function* addToCartSaga(deps: AddToCartDeps) {
  yield takeLeading(a.addRequested.type, addToCart, deps);
}
