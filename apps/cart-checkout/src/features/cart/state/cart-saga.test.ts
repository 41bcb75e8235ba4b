import { expectSaga } from 'redux-saga-test-plan';
import { fail, fakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import { cartChanged, toastShow } from '@eyewear/event-bus';
import { messages } from '../../../app/messages';
import { aCart, anItem } from '../../../testing/fixtures';
import { runCartOp } from '../api';
import { LAST_ACTION_KEY } from '../rules';
import { cartSaga, refetchOnCountChange, runOperation, type CartSagaDeps } from './cart-saga';
import { cartActions, cartSlice, emptyCart, initialCartState, type CartState } from './cart-slice';

const deps = (handlers: FakeHandlers, extra: Partial<CartSagaDeps> = {}): CartSagaDeps => ({
  api: fakeApi(handlers).client,
  currencyCode: 'INR',
  storage: { setItem: jest.fn() },
  alert: jest.fn(),
  reload: jest.fn(),
  pathname: () => '/product/128001',
  ...extra,
});

describe('cart saga', () => {
  it('stores the cart, remembers a quantity action in session storage and publishes cart/changed', async () => {
    const cart = aCart([anItem({ quantity: 2, amount: { total: 3000, currencyCode: 'INR' } })]);
    const fake = fakeApi({ 'cart.increase': { result: cart } });
    const d = deps({}, { api: fake.client });
    await expectSaga(runOperation, d, { op: 'increase', itemId: 11 })
      .call(runCartOp, fake.client, { op: 'increase', itemId: 11 })
      .put(cartActions.succeeded({ op: 'increase', cart }))
      .put(cartChanged({ count: 2, cart }))
      .run();
    expect(d.storage!.setItem).toHaveBeenCalledWith(LAST_ACTION_KEY, 'increase');
    expect(fake.callsTo('cart.increase')).toEqual([expect.objectContaining({ method: 'PUT', params: { itemId: '11' }, query: { count: '1' } })]);
  });

  it('resets to an empty cart on 401 or 404 from get', async () => {
    for (const status of [401, 404]) {
      const d = deps({ 'cart.get': fail(status, { message: 'gone' }) });
      const { storeState } = await expectSaga(runOperation, d, { op: 'get' })
        .withReducer(cartSlice.reducer, initialCartState)
        .put(cartChanged({ count: 0 }))
        .run();
      expect((storeState as CartState).cart).toEqual(emptyCart('INR'));
    }
  });

  it('zeros the gift voucher amount and stores the message when a voucher fails', async () => {
    const d = deps({ 'cart.applyGiftVoucher': fail(422, { message: 'This gift voucher has expired' }) });
    const start = { ...initialCartState, status: 'ready' as const, cart: aCart(undefined, { gvAmt: 500 }) };
    const { storeState } = await expectSaga(runOperation, d, { op: 'applyVoucher', code: 'OLD1' }).withReducer(cartSlice.reducer, start).run();
    expect((storeState as CartState).cart!.gvAmt).toBe(0);
    expect((storeState as CartState).voucherMessage).toBe('This gift voucher has expired');
  });

  it('keeps the cart when an offer fails', async () => {
    const d = deps({ 'cart.applyOffer': fail(422, { message: 'This offer is not available' }) });
    const start = { ...initialCartState, status: 'ready' as const, cart: aCart() };
    const { storeState } = await expectSaga(runOperation, d, { op: 'applyOffer', offerId: 'X' }).withReducer(cartSlice.reducer, start).run();
    expect((storeState as CartState).cart).toEqual(start.cart);
    expect((storeState as CartState).error).toMatchObject({ op: 'applyOffer' });
  });

  it('alerts "This product is Out of Stock !" on a 422 out-of-stock add and reloads off the cart page', async () => {
    const d = deps({ 'cart.add': fail(422, { message: 'This product is out of stock' }) });
    const { storeState } = await expectSaga(runOperation, d, { op: 'add', item: { productId: 1, quantity: 1 } })
      .withReducer(cartSlice.reducer, initialCartState)
      .run();
    expect(d.alert).toHaveBeenCalledWith('This product is Out of Stock !');
    expect(messages.defaults.outOfStockAlert).toBe('This product is Out of Stock !');
    expect(d.reload).toHaveBeenCalled();
    expect((storeState as CartState).addFailed).toBe(true);
  });

  it('shows the server message otherwise, and does not reload on the cart page', async () => {
    const d = deps({ 'cart.add': fail(422, { message: 'Only 1 left in stock' }) }, { pathname: () => '/cart' });
    await expectSaga(runOperation, d, { op: 'add', item: { productId: 1, quantity: 1 } }).run();
    expect(d.alert).toHaveBeenCalledWith('Only 1 left in stock');
    expect(d.reload).not.toHaveBeenCalled();
  });

  it('recomputes the frame-only flag after each change', () => {
    const frameOnly = aCart([anItem({ powerRequired: 'POWER_REQUIRED' })]);
    const state = cartSlice.reducer(initialCartState, cartActions.succeeded({ op: 'add', cart: frameOnly }));
    expect(state.frameOnly).toBe(true);
    expect(cartSlice.reducer(state, cartActions.succeeded({ op: 'remove', cart: aCart([]) })).frameOnly).toBe(false);
  });

  it('fetches again when another app changes the count', async () => {
    const state = { cartCheckout: { ...initialCartState, status: 'ready' as const, cart: aCart() }, events: {} };
    await expectSaga(refetchOnCountChange)
      .withState(state)
      .put(cartActions.requested({ op: 'get' }))
      .dispatch(cartChanged({ count: 3 }))
      .silentRun(50);
  });

  it('does not fetch again when the change hands the new cart (the slice keeps it: the page has one cart)', async () => {
    const state = { cartCheckout: { ...initialCartState, status: 'ready' as const, cart: aCart() }, events: {} };
    const newer = aCart([anItem({ id: 1 }), anItem({ id: 2, productId: 128002 })]);
    await expectSaga(refetchOnCountChange)
      .withState(state)
      .not.put(cartActions.requested({ op: 'get' }))
      .dispatch(cartChanged({ count: newer.itemsQty, cart: newer }))
      .silentRun(50);
    const kept = cartSlice.reducer({ ...initialCartState, status: 'ready', cart: aCart() }, cartChanged({ count: newer.itemsQty, cart: newer }));
    expect(kept.cart).toEqual(newer);
    expect(kept.status).toBe('ready');
  });

  it('sends the Idempotency-Key of the action with a change, never with a read; each action draws its own', async () => {
    const fake = fakeApi({ 'cart.increase': { result: aCart() }, 'cart.get': { result: aCart() } });
    const first = cartActions.requested({ op: 'increase', itemId: 11 });
    const second = cartActions.requested({ op: 'increase', itemId: 11 });
    const read = cartActions.requested({ op: 'get' });
    await runCartOp(fake.client, first.payload);
    await runCartOp(fake.client, first.payload);
    await runCartOp(fake.client, second.payload);
    await runCartOp(fake.client, read.payload);
    const keys = fake.callsTo('cart.increase').map((c) => c.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(fake.callsTo('cart.get')[0]!.headers['idempotency-key']).toBeUndefined();
    expect(read.payload).toEqual({ op: 'get' });
  });

  it('does not fetch again in an exchange flow unless the return action is exchange', async () => {
    const state = {
      cartCheckout: { ...initialCartState, status: 'ready' as const, cart: aCart() },
      events: { 'exchange/changed': { active: true, orderId: '1', itemId: '2', returnAction: 'return', returnMode: null } },
    };
    await expectSaga(refetchOnCountChange)
      .withState(state)
      .not.put(cartActions.requested({ op: 'get' }))
      .dispatch(cartChanged({ count: 3 }))
      .silentRun(50);
  });

  it('runs operations one after another, in the order asked', async () => {
    const order: string[] = [];
    const answer = (name: string) => () => {
      order.push(name);
      return { result: aCart() };
    };
    const d = deps({ 'cart.increase': answer('increase'), 'cart.decrease': answer('decrease'), 'cart.remove': answer('remove') });
    await expectSaga(cartSaga, d)
      .withState({ events: {} })
      .dispatch(cartActions.requested({ op: 'increase', itemId: 1 }))
      .dispatch(cartActions.requested({ op: 'decrease', itemId: 1 }))
      .dispatch(cartActions.requested({ op: 'remove', itemId: 1 }))
      .silentRun(50);
    expect(order).toEqual(['increase', 'decrease', 'remove']);
  });

  it('toasts a power update for 7000 ms, and the server message when it fails', async () => {
    const ok = deps({ 'cart.updateItem': { result: aCart() } });
    const change = { prescription: { powerType: 'SINGLE_VISION' as const, left: { sph: '-1.00' }, right: { sph: '-1.25' } } };
    await expectSaga(runOperation, ok, { op: 'update', itemId: 11, change })
      .put(toastShow({ message: 'Power updated successfully', timeout: 7000, success: true }))
      .run();
    const bad = deps({ 'cart.updateItem': fail(400, { message: 'Invalid power value' }) });
    await expectSaga(runOperation, bad, { op: 'update', itemId: 11, change: { packageId: 3 } })
      .put(toastShow({ message: 'Invalid power value', timeout: 7000, error: true }))
      .run();
  });

  it('a package change (update item) stores the re-priced cart and toasts "Package updated successfully" for 7000 ms', async () => {
    const repriced = aCart(
      [anItem({ options: [{ type: 'PACKAGE', name: 'Blu Cut', oid: 4, catalogPrices: [{ name: 'Market Price', price: 1200, currencyCode: 'INR' }] }] })],
      { netAmountCart: 2700 },
    );
    const fake = fakeApi({ 'cart.updateItem': { result: repriced } });
    const d = deps({}, { api: fake.client });
    const op = { op: 'update' as const, itemId: 11, change: { packageId: 4, powerType: 'SINGLE_VISION' as const } };
    const { storeState } = await expectSaga(runOperation, d, op)
      .withReducer(cartSlice.reducer, { ...initialCartState, status: 'ready' as const, cart: aCart() })
      .call(runCartOp, fake.client, op)
      .put(cartActions.succeeded({ op: 'update', cart: repriced }))
      .put(toastShow({ message: 'Package updated successfully', timeout: 7000, success: true }))
      .run();
    expect((storeState as CartState).cart!.netAmountCart).toBe(2700);
    expect(d.storage!.setItem).not.toHaveBeenCalled();
    expect(fake.callsTo('cart.updateItem')[0]).toMatchObject({ method: 'POST', params: { itemId: '11' }, body: { packageId: 4, powerType: 'SINGLE_VISION' } });
    const refused = deps({ 'cart.updateItem': fail(422, { message: 'This lens package does not fit this item' }) });
    const before = aCart();
    const failed = await expectSaga(runOperation, refused, op)
      .withReducer(cartSlice.reducer, { ...initialCartState, status: 'ready' as const, cart: before })
      .put(toastShow({ message: 'This lens package does not fit this item', timeout: 7000, error: true }))
      .run();
    expect((failed.storeState as CartState).cart).toEqual(before);
  });
});
