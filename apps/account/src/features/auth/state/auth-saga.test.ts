import { runSaga, type Saga } from 'redux-saga';
import { fail, fakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import { type CurrentUser } from '@eyewear/api-client';
import { GUEST_SESSION, loggedIn, loggedOut, sessionChanged } from '@eyewear/event-bus';
import { ACTIVE_ORDER_PAGE_KEY, afterLogin, DITTO_GUEST_COOKIE, logout, type AuthDeps } from './auth-saga';
import { authSlice, loginSucceeded, sessionFailed, sessionSettled } from './auth-slice';

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

function deps(handlers: FakeHandlers = {}, storage: Record<string, string> = {}) {
  const api = fakeApi({ 'me.get': { result: user }, 'sessions.logout': { result: {} } as never, 'marketing.utm': { result: {} } as never, ...handlers });
  const calls: string[] = [];
  const d: AuthDeps = {
    api: api.client,
    removeCookie: (name) => calls.push(`removeCookie:${name}`),
    storage: { getItem: (key) => storage[key] ?? null, removeItem: (key) => calls.push(`remove:${key}`) },
    navigate: (to) => calls.push(`navigate:${to}`),
    assign: (url) => calls.push(`assign:${url}`),
  };
  return { deps: d, api, calls };
}

/** Runs the saga alone over a state whose last session had `customerId`; returns what it put. */
async function run<A extends unknown[]>(saga: Saga<A>, customerId: number | null, ...args: A) {
  const puts: { type: string; payload?: unknown }[] = [];
  const state = { events: { 'session/changed': { ...GUEST_SESSION, customerId } } };
  await runSaga({ dispatch: (action: { type: string }) => puts.push(action), getState: () => state }, saga, ...args).toPromise();
  return puts;
}

const login = loginSucceeded({ login: { token: 'x'.repeat(40), cygnus: { cygnusId: null }, emailVerificationStatus: 'VERIFIED' } });

describe('after login', () => {
  it('fetches the user, drops the guest face-profile cookie, says who logged in (never the session itself) and settles', async () => {
    const { deps: d, api, calls } = deps();
    const puts = await run(afterLogin, null, d, login);
    expect(api.callsTo('me.get')).toHaveLength(1);
    expect(puts).toEqual([
      loggedIn({ ready: true, login: true, customerId: 42, firstName: 'Asha', hasPlacedOrder: true, isLoyalty: false, cartCount: 3, wishlistCount: 1 }),
      sessionSettled(),
    ]);
    // Only the shell publishes the session (libs/event-bus sessionFromAuth).
    expect(puts.some((a) => a.type === sessionChanged.type)).toBe(false);
    expect(calls).toContain(`removeCookie:${DITTO_GUEST_COOKIE}`);
    expect(calls.some((c) => c.startsWith('navigate:'))).toBe(false);
  });

  it('sends the stored UTM values when the user id changed, not when it did not', async () => {
    const changed = deps({}, { 'shell.utm': JSON.stringify({ source: 'mail' }) });
    await run(afterLogin, 7, changed.deps, login);
    expect(changed.api.callsTo('marketing.utm').map((c) => c.body)).toEqual([{ source: 'mail' }]);
    const same = deps({}, { 'shell.utm': JSON.stringify({ source: 'mail' }) });
    await run(afterLogin, 42, same.deps, login);
    expect(same.api.callsTo('marketing.utm')).toHaveLength(0);
  });

  it('goes to the redirect page after a login asked for by a guarded page', async () => {
    const { deps: d, calls } = deps();
    await run(afterLogin, null, d, loginSucceeded({ login: login.payload.login, redirectTo: '/customer/account/' }));
    expect(calls).toContain('navigate:/customer/account/');
  });

  it('settles as failed when the user cannot be fetched', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { deps: d } = deps({ 'me.get': fail(503, { message: 'down' }) });
    const puts = await run(afterLogin, null, d, login);
    expect(puts).toEqual([sessionFailed()]);
  });
});

describe('logout', () => {
  it('calls logout, forgets the active order page, says the customer logged out and reloads at /', async () => {
    const { deps: d, api, calls } = deps();
    const puts = await run(logout, 42, d);
    expect(api.callsTo('sessions.logout')).toHaveLength(1);
    expect(puts).toEqual([loggedOut({})]);
    expect(calls).toEqual([`remove:${ACTIVE_ORDER_PAGE_KEY}`, 'assign:/']);
  });

  it('only logs a failed logout call and still leaves', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { deps: d, calls } = deps({ 'sessions.logout': fail(500) });
    const puts = await run(logout, 42, d);
    expect(puts).toEqual([loggedOut({})]);
    expect(calls).toContain('assign:/');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('auth slice', () => {
  it('goes loading, then ready or failed', () => {
    let state = authSlice.reducer(undefined, login);
    expect(state).toEqual({ status: 'loading' });
    state = authSlice.reducer(state, sessionSettled());
    expect(state.status).toBe('ready');
    expect(authSlice.reducer(state, sessionFailed()).status).toBe('failed');
  });
});
