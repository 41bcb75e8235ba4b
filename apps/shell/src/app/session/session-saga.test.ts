import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { ApiError, coreRoutes, type CurrentUser } from '@eyewear/api-client';
import { GUEST_SESSION, loggedIn, loggedOut, navigationChanged, orderPlaced, sessionChanged } from '@eyewear/event-bus';
import { GUEST } from '../shell-slice';
import { sessionSaga, type SessionDeps } from './session-saga';

const user = (over: Partial<CurrentUser> = {}): { result: CurrentUser } => ({
  result: {
    id: null,
    login: false,
    firstName: null,
    lastName: null,
    email: null,
    gender: null,
    phoneCode: null,
    telephone: null,
    countryCode: 'in',
    hasPlacedOrder: false,
    isLoyalty: false,
    dittos: [],
    cygnus: { cygnusId: null },
    cartCount: 2,
    wishlistCount: 1,
    ...over,
  },
});

function deps(cookies: string): SessionDeps {
  return { api: { call: jest.fn(), validateSession: jest.fn() }, cookies: () => cookies, country: 'in' };
}

const guestPayload = { ...GUEST, ready: true, cartCount: 2, wishlistCount: 1 };

describe('session saga', () => {
  it('without a session cookie, reads the user (the client creates the session) and publishes it', () => {
    const d = deps('');
    return expectSaga(sessionSaga, d)
      .provide([[matchers.call(d.api.call, coreRoutes.me), user()]])
      .not.call(d.api.validateSession)
      .put(sessionChanged(guestPayload))
      .silentRun(50);
  });

  it('with a session cookie but no login, validates 500 ms after start, then reads the user', () => {
    const d = deps('clientV1_in_active=1');
    return expectSaga(sessionSaga, d)
      .provide([
        [matchers.call.fn(d.api.validateSession), { result: { id: 'x', createdAt: 'now', isLoggedIn: false } }],
        [matchers.call(d.api.call, coreRoutes.me), user()],
      ])
      .delay(500)
      .call(d.api.validateSession)
      .put(sessionChanged(guestPayload))
      .silentRun(700);
  });

  it('for a logged-in shopper validates at once and publishes the customer', () => {
    const d = deps('clientV1_in_active=1; isLogined=1');
    return (
      expectSaga(sessionSaga, d)
        .provide([
          [matchers.call.fn(d.api.validateSession), { result: {} }],
          [matchers.call(d.api.call, coreRoutes.me), user({ id: 7, login: true, firstName: 'Asha', hasPlacedOrder: true })],
        ])
        // Published within 50 ms: no 500 ms wait for a logged-in shopper.
        .put(sessionChanged({ ...guestPayload, login: true, customerId: 7, firstName: 'Asha', hasPlacedOrder: true }))
        .silentRun(50)
    );
  });

  it("publishes the account remote's login and logout as the session (the shell is its one publisher)", () => {
    const d = deps('clientV1_in_active=1; isLogined=1');
    const asha = { ...guestPayload, login: true, customerId: 7, firstName: 'Asha' };
    return expectSaga(sessionSaga, d)
      .provide([
        [matchers.call.fn(d.api.validateSession), { result: {} }],
        [matchers.call(d.api.call, coreRoutes.me), user({ id: 7, login: true, firstName: 'Asha' })],
      ])
      .dispatch(loggedIn({ ...asha, cartCount: 5 }))
      .dispatch(loggedOut({}))
      .put(sessionChanged({ ...asha, cartCount: 5 }))
      .put(sessionChanged(GUEST_SESSION))
      .silentRun(50);
  });

  it('stays a guest, without crashing, when the API is unreachable', () => {
    const d = deps('');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    return expectSaga(sessionSaga, d)
      .provide([[matchers.call(d.api.call, coreRoutes.me), throwError(new ApiError(502, null, 'unreachable'))]])
      .not.put.actionType(sessionChanged.type)
      .silentRun(50);
  });

  it('re-reads the user when the login cookie disagrees with the store', () => {
    const d = deps('isLogined=1');
    const answers = [user(), user({ id: 9, login: true, firstName: 'Ravi' })];
    return expectSaga(sessionSaga, d)
      .provide({
        select: () => guestPayload,
        call(effect, next) {
          return effect.fn === d.api.call ? answers.shift() : next();
        },
      })
      .dispatch(navigationChanged({ pathname: '/cart', search: '' }))
      .put(sessionChanged({ ...guestPayload, login: true, customerId: 9, firstName: 'Ravi' }))
      .silentRun(50);
  });

  it('leaves the session alone on navigation when cookie and store agree', async () => {
    const d = deps('');
    const result = await expectSaga(sessionSaga, d)
      .provide({
        select: () => guestPayload,
        call(effect, next) {
          return effect.fn === d.api.call ? user() : next();
        },
      })
      .dispatch(navigationChanged({ pathname: '/cart', search: '' }))
      .silentRun(50);
    expect(result.effects.call?.filter((effect) => effect.payload.fn === d.api.call)).toHaveLength(1);
  });

  it('reads the customer again after their first order, so they are no longer new (and only then)', async () => {
    const d = deps('isLogined=1');
    const customer = { ...guestPayload, login: true, customerId: 9, firstName: 'Ravi' };
    const answers = [user({ id: 9, login: true, firstName: 'Ravi' }), user({ id: 9, login: true, firstName: 'Ravi', hasPlacedOrder: true })];
    const result = await expectSaga(sessionSaga, d)
      .provide({
        select: () => customer,
        call(effect, next) {
          return effect.fn === d.api.call ? answers.shift() : next();
        },
      })
      .dispatch(orderPlaced({ orderId: 1201 }))
      .put(sessionChanged({ ...customer, hasPlacedOrder: true }))
      .silentRun(50);
    expect(result.effects.call?.filter((effect) => effect.payload.fn === d.api.call)).toHaveLength(2);
  });
});
