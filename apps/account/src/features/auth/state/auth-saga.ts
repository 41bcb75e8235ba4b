import { call, put, select, takeLatest } from 'redux-saga/effects';
import { coreRoutes, shellRoutes, type ApiClient, type CurrentUser } from '@eyewear/api-client';
import { loggedIn, loggedOut, publish, sessionOf, type SessionPayload } from '@eyewear/event-bus';
import { UTM_STORAGE_KEY } from '@eyewear/i18n/rules';
import { loginSucceeded, logoutRequested, sessionFailed, sessionSettled } from './auth-slice';

/**
 * Login and logout transitions (spec/account.md §4): a flow across apps, so a saga. The login
 * call itself happens in the popup; once it answers, this saga fetches the user and says who
 * logged in (`auth/loggedIn`: the shell publishes it as `session/changed`, the one publisher of
 * the session), hands the guest face profile over (the API did, the guest cookie goes), and on
 * a changed user sends the stored UTM values; the cart remote refetches on `session/changed`.
 * Logout calls the API (failure only logged), clears what the account remote held, publishes
 * `auth/loggedOut` (the shell then publishes the guest session), goes to / and reloads.
 */
export const DITTO_GUEST_COOKIE = 'dittoGuestId';
/** The order page the shopper last had open (spec: logout removes it). */
export const ACTIVE_ORDER_PAGE_KEY = 'account.activeOrderPage';

/** What the saga is given (`useInjectSaga` deps: always the latest render's values). */
export interface AuthDeps {
  api: ApiClient;
  removeCookie(name: string): void;
  storage: Pick<Storage, 'getItem' | 'removeItem'>;
  navigate(to: string): void;
  /** Full-page navigation (logout goes to / and reloads). */
  assign(url: string): void;
}

const previousCustomer = (state: { events?: { 'session/changed'?: SessionPayload } }) => state.events?.['session/changed']?.customerId ?? null;

function storedUtm(storage: AuthDeps['storage']): Record<string, string> | null {
  try {
    const raw = storage.getItem(UTM_STORAGE_KEY);
    const utm = raw ? (JSON.parse(raw) as Record<string, string>) : null;
    return utm && Object.keys(utm).length > 0 ? utm : null;
  } catch {
    return null;
  }
}

export function* afterLogin(deps: AuthDeps, action: ReturnType<typeof loginSucceeded>) {
  const before: number | null = yield select(previousCustomer);
  try {
    const me: { result: CurrentUser } = yield call([deps.api, deps.api.call], coreRoutes.me);
    deps.removeCookie(DITTO_GUEST_COOKIE);
    // Who logged in: the shell publishes it as the new session, which the header and the cart
    // remote read (its cartCount is the merged cart).
    yield publish(loggedIn, sessionOf(me.result));
    if (me.result.id !== before) {
      const utm = storedUtm(deps.storage);
      if (utm) {
        try {
          yield call([deps.api, deps.api.call], shellRoutes.utm, { body: utm });
        } catch (error) {
          console.warn('[account] UTM send failed', error);
        }
      }
    }
    yield* settle(deps, action.payload.redirectTo);
  } catch (error) {
    console.warn('[account] user fetch after login failed', error);
    yield* settle(deps, action.payload.redirectTo, true);
  }
}

function* settle(deps: AuthDeps, redirectTo: string | undefined, failed = false) {
  // account §2: after a login with a redirect state the shopper goes to that (account) page.
  if (redirectTo) deps.navigate(redirectTo);
  yield put(failed ? sessionFailed() : sessionSettled());
}

export function* logout(deps: AuthDeps) {
  try {
    yield call([deps.api, deps.api.call], coreRoutes.logout);
  } catch (error) {
    // account §8: a logout failure is only logged.
    console.warn('[account] logout failed', error);
  }
  deps.storage.removeItem(ACTIVE_ORDER_PAGE_KEY);
  // The shell publishes the guest session on it.
  yield publish(loggedOut, {});
  deps.assign('/');
}

export function* authSaga(deps: AuthDeps) {
  yield takeLatest(loginSucceeded.type, afterLogin, deps);
  yield takeLatest(logoutRequested.type, logout, deps);
}
