import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { StaticProvider } from 'redux-saga-test-plan/providers';
import { delay } from 'redux-saga/effects';
import { orderRoutes, type PaymentStatus } from '@eyewear/api-client';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { createTestPageStore } from '@eyewear/event-bus/testing';
import { paymentStatusOf } from '../api';
import { checkoutActions, checkoutSlice, selectCheckout } from './checkout-slice';
import { checkoutSaga } from './checkout-saga';
import { checkPayment, PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_MAX, pollPaymentStatus, watchPaymentCheck } from './payment-polling';

const qr = { orderId: 77, qrCode: 'upi://pay?pa=eyewear@bank&am=1500', amount: 1500, currencyCode: 'INR' as const, expiresAt: '2030-01-01T10:15:00Z' };
/** Answers each status call with the next of `statuses` (the last one again once they run out). */
const inTurn = (statuses: PaymentStatus['status'][]) => () => ({ result: { orderId: 77, status: statuses.length > 1 ? statuses.shift()! : statuses[0]! } });
/** redux-saga's `delay(ms)` is a call of this function with `ms`. */
const waitFn = (delay(0) as unknown as { payload: { fn: (ms: number) => Promise<true> } }).payload.fn;
/** The saga's waits, skipped: the test drives what happens between them. */
const noWaiting: StaticProvider = [matchers.call.fn(waitFn), null];

