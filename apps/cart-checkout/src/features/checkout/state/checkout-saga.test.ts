import { type OrderPaymentResult, type PaymentStatus } from '@eyewear/api-client';
import { fail, fakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import { cartChanged, loggedOut, sessionChanged, orderPlaced } from '@eyewear/event-bus';
import { createTestPageStore, CUSTOMER } from '@eyewear/event-bus/testing';
import { cartSlice } from '../../cart/state/cart-slice';
import { checkoutSaga } from './checkout-saga';
import { checkoutActions, checkoutSlice, selectCheckout } from './checkout-slice';
import { PAYMENT_POLL_INTERVAL_MS } from './payment-polling';

const upiStarted: OrderPaymentResult = {
  order: { id: 42, amount: { total: 1500, currencyCode: 'INR' } },
  payment: { paymentId: 'pay_1', status: 'PENDING', action: 'UPI_COLLECT' },
};

/** The checkout saga in a page store as the shell makes it, with a fake API and a watched navigate. */
function setup(handlers: FakeHandlers) {
  const { pageStore, store, actionsOf } = createTestPageStore({ session: null });
  checkoutSlice.injectInto(pageStore.rootReducer);
  cartSlice.injectInto(pageStore.rootReducer);
  const fake = fakeApi(handlers);
  const navigate = jest.fn();
  const release = pageStore.runSaga('checkout', checkoutSaga, { api: fake.client, navigate });
  const state = () => selectCheckout(store.getState() as never);
  return { store, state, fake, navigate, actionsOf, release };
}

/** Lets the fake API's answers (a few promise steps each) come in. */
const flush = async () => {
  for (let i = 0; i < 30; i++) await Promise.resolve();
};

describe('checkout saga', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('polls UPI with fake timers: pending, then success goes to the success page', async () => {
    const statuses: PaymentStatus[] = [
      { orderId: 42, status: 'PENDING' },
      { orderId: 42, status: 'SUCCESS' },
    ];
    const { store, state, fake, navigate } = setup({ 'checkout.pay': { result: upiStarted }, 'checkout.upiStatus': () => ({ result: statuses.shift()! }) });
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'upi', vpa: 'success@upi' }, key: 'k1' }));
    await flush();
    expect(state().orderPlaced).toBe(true);
    expect(fake.callsTo('checkout.upiStatus')).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
    await flush();
    expect(fake.callsTo('checkout.upiStatus')).toEqual([expect.objectContaining({ params: { orderId: '42' } })]);
    expect(state().transStatus?.status).toBe('PENDING');
    expect(navigate).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
    await flush();
    expect(fake.callsTo('checkout.upiStatus')).toHaveLength(2);
    expect(navigate).toHaveBeenCalledWith('/checkout/onepage/success?orderId=42');
  });

  it('stops polling on failure and shows the message', async () => {
    const { state, store, fake, navigate } = setup({
      'checkout.pay': { result: upiStarted },
      'checkout.upiStatus': { result: { orderId: 42, status: 'FAILED', message: 'The UPI payment was declined' } },
    });
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'upi', vpa: 'failure@upi' }, key: 'k2' }));
    await flush();
    for (let i = 0; i < 3; i++) {
      await jest.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
      await flush();
    }
    expect(fake.callsTo('checkout.upiStatus')).toHaveLength(1);
    expect(state().paymentError).toBe('The UPI payment was declined');
    expect(state().placing).toBe(false);
    // The order waits for its payment: the retry page (its amount, any method), never the emptied cart's.
    expect(navigate).toHaveBeenCalledWith('/checkout/onepage/retrypayment?orderId=42');
  });

  it('stops polling when the shopper gives up waiting for the UPI request', async () => {
    const { state, store, fake, navigate } = setup({
      'checkout.pay': { result: upiStarted },
      'checkout.upiStatus': { result: { orderId: 42, status: 'PENDING' } },
    });
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'upi', vpa: 'pending@upi' }, key: 'k3' }));
    await flush();
    await jest.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
    await flush();
    expect(fake.callsTo('checkout.upiStatus')).toHaveLength(1);
    store.dispatch(checkoutActions.paymentAbandoned());
    await jest.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS * 5);
    await flush();
    expect(fake.callsTo('checkout.upiStatus')).toHaveLength(1);
    expect(state().placing).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('ignores a second place-order while the first runs (double click) and resets the cart count', async () => {
    let resolve!: (v: { result: OrderPaymentResult }) => void;
    const { store, fake, navigate, actionsOf } = setup({ 'checkout.pay': () => new Promise((r) => (resolve = r)) });
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cod', captcha: 'a:b' }, key: 'k3' }));
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cod', captcha: 'a:b' }, key: 'k3' }));
    await flush();
    resolve({ result: { ...upiStarted, payment: { paymentId: 'p', status: 'PENDING', action: 'NONE' } } });
    await flush();
    expect(fake.callsTo('checkout.pay')).toHaveLength(1);
    expect(fake.callsTo('checkout.pay')[0]!.headers['idempotency-key']).toBe('k3');
    expect(navigate).toHaveBeenCalledWith('/checkout/onepage/success?orderId=42');
    expect(actionsOf(cartChanged.type).map((a) => a.payload)).toEqual([{ count: 0 }]);
    expect(actionsOf(orderPlaced.type).map((a) => a.payload)).toEqual([{ orderId: 42 }]);
    expect((store.getState() as { events: Record<string, unknown> }).events['cart/changed']).toEqual(cartChanged({ count: 0 }).payload);
  });

  it('keeps the Idempotency-Key after a dropped answer, drops it after a definite failure', async () => {
    const answers = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => fail(402, { message: 'Declined' }),
    ];
    const { store, state, fake } = setup({ 'checkout.pay': () => answers.shift()!() });
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cc' }, key: 'k4' }));
    await flush();
    expect(state().attemptKey).toBe('k4');
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cc' }, key: 'k4' }));
    await flush();
    expect(state()).toMatchObject({ attemptKey: null, paymentError: 'Declined', orderPlaced: false });
    expect(fake.callsTo('checkout.pay').map((c) => c.headers['idempotency-key'])).toEqual(['k4', 'k4']);
  });

  it('sends the leadSource with the payment when the presales info said so', async () => {
    const paid = { result: { ...upiStarted, payment: { paymentId: 'p', status: 'SUCCESS' as const, action: 'NONE' as const } } };
    const { store, state, fake } = setup({ 'checkout.pay': paid });
    store.dispatch(checkoutActions.presalesInfoLoaded({ loggedIn: true }));
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cc', leadSource: state().leadSource || undefined }, key: 'k-presales' }));
    await flush();
    expect(fake.callsTo('checkout.pay')[0]).toMatchObject({ body: { paymentMethod: 'cc', leadSource: true }, headers: { 'idempotency-key': 'k-presales' } });
  });

  it('moves to step 2 on login and resets on logout', () => {
    const { store, state } = setup({});
    expect(state().checkoutStepKey).toBe(1);
    store.dispatch(sessionChanged(CUSTOMER));
    expect(state().checkoutStepKey).toBe(2);
    store.dispatch(checkoutActions.leadSourceSet(true));
    store.dispatch(loggedOut({}));
    expect(state()).toMatchObject({ checkoutStepKey: 1, leadSource: false });
  });

  it('continues a QR payment on the QR screen', async () => {
    const { store, navigate } = setup({ 'checkout.pay': { result: { ...upiStarted, payment: { paymentId: 'p', status: 'PENDING', action: 'QR' } } } });
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'qr' }, key: 'k9' }));
    await flush();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/checkout/payment/qr/42');
  });

  it('a failed payment post says the server message, or the catalogue text without one', async () => {
    const { store, state } = setup({ 'checkout.pay': fail(422, { message: 'Card expired' }) });
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cc' }, key: 'k5' }));
    await flush();
    expect(state()).toMatchObject({ paymentError: 'Card expired', placing: false, attemptKey: null });
    const dropped = setup({ 'checkout.pay': fail(500, null) });
    dropped.store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cc' }, key: 'k6' }));
    await flush();
    expect(dropped.state()).toMatchObject({ paymentError: 'Your payment did not go through. Please try again or choose another way to pay.', placing: false });
  });

  it("never shows a raw technical message of a refused payment (issue 42): the field's name goes, a validator's words become the page's", async () => {
    const named = setup({ 'checkout.pay': fail(400, { message: 'card.cvv: Please enter a valid CVV', field: 'card.cvv' }) });
    named.store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cc' }, key: 'k7' }));
    await flush();
    expect(named.state()).toMatchObject({ paymentError: 'Please enter a valid CVV' });
    const zod = setup({
      'checkout.pay': fail(400, { message: 'card.nameOnCard: Too small: expected string to have >=1 characters', field: 'card.nameOnCard' }),
    });
    zod.store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cc' }, key: 'k8' }));
    await flush();
    expect(zod.state()).toMatchObject({ paymentError: 'Your payment did not go through. Please try again or choose another way to pay.' });
    // No answer at all: it may have been taken, so the shopper is told it will not be taken twice.
    const silent = setup({ 'checkout.pay': () => Promise.reject(new TypeError('Failed to fetch')) });
    silent.store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cc' }, key: 'k9' }));
    await flush();
    expect(silent.state()).toMatchObject({
      paymentError: 'We could not confirm your payment. Check your connection and try again: you will not be charged twice.',
    });
  });
});
