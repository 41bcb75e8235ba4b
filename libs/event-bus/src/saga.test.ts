import { GUEST_SESSION, loggedIn, loggedOut, sessionOf } from './events';
import { sessionFromAuth } from './saga';
import { createPageStore } from './store';

const ASHA = sessionOf({ id: 42, login: true, firstName: 'Asha', hasPlacedOrder: true, isLoyalty: false, cartCount: 3, wishlistCount: 1 });

describe('sessionFromAuth: the shell, the one publisher of session/changed', () => {
  it('publishes who logged in as the session, and a guest after a logout, in the same page store', () => {
    const pageStore = createPageStore();
    pageStore.runSaga('shell-session', sessionFromAuth);

    pageStore.store.dispatch(loggedIn(ASHA));
    expect(pageStore.store.getState().events?.['session/changed']).toEqual({ ...ASHA, ready: true, customerId: 42 });

    pageStore.store.dispatch(loggedOut({}));
    expect(pageStore.store.getState().events?.['session/changed']).toEqual(GUEST_SESSION);
  });

  it('refuses a login event whose payload is not a session', () => {
    expect(() => loggedIn({ login: true } as never)).toThrow();
  });
});
