import { expectSaga } from 'redux-saga-test-plan';
import { exchangeExitRequested, toastShow, type ExchangePayload } from '@eyewear/event-bus';
import { EXCHANGE_ENDED_TOAST, endSpentExchange } from './exchange-end';

const OPEN: ExchangePayload = { active: true, orderId: '1200001', itemId: '3', returnAction: 'exchange', returnMode: 'pickup' };
const CLOSED: ExchangePayload = { active: false, orderId: null, itemId: null, returnAction: null, returnMode: null };
const withExchange = (exchange: ExchangePayload) => ({ events: { 'exchange/changed': exchange } });

describe('endSpentExchange: an add refused for a spent exchange ends exchange mode (issue 42)', () => {
  it.each(['This exchange was already used for order 1301', 'This exchange is no longer open'])('leaves exchange mode and says so on "%s"', (message) =>
    expectSaga(endSpentExchange)
      .withState(withExchange(OPEN))
      .dispatch(toastShow({ message, timeout: 5000, error: true }))
      .put(exchangeExitRequested({}))
      .put(toastShow(EXCHANGE_ENDED_TOAST))
      .silentRun(20),
  );

  it('leaves other failures, other toasts and a tab out of exchange mode alone', async () => {
    const others = await expectSaga(endSpentExchange)
      .withState(withExchange(OPEN))
      .dispatch(toastShow({ message: 'System error occurred', timeout: 5000, error: true }))
      .dispatch(toastShow({ message: 'This exchange was already used for order 1301' }))
      .silentRun(20);
    expect(others.effects.put ?? []).toHaveLength(0);
    const closed = await expectSaga(endSpentExchange)
      .withState(withExchange(CLOSED))
      .dispatch(toastShow({ message: 'This exchange was already used for order 1301', error: true }))
      .silentRun(20);
    expect(closed.effects.put ?? []).toHaveLength(0);
  });
});
