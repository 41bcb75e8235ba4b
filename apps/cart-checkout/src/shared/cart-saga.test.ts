import { expectSaga } from 'redux-saga-test-plan';
import { ApiError } from '@eyewear/api-client';
import { cartChanged, toastShow } from '@eyewear/event-bus';
import { aCart, anItem } from '../testing/render';
import { createCartSaga, OUT_OF_STOCK_ALERT, refetchOnCountChange, runOperation, type CartSagaDeps } from './cart-saga';
import { cartActions, cartSlice, emptyCart, initialCartState, type CartState } from './cart-slice';
import { LAST_ACTION_KEY } from './rules';

const deps = (run: CartSagaDeps['api']['run'], extra: Partial<CartSagaDeps> = {}): CartSagaDeps => ({
  api: { run },
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
    const d = deps(async () => ({ result: cart }));
    await expectSaga(runOperation, d, { op: 'increase', itemId: 11 })
      .put(cartActions.succeeded({ op: 'increase', cart }))
      .put(cartChanged({ count: 2 }))
      .run();
    expect(d.storage!.setItem).toHaveBeenCalledWith(LAST_ACTION_KEY, 'increase');
  });

  it('resets to an empty cart on 401 or 404 from get', async () => {
    for (const status of [401, 404]) {
      const d = deps(async () => {
        throw new ApiError(status, { message: 'gone' }, 'gone');
      });
      const { storeState } = await expectSaga(runOperation, d, { op: 'get' })
        .withReducer(cartSlice.reducer, initialCartState)
        .put(cartChanged({ count: 0 }))
        .run();
      expect((storeState as CartState).cart).toEqual(emptyCart('INR'));
    }
  });

  it('zeros the gift voucher amount and stores the message when a voucher fails', async () => {
    const d = deps(async () => {
      throw new ApiError(422, { message: 'This gift voucher has expired' }, 'This gift voucher has expired');
    });
    const start = { ...initialCartState, status: 'ready' as const, cart: aCart(undefined, { gvAmt: 500 }) };
    const { storeState } = await expectSaga(runOperation, d, { op: 'applyVoucher', code: 'OLD1' }).withReducer(cartSlice.reducer, start).run();
    expect((storeState as CartState).cart!.gvAmt).toBe(0);
    expect((storeState as CartState).voucherMessage).toBe('This gift voucher has expired');
  });

  it('keeps the cart when an offer fails', async () => {
    const d = deps(async () => {
      throw new ApiError(422, { message: 'This offer is not available' }, 'This offer is not available');
    });
    const start = { ...initialCartState, status: 'ready' as const, cart: aCart() };
    const { storeState } = await expectSaga(runOperation, d, { op: 'applyOffer', offerId: 'X' }).withReducer(cartSlice.reducer, start).run();
    expect((storeState as CartState).cart).toEqual(start.cart);
    expect((storeState as CartState).error).toMatchObject({ op: 'applyOffer' });
  });

  it('alerts "This product is Out of Stock !" on a 422 out-of-stock add and reloads off the cart page', async () => {
    const d = deps(async () => {
      throw new ApiError(422, { message: 'This product is out of stock' }, 'This product is out of stock');
    });
    const { storeState } = await expectSaga(runOperation, d, { op: 'add', item: { productId: 1, quantity: 1 } })
      .withReducer(cartSlice.reducer, initialCartState)
      .run();
    expect(d.alert).toHaveBeenCalledWith(OUT_OF_STOCK_ALERT);
    expect(d.reload).toHaveBeenCalled();
    expect((storeState as CartState).addFailed).toBe(true);
  });

  it('shows the server message otherwise, and does not reload on the cart page', async () => {
    const d = deps(
      async () => {
        throw new ApiError(422, { message: 'Only 1 left in stock' }, 'Only 1 left in stock');
      },
      { pathname: () => '/cart' },
    );
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
    const d = deps(async (op) => {
      order.push(op.op);
      return { result: aCart() };
    });
    await expectSaga(createCartSaga(d))
      .withState({ events: {} })
      .dispatch(cartActions.requested({ op: 'increase', itemId: 1 }))
      .dispatch(cartActions.requested({ op: 'decrease', itemId: 1 }))
      .dispatch(cartActions.requested({ op: 'remove', itemId: 1 }))
      .silentRun(50);
    expect(order).toEqual(['increase', 'decrease', 'remove']);
  });

  it('toasts a power update for 7000 ms, and the server message when it fails', async () => {
    const ok = deps(async () => ({ result: aCart() }));
    const change = { prescription: { powerType: 'SINGLE_VISION' as const, left: { sph: '-1.00' }, right: { sph: '-1.25' } } };
    await expectSaga(runOperation, ok, { op: 'update', itemId: 11, change })
      .put(toastShow({ message: 'Power updated successfully', timeout: 7000, success: true }))
      .run();
    const bad = deps(async () => {
      throw new ApiError(400, { message: 'Invalid power value' }, 'Invalid power value');
    });
    await expectSaga(runOperation, bad, { op: 'update', itemId: 11, change: { packageId: 3 } })
      .put(toastShow({ message: 'Invalid power value', timeout: 7000, error: true }))
      .run();
  });

  it('a package change (update item) stores the re-priced cart and toasts "Package updated successfully" for 7000 ms', async () => {
    const repriced = aCart(
      [anItem({ options: [{ type: 'PACKAGE', name: 'Blu Cut', oid: 4, catalogPrices: [{ name: 'Market Price', price: 1200, currencyCode: 'INR' }] }] })],
      { netAmountCart: 2700 },
    );
    const api = jest.fn(async () => ({ result: repriced }));
    const d = deps(api);
    const op = { op: 'update' as const, itemId: 11, change: { packageId: 4, powerType: 'SINGLE_VISION' as const } };
    const { storeState } = await expectSaga(runOperation, d, op)
      .withReducer(cartSlice.reducer, { ...initialCartState, status: 'ready' as const, cart: aCart() })
      .call(d.api.run, op)
      .put(cartActions.succeeded({ op: 'update', cart: repriced }))
      .put(toastShow({ message: 'Package updated successfully', timeout: 7000, success: true }))
      .run();
    expect((storeState as CartState).cart!.netAmountCart).toBe(2700);
    expect(d.storage!.setItem).not.toHaveBeenCalled();
    const refused = deps(async () => {
      throw new ApiError(422, { message: 'This lens package does not fit this item' }, 'This lens package does not fit this item');
    });
    const before = aCart();
    const failed = await expectSaga(runOperation, refused, op)
      .withReducer(cartSlice.reducer, { ...initialCartState, status: 'ready' as const, cart: before })
      .put(toastShow({ message: 'This lens package does not fit this item', timeout: 7000, error: true }))
      .run();
    expect((failed.storeState as CartState).cart).toEqual(before);
  });
});
