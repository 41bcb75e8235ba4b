import { eventChannel, type EventChannel } from 'redux-saga';
import { call, fork, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import {
  GUEST_SESSION,
  exchangeChanged,
  exchangeExitRequested,
  exchangeStartRequested,
  navigationChanged,
  type ExchangePayload,
  loggedIn,
  loggedOut,
  sessionChanged,
  type EventCreator,
} from './events';
import { closeExchangeCookies, exchangeFromCookies, openExchangeCookies, sameExchange } from './exchange';

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
export function* exchangeSession(readCookies: () => string = () => (typeof document === 'undefined' ? '' : document.cookie)) {
  yield takeEvery(exchangeStartRequested.type, function* start(action: ReturnType<typeof exchangeStartRequested>) {
    const { orderId, itemId, returnMode, credit } = action.payload;
    yield publish(exchangeChanged, openExchangeCookies(orderId, itemId, returnMode, credit));
  });
  yield takeEvery(exchangeExitRequested.type, function* exit() {
    yield publish(exchangeChanged, closeExchangeCookies());
  });
  // The cookies outlive the page: a reload, a new tab, or another tab that opened or closed the
  // exchange is picked up at start, on each navigation and when the tab comes back to the front.
  yield call(syncExchange, readCookies);
  yield takeLatest(navigationChanged.type, syncExchange, readCookies);
  if (typeof document !== 'undefined') yield fork(syncOnReturn, readCookies);
}

function* syncExchange(readCookies: () => string) {
  const latest: ExchangePayload | undefined = yield select(
    (state?: { events?: { 'exchange/changed'?: ExchangePayload } }) => state?.events?.['exchange/changed'],
  );
  const current = exchangeFromCookies(readCookies());
  if (!sameExchange(latest, current)) yield publish(exchangeChanged, current);
}

function tabReturns(): EventChannel<true> {
  return eventChannel((emit) => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') emit(true);
    };
    const onFocus = () => emit(true);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onFocus);
    };
  });
}

function* syncOnReturn(readCookies: () => string) {
  const channel: EventChannel<true> = yield call(tabReturns);
  try {
    while (true) {
      yield take(channel);
      yield call(syncExchange, readCookies);
    }
  } finally {
    channel.close();
  }
}
