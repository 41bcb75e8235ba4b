import { GUEST_SESSION, exchangeExitRequested, exchangeStartRequested, loggedIn, loggedOut, navigationChanged, sessionOf } from './events';
import { exchangeSession, sessionFromAuth } from './saga';
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

describe('exchangeSession: exchange mode outlives a reload and is shared with other tabs', () => {
  afterEach(() => {
    for (const name of ['exchange_session', 'return_mode', 'return_action', 'exchange_credit']) document.cookie = `${name}=; Path=/; Max-Age=0`;
  });

  const latest = (pageStore: ReturnType<typeof createPageStore>) => pageStore.store.getState().events?.['exchange/changed'];

  it('a page started with the exchange cookies (a reload, a new tab) is in exchange mode at once', () => {
    document.cookie = 'exchange_session=1201:7; Path=/';
    document.cookie = 'return_mode=pickup; Path=/';
    document.cookie = 'return_action=exchange; Path=/';
    const pageStore = createPageStore();
    pageStore.runSaga('shell/exchange', exchangeSession);
    expect(latest(pageStore)).toEqual({ active: true, orderId: '1201', itemId: '7', returnMode: 'pickup', returnAction: 'exchange' });
  });

  it("carries the exchange's credit from the return page to every page of the tab, and to a reload (issue 42)", () => {
    const pageStore = createPageStore();
    pageStore.runSaga('shell/exchange', exchangeSession);
    pageStore.store.dispatch(exchangeStartRequested({ orderId: 1400, itemId: 5, returnMode: 'pickup', credit: { amount: 1200, currencyCode: 'INR' } }));
    expect(latest(pageStore)).toMatchObject({ active: true, orderId: '1400', credit: { amount: 1200, currencyCode: 'INR' } });
    const reloaded = createPageStore();
    reloaded.runSaga('shell/exchange', exchangeSession);
    expect(latest(reloaded)).toMatchObject({ active: true, orderId: '1400', credit: { amount: 1200, currencyCode: 'INR' } });
    expect(() => exchangeStartRequested({ orderId: 1400, itemId: 5, returnMode: 'pickup', credit: { amount: -1, currencyCode: 'INR' } })).toThrow();
  });

  it('a page without them publishes nothing at start', () => {
    const pageStore = createPageStore();
    pageStore.runSaga('shell/exchange', exchangeSession);
    expect(latest(pageStore)).toBeUndefined();
  });

  it('an exchange opened or closed in another tab is picked up when this tab comes back to the front, or navigates', () => {
    const pageStore = createPageStore();
    pageStore.runSaga('shell/exchange', exchangeSession);

    // Another tab opens the exchange: the shared cookies change, this page store does not.
    const other = createPageStore();
    other.runSaga('shell/exchange', exchangeSession);
    other.store.dispatch(exchangeStartRequested({ orderId: 1300, itemId: 2, returnMode: 'pickup' }));
    expect(latest(pageStore)).toBeUndefined();

    window.dispatchEvent(new Event('focus'));
    expect(latest(pageStore)).toMatchObject({ active: true, orderId: '1300', itemId: '2' });

    // The other tab closes it; this one learns on its next navigation.
    other.store.dispatch(exchangeExitRequested({}));
    pageStore.store.dispatch(navigationChanged({ pathname: '/eyeglasses', search: '' }));
    expect(latest(pageStore)).toMatchObject({ active: false, orderId: null });
  });
});
