import { all, call, delay, put, spawn, takeEvery, takeLatest } from 'redux-saga/effects';
import { ApiError, messageOf, productRoutes, type ApiClient, type RouteResult } from '@eyewear/api-client';
import { cartChanged, cartPopupRequested, publish, toastShow, type ExchangePayload } from '@eyewear/event-bus';
import { addFailureAlert, EXCHANGE_FAILURE_TOAST_MS, GOLD_PID, isPrescriptionValid, PACKAGE_SUBMIT_WAIT_MS, REVIEW_PAGE_SIZE } from './rules';
import { productPageActions as a } from './state';
import { pageMessages } from '../../app/page-messages';

/** What the sagas reach outside the store: the API and the browser. Tests pass their own. */
export interface ProductEnv {
  api: Pick<ApiClient, 'call'>;
  alert(message: string): void;
  reload(): void;
  navigate(path: string): void;
  pathname(): string;
  exchange(): ExchangePayload | null;
}

type Api = ProductEnv['api'];

const SYSTEM_ERROR = pageMessages.defaults.systemError;
const failureMessage = (error: unknown) => messageOf(error, SYSTEM_ERROR);

export function* loadProduct(api: Api, action: ReturnType<typeof a.productRequested>) {
  try {
    const answer: RouteResult<typeof productRoutes.get> = yield call(api.call, productRoutes.get, { params: { id: action.payload.id } });
    yield put(a.productLoaded(answer.result));
  } catch (error) {
    yield put(a.productFailed({ message: failureMessage(error) }));
  }
}

/** Twice, as the spec calls it: the express time, and the delivery details. */
export function* estimateDelivery(api: Api, productId: () => number | null, action: ReturnType<typeof a.deliveryRequested>) {
  const id = productId();
  if (!id) return;
  try {
    const [express, details]: [RouteResult<typeof productRoutes.shippingEstimate>, RouteResult<typeof productRoutes.shippingEstimate>] = yield all([
      call(api.call, productRoutes.shippingEstimate, { params: { id }, query: { pinCode: action.payload.pincode, isExpress: true } }),
      call(api.call, productRoutes.shippingEstimate, { params: { id }, query: { pinCode: action.payload.pincode } }),
    ]);
    yield put(a.deliveryLoaded({ express: express.result, details: details.result }));
  } catch (error) {
    yield put(a.deliveryFailed({ message: failureMessage(error) }));
  }
}

export function* loadReviews(api: Api, action: ReturnType<typeof a.reviewsRequested>) {
  try {
    const answer: RouteResult<typeof productRoutes.reviews> = yield call(api.call, productRoutes.reviews, {
      params: { id: action.payload.id },
      query: { page: action.payload.page, count: REVIEW_PAGE_SIZE },
    });
    yield put(a.reviewsLoaded(answer.result.review));
  } catch (error) {
    yield put(a.reviewsFailed({ message: failureMessage(error) }));
  }
}

export function* postReview(api: Api, action: ReturnType<typeof a.reviewPostRequested>) {
  try {
    const answer: RouteResult<typeof productRoutes.createReview> = yield call(api.call, productRoutes.createReview, {
      params: { id: action.payload.id },
      body: action.payload.review,
    });
    yield put(a.reviewPosted(answer.result));
  } catch (error) {
    yield put(a.reviewPostFailed({ message: failureMessage(error) }));
  }
}

/**
 * Add to cart (shopping §4, §8): a package submission waits 100 ms; contact lenses are checked first
 * (non-JIT valid only if result[0].isSuccess). Success publishes the count and opens the cart
 * popup, or in exchange mode goes to the return step. A 422 alerts and reloads unless on the
 * cart; in exchange mode any failure is a 5000 ms error toast.
 */
export function* addToCart(env: ProductEnv, action: ReturnType<typeof a.addRequested>) {
  const request = action.payload;
  if (request.kind === 'package') yield delay(PACKAGE_SUBMIT_WAIT_MS);
  const exchange = env.exchange();
  try {
    if (request.validate) {
      const check: RouteResult<typeof productRoutes.validatePowers> = yield call(env.api.call, productRoutes.validatePowers, {
        params: { id: request.validate.productId },
        body: request.validate.body,
      });
      yield put(a.validationLoaded(check.result));
      if (!isPrescriptionValid(request.jit, check.result)) {
        yield put(a.addFailed({ message: check.result[0]?.message ?? 'Please check the powers entered' }));
        return;
      }
    }
    let cart: RouteResult<typeof productRoutes.addToCart> = yield call(env.api.call, productRoutes.addToCart, { body: request.body });
    if (request.gold) cart = yield call(env.api.call, productRoutes.addToCart, { body: { productId: GOLD_PID, quantity: 1 } });
    yield put(a.addSucceeded({ count: cart.result.itemsQty }));
    yield publish(cartChanged, { count: cart.result.itemsQty });
    if (exchange?.active && exchange.orderId && exchange.itemId) {
      yield call(env.navigate, `/customer/my/order/return/${exchange.orderId}/${exchange.itemId}`);
    } else {
      yield publish(cartPopupRequested, {});
    }
  } catch (error) {
    const message = failureMessage(error);
    yield put(a.addFailed({ message }));
    if (exchange?.active) {
      yield publish(toastShow, { message: error instanceof ApiError ? message : SYSTEM_ERROR, timeout: EXCHANGE_FAILURE_TOAST_MS, error: true });
      return;
    }
    if (error instanceof ApiError && error.status === 422) {
      yield call(env.alert, addFailureAlert(message));
      if (!env.pathname().startsWith('/cart')) yield call(env.reload);
    }
  }
}

/** The product page's sagas; each watcher is spawned, so one crash does not stop the rest. */
export function productPageSaga(env: ProductEnv, productId: () => number | null) {
  return function* root() {
    yield spawn(function* () {
      yield takeLatest(a.productRequested.type, loadProduct, env.api);
    });
    yield spawn(function* () {
      yield takeLatest(a.deliveryRequested.type, estimateDelivery, env.api, productId);
    });
    yield spawn(function* () {
      yield takeLatest(a.reviewsRequested.type, loadReviews, env.api);
    });
    yield spawn(function* () {
      yield takeEvery(a.reviewPostRequested.type, postReview, env.api);
    });
    yield spawn(function* () {
      yield takeLatest(a.addRequested.type, addToCart, env);
    });
  };
}