describe('payment status polling (the payment status screens, in the checkout saga)', () => {
  it('QR: generates the code, then polls every 2 s until paid, and goes to the success page', async () => {
    const fake = fakeApi({ 'orders.qrGenerate': { result: qr }, 'orders.qrStatus': inTurn(['PENDING', 'SUCCESS']) });
    const navigate = jest.fn();
    const deps = { api: fake.client, navigate };
    await expectSaga(checkPayment, deps, { method: 'qr', orderId: 77 })
      .provide([noWaiting])
      .call(fake.client.call, orderRoutes.qrGenerate, { params: { orderId: 77 } })
      .put(checkoutActions.qrGenerated(qr))
      .call(pollPaymentStatus, fake.client, 'qr', 77, checkoutActions.paymentCheckStatus, PAYMENT_POLL_INTERVAL_MS)
      .call(paymentStatusOf, fake.client, 'qr', 77)
      .put(checkoutActions.paymentCheckStatus({ orderId: 77, status: 'PENDING' }))
      .put(checkoutActions.paymentCheckStatus({ orderId: 77, status: 'SUCCESS' }))
      .call(navigate, '/checkout/onepage/success?orderId=77')
      .run();
    expect(fake.calls.map((c) => c.name)).toEqual(['orders.qrGenerate', 'orders.qrStatus', 'orders.qrStatus']);
  });

  it('waits 2 s before each status call, but the confirmation screen asks at once', async () => {
    const waits = async (method: 'collect' | 'confirm', firstDelayMs?: number) => {
      const fake = fakeApi({ 'checkout.upiStatus': inTurn(['SUCCESS']), 'checkout.juspayStatus': inTurn(['SUCCESS']) });
      const { effects } = await expectSaga(pollPaymentStatus, fake.client, method, 9, checkoutActions.paymentCheckStatus, firstDelayMs)
        .provide([noWaiting])
        .returns('SUCCESS')
        .run();
      return (effects.call ?? []).filter((effect) => effect.payload.fn === waitFn).map((effect) => effect.payload.args[0]);
    };
    expect(await waits('collect')).toEqual([PAYMENT_POLL_INTERVAL_MS]);
    expect(await waits('confirm', 0)).toEqual([0]);
  });

  it('collect and confirm ask the UPI and the gateway status; a failure or a cancel stops without going anywhere', async () => {
    for (const [method, name] of [
      ['collect', 'checkout.upiStatus'],
      ['confirm', 'checkout.juspayStatus'],
    ] as const) {
      for (const settled of ['FAILED', 'CANCELLED'] as const) {
        const fake = fakeApi({ [name]: inTurn(['PENDING', settled]) });
        const navigate = jest.fn();
        const { storeState } = await expectSaga(checkPayment, { api: fake.client, navigate }, { method, orderId: 77 })
          .withReducer(checkoutSlice.reducer)
          .provide([noWaiting])
          .put(checkoutActions.paymentCheckStatus({ orderId: 77, status: settled }))
          .run();
        expect(fake.calls.map((c) => c.name)).toEqual([name, name]);
        expect(navigate).not.toHaveBeenCalled();
        expect(storeState.paymentCheck.status).toEqual({ orderId: 77, status: settled });
      }
    }
  });

  it(`gives up after ${PAYMENT_POLL_MAX} polls`, async () => {
    const fake = fakeApi({ 'checkout.upiStatus': inTurn(['PENDING']) });
    await expectSaga(pollPaymentStatus, fake.client, 'collect', 77, checkoutActions.paymentCheckStatus).provide([noWaiting]).returns('TIMEOUT').run();
    expect(fake.callsTo('checkout.upiStatus')).toHaveLength(PAYMENT_POLL_MAX);
  });

  it('says the polls ran out (an abandoned QR or collect request), without going anywhere', async () => {
    const fake = fakeApi({ 'orders.qrGenerate': { result: qr }, 'orders.qrStatus': inTurn(['PENDING']) });
    const navigate = jest.fn();
    const { storeState } = await expectSaga(checkPayment, { api: fake.client, navigate }, { method: 'qr', orderId: 77 })
      .withReducer(checkoutSlice.reducer)
      .provide([noWaiting])
      .put(checkoutActions.paymentCheckTimedOut())
      .run();
    expect(storeState.paymentCheck.timedOut).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("a code or a status that cannot be read stops with the server's message, or none (the screen says its own)", async () => {
    const refused = fakeApi({ 'orders.qrGenerate': fail(409, { message: 'This order is already paid' }) });
    await expectSaga(checkPayment, { api: refused.client, navigate: jest.fn() }, { method: 'qr', orderId: 77 })
      .put(checkoutActions.paymentCheckFailed({ message: 'This order is already paid' }))
      .run();
    const offline = fakeApi({
      'orders.qrStatus': () => {
        throw new TypeError('Failed to fetch');
      },
      'orders.qrGenerate': { result: qr },
    });
    await expectSaga(checkPayment, { api: offline.client, navigate: jest.fn() }, { method: 'qr', orderId: 77 })
      .provide([noWaiting])
      .put(checkoutActions.paymentCheckFailed({ message: null }))
      .run();
  });

  it('stops polling when the screen says it left', async () => {
    // The first status call is held open; the screen leaves meanwhile.
    const fake = fakeApi({ 'orders.qrGenerate': { result: qr }, 'orders.qrStatus': () => new Promise(() => undefined) });
    const navigate = jest.fn();
    const start = checkoutActions.paymentCheckStarted({ method: 'qr', orderId: 77 });
    await expectSaga(watchPaymentCheck, { api: fake.client, navigate }, start)
      .provide([noWaiting])
      .delay(50)
      .dispatch(checkoutActions.paymentCheckStopped())
      .not.put.actionType(checkoutActions.paymentCheckStatus.type)
      .run(500);
    expect(fake.callsTo('orders.qrStatus')).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  describe('in the page store', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());
    const flush = async () => {
      for (let i = 0; i < 30; i++) await Promise.resolve();
    };

    it('is cancelled with the saga when the screen lets it go, and reads navigate when the payment settles', async () => {
      const { pageStore, store } = createTestPageStore({ session: null });
      checkoutSlice.injectInto(pageStore.rootReducer);
      const fake = fakeApi({ 'orders.qrGenerate': { result: qr }, 'orders.qrStatus': inTurn(['PENDING']) });
      const deps = { api: fake.client, navigate: jest.fn() };
      const release = pageStore.runSaga('checkout', checkoutSaga, deps);
      store.dispatch(checkoutActions.paymentCheckStarted({ method: 'qr', orderId: 77 }));
      await flush();
      expect(selectCheckout(store.getState() as never).paymentCheck.qr).toEqual(qr);
      await jest.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
      await flush();
      expect(fake.callsTo('orders.qrStatus')).toHaveLength(1);
      release();
      await jest.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS * 5);
      await flush();
      expect(fake.callsTo('orders.qrStatus')).toHaveLength(1);

      // A new screen (the saga again): the path changed while it polled; the navigate of the latest render is the one called.
      const again = { api: fake.client, navigate: jest.fn() };
      pageStore.runSaga('checkout', checkoutSaga, again);
      fake.answer({ 'orders.qrStatus': inTurn(['PENDING', 'SUCCESS']) });
      store.dispatch(checkoutActions.paymentCheckStarted({ method: 'qr', orderId: 77 }));
      await flush();
      const latest = jest.fn();
      again.navigate = latest;
      for (let i = 0; i < 2; i++) {
        await jest.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
        await flush();
      }
      expect(latest).toHaveBeenCalledWith('/checkout/onepage/success?orderId=77');
    });
  });
});
