import { call, delay, fork, select, takeLatest } from 'redux-saga/effects';
import { coreRoutes, readCookie, type ApiClient, type CurrentUser } from '@eyewear/api-client';
import { exchangeSession, navigationChanged, orderPlaced, publish, sessionChanged, sessionFromAuth, sessionOf, type SessionPayload } from '@eyewear/event-bus';
import { selectSession } from '../shell-slice';

/** shopping §4 "Session": validate 500 ms after mount. */
export const VALIDATE_DELAY_MS = 500;

export interface SessionDeps {
  api: Pick<ApiClient, 'call' | 'validateSession'>;
  cookies: () => string;
  country: string;
}

type MeResponse = { result: CurrentUser };

const loggedInCookie = (cookies: string) => readCookie(cookies, 'isLogined') === '1' || readCookie(cookies, 'log_in_status') === 'loggedin';

function* loadUser(deps: SessionDeps) {
  const me: MeResponse = yield call(deps.api.call, coreRoutes.me);
  yield publish(sessionChanged, sessionOf(me.result));
}

/** Re-reads the user when the login cookie and the store disagree (another tab logged in or out). */
function* recheck(deps: SessionDeps) {
  const session: SessionPayload = yield select(selectSession);
  if (!session.ready || loggedInCookie(deps.cookies()) === session.login) return;
  try {
    yield* loadUser(deps);
  } catch (error) {
    console.warn('[session] re-check failed', error);
  }
}

/** After an order the customer is no longer new: the user is read again (`GET /me`). */
function* afterOrder(deps: SessionDeps) {
  const session: SessionPayload = yield select(selectSession);
  if (!session.login || session.hasPlacedOrder) return;
  try {
    yield* loadUser(deps);
  } catch (error) {
    console.warn('[session] re-read after the order failed', error);
  }
}

/**
 * The shell's session: the first call without a session cookie creates one (the API client
 * does that), a session cookie without a login is validated after 500 ms (401 -> a new
 * session), and the result is published as `session/changed`. The shell is the one publisher
 * of the session: a login or logout in the account remote (`auth/loggedIn`, `auth/loggedOut`)
 * becomes `session/changed` here.
 */
export function* sessionSaga(deps: SessionDeps) {
  yield fork(sessionFromAuth);
  yield fork(exchangeSession);
  yield takeLatest(navigationChanged.type, recheck, deps);
  yield takeLatest(orderPlaced.type, afterOrder, deps);
  const cookies = deps.cookies();
  const hasSession = Boolean(readCookie(cookies, `clientV1_${deps.country}_active`));
  try {
    if (hasSession) {
      if (!loggedInCookie(cookies)) yield delay(VALIDATE_DELAY_MS);
      yield call(deps.api.validateSession);
    }
    yield* loadUser(deps);
  } catch (error) {
    // The API is unreachable: the shopper browses as a guest; the next navigation retries.
    console.warn('[session] could not be established', error);
  }
}
