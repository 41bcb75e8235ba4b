import { type Cart, type OrderPaymentResult } from '@eyewear/api-client';
import { fakeApi } from '@eyewear/api-client/testing';
import { cartChanged, exchangeChanged, exchangeExitRequested, exchangeStartRequested, orderPlaced, toastShow, type ExchangePayload } from '@eyewear/event-bus';
import { createTestPageStore, CUSTOMER } from '@eyewear/event-bus/testing';
import { aCart } from '../../../testing/fixtures';
import { cartSlice } from '../../cart/state/cart-slice';
import { checkoutSaga } from './checkout-saga';
import { checkoutActions, checkoutSlice } from './checkout-slice';

const paid: OrderPaymentResult = {
  order: { id: 1301, amount: { total: 1799, currencyCode: 'INR' } },
  payment: { paymentId: 'pay_x', status: 'SUCCESS', action: 'NONE' },
};
/** A cart priced with the credit of item 3 of order 1200001 (the API's exchange discount). */
const exchangeCart = (code = '1200001:3'): Cart => {
  const cart = aCart();
  return { ...cart, totals: { ...cart.totals, discounts: [{ type: 'exchange', code, amount: 1200 }] } };
};

/** The checkout in a page store as the shell makes it (its exchange saga runs), in exchange mode with `cart` loaded. */
function setup(cart: Cart) {
  const { pageStore, store, actionsOf } = createTestPageStore({ session: CUSTOMER });
  checkoutSlice.injectInto(pageStore.rootReducer);
  cartSlice.injectInto(pageStore.rootReducer);
  store.dispatch(exchangeStartRequested({ orderId: 1200001, itemId: 3, returnMode: 'pickup' }));
  store.dispatch(cartChanged({ count: cart.itemsQty, cart }));
  const fake = fakeApi({ 'checkout.pay': { result: paid } });
  const release = pageStore.runSaga('checkout', checkoutSaga, { api: fake.client, navigate: jest.fn() });
  const exchange = () => (store.getState() as { events: { 'exchange/changed'?: ExchangePayload } }).events['exchange/changed'];
  return { store, actionsOf, exchange, release };
}

const flush = async () => {
  for (let i = 0; i < 30; i++) await Promise.resolve();
};

afterEach(() => {
  for (const name of ['exchange_session', 'return_mode', 'return_action']) document.cookie = `${name}=; Max-Age=0; Path=/`;
  sessionStorage.clear();
});

describe('an order paid with the exchange credit ends exchange mode (issue 42)', () => {
  it('asks the shell to leave exchange mode after order/placed, which clears the cookies and the tab claim, and says so', async () => {
    const { store, actionsOf, exchange, release } = setup(exchangeCart());
    expect(exchange()).toMatchObject({ active: true, orderId: '1200001', itemId: '3' });
    expect(sessionStorage.getItem('shell.exchangeTab')).toBe('1200001:3');

    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cc' }, key: 'k-exchange' }));
    await flush();

    const types = actionsOf(orderPlaced.type)
      .concat(actionsOf(exchangeExitRequested.type))
      .map((a) => a.type);
    expect(types).toEqual([orderPlaced.type, exchangeExitRequested.type]);
    expect(actionsOf(exchangeChanged.type).at(-1)!.payload).toMatchObject({ active: false });
    expect(exchange()).toMatchObject({ active: false, orderId: null });
    expect(document.cookie).not.toContain('exchange_session=1200001');
    expect(sessionStorage.getItem('shell.exchangeTab')).toBeNull();
    expect(actionsOf(toastShow.type).map((a) => a.payload)).toEqual([
      { message: 'Your exchange is complete. Anything you add to the cart now is an ordinary purchase.', timeout: 5000, success: true },
    ]);
    release();
  });

  it('leaves the exchange open when the cart was not paid with its credit', async () => {
    for (const cart of [aCart(), exchangeCart('1200001:4')]) {
      const { store, actionsOf, exchange, release } = setup(cart);
      store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cc' }, key: `k-${cart.totals.discounts.length}` }));
      await flush();
      expect(actionsOf(orderPlaced.type)).toHaveLength(1);
      expect(actionsOf(exchangeExitRequested.type)).toHaveLength(0);
      expect(actionsOf(toastShow.type)).toHaveLength(0);
      expect(exchange()).toMatchObject({ active: true });
      release();
    }
  });

  it('leaves it open on a payment retry of an earlier order (that order ended its own exchange)', async () => {
    const { store, actionsOf, exchange, release } = setup(exchangeCart());
    store.dispatch(checkoutActions.placeOrderRequested({ payment: { paymentMethod: 'cc', orderId: 1250 }, key: 'k-retry' }));
    await flush();
    expect(actionsOf(orderPlaced.type)).toHaveLength(1);
    expect(actionsOf(exchangeExitRequested.type)).toHaveLength(0);
    expect(exchange()).toMatchObject({ active: true });
    release();
  });
});
