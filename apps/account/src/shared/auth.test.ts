import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { type CurrentUser } from '@eyewear/api-client';
import { GUEST_SESSION, loggedIn, loggedOut, sessionChanged } from '@eyewear/event-bus';
import { ACTIVE_ORDER_PAGE_KEY, afterLogin, authSlice, DITTO_GUEST_COOKIE, loginSucceeded, logout, sessionFailed, sessionSettled, type AuthDeps } from './auth';

const user: CurrentUser = {
  id: 42,
  login: true,
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  gender: null,
  phoneCode: '+91',
  telephone: '9812345678',
  countryCode: 'in',
  hasPlacedOrder: true,
  isLoyalty: false,
  dittos: [],
  cygnus: { cygnusId: null },
  cartCount: 3,
  wishlistCount: 1,
};

function deps(storage: Record<string, string> = {}): AuthDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    api: { me: async () => ({ result: user }), logout: async () => ({}), sendUtm: async () => ({}) },
    removeCookie: (name) => calls.push(`removeCookie:${name}`),
    storage: { getItem: (key) => storage[key] ?? null, removeItem: (key) => calls.push(`remove:${key}`) },
    navigate: (to) => calls.push(`navigate:${to}`),
    assign: (url) => calls.push(`assign:${url}`),
  };
}

const login = loginSucceeded({ login: { token: 'x'.repeat(40), emailVerificationStatus: 'VERIFIED' } });
const stateWith = (customerId: number | null) => ({ events: { 'session/changed': { ...GUEST_SESSION, customerId } } });

describe('after login', () => {
  it('fetches the user, drops the guest face-profile cookie, says who logged in (never the session itself) and settles', async () => {
    const d = deps();
    await expectSaga(afterLogin, d, login)
      .withState(stateWith(null))
      .call(d.api.me)
      .put(loggedIn({ ready: true, login: true, customerId: 42, firstName: 'Asha', hasPlacedOrder: true, isLoyalty: false, cartCount: 3, wishlistCount: 1 }))
      // Only the shell publishes the session (libs/event-bus sessionFromAuth).
      .not.put.actionType(sessionChanged.type)
      .put(sessionSettled())
      .run();
    expect(d.calls).toContain(`removeCookie:${DITTO_GUEST_COOKIE}`);
    expect(d.calls.some((c) => c.startsWith('navigate:'))).toBe(false);
  });

  it('sends the stored UTM values when the user id changed, not when it did not', async () => {
    const d = deps({ 'shell.utm': JSON.stringify({ source: 'mail' }) });
    await expectSaga(afterLogin, d, login).withState(stateWith(7)).call(d.api.sendUtm, { source: 'mail' }).run();
    const same = deps({ 'shell.utm': JSON.stringify({ source: 'mail' }) });
    await expectSaga(afterLogin, same, login).withState(stateWith(42)).not.call.fn(same.api.sendUtm).run();
  });

  it('goes to the redirect page after a login asked for by a guarded page', async () => {
    const d = deps();
    await expectSaga(afterLogin, d, loginSucceeded({ login: login.payload.login, redirectTo: '/customer/account/' }))
      .withState(stateWith(null))
      .run();
    expect(d.calls).toContain('navigate:/customer/account/');
  });

  it('settles as failed when the user cannot be fetched', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const d = deps();
    await expectSaga(afterLogin, d, login)
      .withState(stateWith(null))
      .provide([[matchers.call.fn(d.api.me), throwError(new Error('down'))]])
      .put(sessionFailed())
      .not.put.actionType(loggedIn.type)
      .not.put.actionType(sessionChanged.type)
      .run();
  });
});

describe('logout', () => {
  it('calls logout, forgets the active order page, says the customer logged out and reloads at /', async () => {
    const d = deps();
    await expectSaga(logout, d).call(d.api.logout).put(loggedOut({})).not.put.actionType(sessionChanged.type).run();
    expect(d.calls).toEqual([`remove:${ACTIVE_ORDER_PAGE_KEY}`, 'assign:/']);
  });

  it('only logs a failed logout call and still leaves', async () => {
    const d = deps();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expectSaga(logout, d)
      .provide([[matchers.call.fn(d.api.logout), throwError(new Error('down'))]])
      .put(loggedOut({}))
      .run();
    expect(d.calls).toContain('assign:/');
    warn.mockRestore();
  });
});

describe('auth slice', () => {
  it('goes working, then done or failed', () => {
    let state = authSlice.reducer(undefined, login);
    expect(state).toEqual({ status: 'working', redirectTo: null });
    state = authSlice.reducer(state, sessionSettled());
    expect(state.status).toBe('done');
  });
});
