import { actionChannel, call, fork, put, select, take, type ActionPattern } from 'redux-saga/effects';
import { ApiError, messageOf, type ApiClient, type Cart } from '@eyewear/api-client';
import { cartChanged, publish, toastShow, type ExchangePayload } from '@eyewear/event-bus';
import { messages } from '../../../app/messages';
import { runCartOp, type CartOp } from '../api';
import { LAST_ACTION_KEY } from '../rules';
import { cartActions, selectCartState, type CartState } from './cart-slice';

const m = messages.defaults;
/** shopping §9: power and package update toasts stay 7000 ms. */
export const UPDATE_TOAST_MS = 7000;

function updateToast(op: CartOp, ok: boolean, message?: string) {
  if (op.op !== 'update') return null;
  const power = !!op.change.prescription || op.change.powerLater !== undefined;
  return ok
    ? { message: power ? m.powerUpdated : m.packageUpdated, timeout: UPDATE_TOAST_MS, success: true }
    : { message: message || (power ? m.powerUpdateFailed : m.packageUpdateFailed), timeout: UPDATE_TOAST_MS, error: true };
}
const QUANTITY_OPS: CartOp['op'][] = ['increase', 'decrease', 'remove'];

/** What the cart saga works with (`useInjectSaga` deps: the latest render's values). */
export interface CartSagaDeps {
  api: Pick<ApiClient, 'call'>;
  currencyCode: Cart['currencyCode'];
  /** Browser effects, injected so tests can watch them. */
  storage?: Pick<Storage, 'setItem'>;
  alert?: (message: string) => void;
  reload?: () => void;
  pathname?: () => string;
}

/** The status and the store's message; a failure without one (a network error, a bug) gets the catalogue's text, never its own. */
function errorOf(error: unknown): { status: number; message: string } {
  return { status: error instanceof ApiError ? error.status : 0, message: messageOf(error, m.systemError) };
}

/** One operation: call, store, remember, tell the others (cart/changed). */
export function* runOperation(deps: CartSagaDeps, op: CartOp) {
  try {
    const answer: { result: Cart } = yield call(runCartOp, deps.api, op);
    yield put(cartActions.succeeded({ op: op.op, cart: answer.result }));
    if (QUANTITY_OPS.includes(op.op)) deps.storage?.setItem(LAST_ACTION_KEY, op.op);
    yield publish(cartChanged, { count: answer.result.itemsQty, cart: answer.result });
    const toast = updateToast(op, true);
    if (toast) yield publish(toastShow, toast);
  } catch (error) {
    const { status, message } = errorOf(error);
    const toast = updateToast(op, false, message);
    if (toast) yield publish(toastShow, toast);
    yield put(cartActions.failed({ op: op.op, status, message, currencyCode: deps.currencyCode }));
    if (op.op === 'get' && (status === 401 || status === 404)) yield publish(cartChanged, { count: 0 });
    if (op.op === 'add' && status === 422) {
      // shopping §4: out of stock gets the fixed alert, anything else the server's message; then the page reloads unless it is the cart.
      deps.alert?.(/out of stock/i.test(message) ? m.outOfStockAlert : message);
      if (deps.pathname && !deps.pathname().startsWith('/cart')) deps.reload?.();
    }
  }
}

/** Operations run one after another in the order asked (quick clicks on + and - stay in order). */
function* operations(deps: CartSagaDeps) {
  const channel: unknown = yield actionChannel(cartActions.requested.type as ActionPattern);
  while (true) {
    const action: ReturnType<typeof cartActions.requested> = yield take(channel as ActionPattern);
    yield call(runOperation, deps, action.payload);
  }
}

/**
 * shopping §4: the cart is fetched again when another app changes its count; in an exchange flow only
 * when the return action is 'exchange'. A change that hands the new cart (issue 37) is the cart
 * already (the slice keeps it): only a count alone, from a remote built before, is fetched.
 */
export function* refetchOnCountChange() {
  while (true) {
    const action: ReturnType<typeof cartChanged> = yield take(cartChanged.type);
    if (action.payload.cart) continue;
    const state: CartState = yield select(selectCartState);
    const exchange: ExchangePayload | undefined = yield select((s: { events?: { 'exchange/changed'?: ExchangePayload } }) => s.events?.['exchange/changed']);
    if (exchange?.active && exchange.returnAction !== 'exchange') continue;
    if (state.cart && state.cart.itemsQty !== action.payload.count && state.pending === null) {
      yield put(cartActions.requested({ op: 'get' }));
    }
  }
}

/** The cart's saga: its operations queue and the refetch on other apps' count changes. */
export function* cartSaga(deps: CartSagaDeps) {
  yield fork(operations, deps);
  yield fork(refetchOnCountChange);
}
