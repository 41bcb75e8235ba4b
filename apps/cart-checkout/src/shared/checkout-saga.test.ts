import { ApiError, type OrderPaymentResult, type PaymentStatus } from '@eyewear/api-client';
import { cartChanged, createPageStore, loggedOut, sessionChanged } from '@eyewear/event-bus';
import { cartSlice } from './cart-slice';
import { createCheckoutSaga, type CheckoutSagaDeps } from './checkout-saga';
import { checkoutActions, checkoutSlice, selectCheckout } from './checkout-slice';
import { NON_INDIA_METHODS_DELAY_MS, PAYMENT_POLL_INTERVAL_MS } from './payment-rules';

const upiStarted: OrderPaymentResult = {
  order: { id: 42, amount: { total: 1500, currencyCode: 'INR' } },
  payment: { paymentId: 'pay_1', status: 'PENDING', action: 'UPI_COLLECT' },
};
const session = (login: boolean) => ({
  ready: true,
  login,
  customerId: login ? 1 : null,
  firstName: null,
  hasPlacedOrder: false,
  isLoyalty: false,
  cartCount: 0,
  wishlistCount: 0,
});

function setup(api: Partial<CheckoutSagaDeps['api']>) {
  const pageStore = createPageStore();
  checkoutSlice.injectInto(pageStore.rootReducer);
  cartSlice.injectInto(pageStore.rootReducer);
  const onPaid = jest.fn();
  const onQr = jest.fn();
  const events: unknown[] = [];
  pageStore.store.subscribe(() => undefined);
  const origDispatch = pageStore.store.dispatch;
  pageStore.runSaga(
    'checkout',
    createCheckoutSaga({
      api: { paymentMethods: jest.fn(), pay: jest.fn(), upiStatus: jest.fn(), presalesSession: jest.fn(), ...api } as CheckoutSagaDeps['api'],
      onPaid,
      onQr,
    }),
  );
  const state = () => selectCheckout(pageStore.store.getState() as never);
  return { store: pageStore.store, state, onPaid, onQr, events, origDispatch };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('checkout saga', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('polls UPI with fake timers: pending, then success goes to the success page', async () => {
    const statuses: PaymentStatus[] = [
      { orderId: 42, status: 'PENDING' },
      { orderId: 42, status: 'SUCCESS' },
    ];
    const upiStatus = jest.fn(async () => ({ result: statuses.shift()! }));
    const { store, state, onPaid } = setup({ pay: jest.fn(async () => ({ result: upiStarted })), upiStatus });
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'upi', vpa: 'success@upi' }, key: 'k1' }));
    await flush();
    expect(state().orderPlaced).toBe(true);
    expect(upiStatus).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
    expect(upiStatus).toHaveBeenCalledTimes(1);
    expect(state().transStatus?.status).toBe('PENDING');
    expect(onPaid).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
    expect(upiStatus).toHaveBeenCalledTimes(2);
    expect(onPaid).toHaveBeenCalledWith(42);
  });

  it('stops polling on failure and shows the message', async () => {
    const upiStatus = jest.fn(async () => ({ result: { orderId: 42, status: 'FAILED' as const, message: 'The UPI payment was declined' } }));
    const { state, store, onPaid } = setup({ pay: jest.fn(async () => ({ result: upiStarted })), upiStatus });
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'upi', vpa: 'failure@upi' }, key: 'k2' }));
    await flush();
    await jest.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS * 3);
    expect(upiStatus).toHaveBeenCalledTimes(1);
    expect(state().paymentError).toBe('The UPI payment was declined');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('ignores a second place-order while the first runs (double click) and resets the cart count', async () => {
    let resolve!: (v: { result: OrderPaymentResult }) => void;
    const pay = jest.fn(() => new Promise<{ result: OrderPaymentResult }>((r) => (resolve = r)));
    const { store, onPaid } = setup({ pay });
    const dispatched: string[] = [];
    store.subscribe(() => {
      const last = (store.getState() as { events: { 'cart/changed'?: { count: number } } }).events['cart/changed'];
      if (last) dispatched.push(String(last.count));
    });
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cod', captcha: 'a:b' }, key: 'k3' }));
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cod', captcha: 'a:b' }, key: 'k3' }));
    resolve({ result: { ...upiStarted, payment: { paymentId: 'p', status: 'PENDING', action: 'NONE' } } });
    await flush();
    expect(pay).toHaveBeenCalledTimes(1);
    expect(onPaid).toHaveBeenCalledWith(42);
    expect(dispatched).toContain('0');
    expect((store.getState() as { events: Record<string, unknown> }).events['cart/changed']).toEqual(cartChanged({ count: 0 }).payload);
  });

  it('keeps the Idempotency-Key after a dropped answer, drops it after a definite failure', async () => {
    const pay = jest
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new ApiError(402, { message: 'Declined' }, 'Declined'));
    const { store, state } = setup({ pay });
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cc' }, key: 'k4' }));
    await flush();
    expect(state().attemptKey).toBe('k4');
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cc' }, key: 'k4' }));
    await flush();
    expect(state()).toMatchObject({ attemptKey: null, paymentError: 'Declined', orderPlaced: false });
  });

  it('gives non-India shoppers no payment methods after 1 s, without a call', async () => {
    const paymentMethods = jest.fn();
    const { store, state } = setup({ paymentMethods });
    store.dispatch(checkoutActions.paymentMethodsRequested({ country: 'ae' }));
    expect(state().paymentMethods.status).toBe('loading');
    await jest.advanceTimersByTimeAsync(NON_INDIA_METHODS_DELAY_MS - 1);
    expect(state().paymentMethods.status).toBe('loading');
    await jest.advanceTimersByTimeAsync(1);
    expect(state().paymentMethods).toEqual({ status: 'ready', list: [], error: null });
    expect(paymentMethods).not.toHaveBeenCalled();
  });

  it('loads methods for India with the default cc,dc filter; failure sets null with the error', async () => {
    const paymentMethods = jest
      .fn()
      .mockResolvedValueOnce({ result: { methods: [{ code: 'cc', label: 'Credit card', enabled: true }] } })
      .mockRejectedValueOnce(new ApiError(503, { message: 'Payments are unavailable right now' }, 'Payments are unavailable right now'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { store, state } = setup({ paymentMethods });
    store.dispatch(checkoutActions.paymentMethodsRequested({ country: 'in' }));
    await flush();
    expect(paymentMethods).toHaveBeenCalledWith({ paymentMethod: 'cc,dc' }, 'default');
    expect(state().paymentMethods.list).toHaveLength(1);
    store.dispatch(checkoutActions.paymentMethodsRequested({ country: 'in' }));
    await flush();
    expect(state().paymentMethods).toEqual({ status: 'failed', list: null, error: 'Payments are unavailable right now' });
    // A failure without the server's message never shows its raw text.
    store.dispatch(checkoutActions.paymentMethodsRequested({ country: 'in' }));
    await flush();
    expect(state().paymentMethods).toEqual({ status: 'failed', list: null, error: 'System error occurred' });
  });

  it('asks the path version the page chose (v4, v5), with the order of a retry', async () => {
    const paymentMethods = jest.fn().mockResolvedValue({ result: { methods: [] } });
    const { store } = setup({ paymentMethods });
    store.dispatch(checkoutActions.paymentMethodsRequested({ country: 'in', version: 'v4' }));
    await flush();
    store.dispatch(checkoutActions.paymentMethodsRequested({ country: 'in', orderId: 77, version: 'v5' }));
    await flush();
    expect(paymentMethods.mock.calls).toEqual([
      [{ paymentMethod: 'cc,dc' }, 'v4'],
      [{ paymentMethod: 'cc,dc', orderId: 77 }, 'v5'],
    ]);
  });

  it('leadSource follows the presales session info: a presales user logged in, or not; a failure is no lead', async () => {
    const presalesSession = jest
      .fn()
      .mockResolvedValueOnce({ result: { loggedIn: true, salesmanId: 'EYE-1001', name: 'Priya Nair' } })
      .mockResolvedValueOnce({ result: { loggedIn: false } })
      .mockRejectedValueOnce(new ApiError(500, { message: 'down' }, 'down'));
    const { store, state } = setup({ presalesSession });
    expect(state()).toMatchObject({ leadSource: false, preSalesInfo: null });
    store.dispatch(checkoutActions.presalesInfoRequested());
    await flush();
    expect(state()).toMatchObject({ leadSource: true, preSalesInfo: { loggedIn: true, name: 'Priya Nair' } });
    store.dispatch(checkoutActions.presalesInfoRequested());
    await flush();
    expect(state()).toMatchObject({ leadSource: false, preSalesInfo: { loggedIn: false } });
    store.dispatch(checkoutActions.presalesInfoRequested());
    await flush();
    expect(state()).toMatchObject({ leadSource: false, preSalesInfo: null });
    expect(presalesSession).toHaveBeenCalledTimes(3);
  });

  it('sends the leadSource with the payment when the presales info said so', async () => {
    const pay = jest.fn(async () => ({ result: { ...upiStarted, payment: { paymentId: 'p', status: 'SUCCESS' as const, action: 'NONE' as const } } }));
    const { store, state } = setup({ pay, presalesSession: jest.fn(async () => ({ result: { loggedIn: true } })) });
    store.dispatch(checkoutActions.presalesInfoRequested());
    await flush();
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cc', leadSource: state().leadSource || undefined }, key: 'k-presales' }));
    await flush();
    expect(pay).toHaveBeenCalledWith({ paymentMethod: 'cc', leadSource: true }, 'k-presales');
  });

  it('moves to step 2 on login and resets on logout', async () => {
    const { store, state } = setup({});
    expect(state().checkoutStepKey).toBe(1);
    store.dispatch(sessionChanged(session(true)));
    expect(state().checkoutStepKey).toBe(2);
    store.dispatch(checkoutActions.leadSourceSet(true));
    store.dispatch(loggedOut({}));
    expect(state()).toMatchObject({ checkoutStepKey: 1, leadSource: false });
  });

  it('continues a QR payment on the QR screen', async () => {
    const pay = jest.fn(async () => ({ result: { ...upiStarted, payment: { paymentId: 'p', status: 'PENDING' as const, action: 'QR' as const } } }));
    const { store, onQr, onPaid } = setup({ pay });
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'qr' }, key: 'k9' }));
    await flush();
    expect(onQr).toHaveBeenCalledWith(42);
    expect(onPaid).not.toHaveBeenCalled();
  });
});
