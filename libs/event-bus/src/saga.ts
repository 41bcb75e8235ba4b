import { put, take, takeEvery } from 'redux-saga/effects';
import {
  GUEST_SESSION,
  exchangeChanged,
  exchangeExitRequested,
  exchangeStartRequested,
  loggedIn,
  loggedOut,
  sessionChanged,
  type EventCreator,
} from './events';
import { closeExchangeCookies, openExchangeCookies } from './exchange';

/** Waits for the next event of this kind and returns its payload. `const p = yield* takeEvent(cartChanged)`. */
export function* takeEvent<P, T extends string>(event: EventCreator<P, T>): Generator<unknown, P, { payload: P }> {
  const action = yield take(event.type);
  return action.payload;
}

/** Publishes an event from a saga. */
export function publish<P, T extends string>(event: EventCreator<P, T>, payload: P) {
  return put(event(payload));
}

/**
 * `session/changed` after a login or a logout: the shell runs this (its session saga), so the
 * shell alone publishes the session. A remote's tests run it as the shell's stand-in.
 */
export function* sessionFromAuth() {
  yield takeEvery(loggedIn.type, function* publishLogin(action: ReturnType<typeof loggedIn>) {
    yield publish(sessionChanged, action.payload);
  });
  yield takeEvery(loggedOut.type, function* publishLogout() {
    yield publish(sessionChanged, GUEST_SESSION);
  });
}

/**
 * The exchange session (account spec §4 "Exchange mode"): the shell runs this, so the shell alone
 * writes the exchange cookies and publishes `exchange/changed`; the account asks with
 * `exchange/startRequested`, the banner or the account with `exchange/exitRequested`. A remote's
 * tests run it as the shell's stand-in.
 */
export function* exchangeSession() {
  yield takeEvery(exchangeStartRequested.type, function* start(action: ReturnType<typeof exchangeStartRequested>) {
    const { orderId, itemId, returnMode } = action.payload;
    yield publish(exchangeChanged, openExchangeCookies(orderId, itemId, returnMode));
  });
  yield takeEvery(exchangeExitRequested.type, function* exit() {
    yield publish(exchangeChanged, closeExchangeCookies());
  });
}
