import { waitFor } from '@testing-library/react';
import { fail, fakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import type { ExchangePayload } from '@eyewear/event-bus';
import { createTestPageStore } from '@eyewear/event-bus/testing';
import { addToCartSaga, EXCHANGE_LEFT_TOAST, type AddToCartDeps } from './saga';
import { addToCartActions as a, addToCartSlice, type AddRequest } from './slice';

const frameWithPackage: AddRequest = { kind: 'package', body: { productId: 128001, quantity: 1, packageId: 501, coatingId: 901, powerType: 'SINGLE_VISION' } };
const plain: AddRequest = { ...frameWithPackage, kind: 'plain' };
const exchange: ExchangePayload = { active: true, orderId: '1200', itemId: '77', returnAction: 'exchange', returnMode: 'new_product' };
const cartOf = (itemsQty: number) => ({ itemsQty, items: [] }) as never;
const cart = (itemsQty: number) => ({ result: cartOf(itemsQty) }) as never;

/** The saga running in a page store as the page runs it, with a fake API and browser in its deps. */
function start(handlers: FakeHandlers, over: Partial<AddToCartDeps> = {}) {
  const api = fakeApi(handlers);
  const test = createTestPageStore();
  const deps: AddToCartDeps = {
    api: api.client,
    navigate: jest.fn(),
    alert: jest.fn(),
    reload: jest.fn(),
    pathname: '/product/128001',
    exchange: null,
    ...over,
  };
  test.pageStore.runSaga('test/add-to-cart', addToCartSaga, deps);
  const add = (request: AddRequest) => test.store.dispatch(a.addRequested(request));
  /** Waits until the add ended (added or failed), and answers how. */
  const ended = () =>
    waitFor(() => {
      const [outcome] = [...test.actionsOf(a.addSucceeded.type), ...test.actionsOf(a.addFailed.type)];
      expect(outcome).toBeDefined();
      return outcome!;
    });
  return { ...test, api, deps, add, ended };
}

describe('add to cart saga', () => {
  afterEach(() => jest.useRealTimers());

  it('waits 100 ms before a package submission, then adds', async () => {
    jest.useFakeTimers();
    const { api, add } = start({ 'cart.add': cart(1) });
    add(frameWithPackage);
    await jest.advanceTimersByTimeAsync(99);
    expect(api.callsTo('cart.add')).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(api.callsTo('cart.add').map((c) => c.body)).toEqual([frameWithPackage.body]);
  });

  it('does not wait for other submissions', async () => {
    jest.useFakeTimers();
    const { api, add } = start({ 'cart.add': cart(1) });
    add({ kind: 'plain', body: { productId: 128161, quantity: 1 } });
    await jest.advanceTimersByTimeAsync(0);
    expect(api.callsTo('cart.add').map((c) => c.body)).toEqual([{ productId: 128161, quantity: 1 }]);
  });

  it("publishes the new cart (cart/changed, the page's one cart) and asks for the cart popup", async () => {
    const { add, ended, actionsOf } = start({ 'cart.add': cart(2) });
    add(frameWithPackage);
    expect(await ended()).toEqual(a.addSucceeded({ count: 2 }));
    expect(actionsOf('cart/changed')).toEqual([{ type: 'cart/changed', payload: { count: 2, cart: cartOf(2) } }]);
    expect(actionsOf('cart/popupRequested')).toEqual([{ type: 'cart/popupRequested', payload: {} }]);
  });

  it('adds the gold membership (goldPid) when chosen, and publishes the cart holding both', async () => {
    const { api, add, ended, actionsOf } = start({ 'cart.add': (call) => cart((call.body as { productId: number }).productId === 128269 ? 2 : 1) });
    add({ ...plain, gold: true });
    await ended();
    expect(api.callsTo('cart.add').map((c) => c.body)).toEqual([plain.body, { productId: 128269, quantity: 1 }]);
    expect(actionsOf('cart/changed')).toEqual([{ type: 'cart/changed', payload: { count: 2, cart: cartOf(2) } }]);
  });

  it("marks the page gold_add=1 once Gold is in the cart (the shell's 'gold added' banner), with a frame or on its own; not for other adds", async () => {
    const withFrame = start({ 'cart.add': cart(2) });
    withFrame.add({ ...plain, gold: true });
    await withFrame.ended();
    expect(withFrame.deps.navigate).toHaveBeenCalledWith('/product/128001?gold_add=1');
    const alone = start({ 'cart.add': cart(1) }, { pathname: '/gold-membership.html' });
    alone.add({ kind: 'plain', body: { productId: 128269, quantity: 1 } });
    await alone.ended();
    expect(alone.deps.navigate).toHaveBeenCalledWith('/gold-membership.html?gold_add=1');
    expect(alone.actionsOf('cart/popupRequested')).toHaveLength(1);
    const frame = start({ 'cart.add': cart(1) });
    frame.add(plain);
    await frame.ended();
    expect(frame.deps.navigate).not.toHaveBeenCalled();
  });

  it('sends one Idempotency-Key per tap, the same for none other; taps while an add runs are ignored', async () => {
    let answer: (value: never) => void = () => undefined;
    const { api, add, ended } = start({ 'cart.add': () => new Promise<never>((resolve) => (answer = resolve)) });
    add(plain);
    add(plain);
    add(plain);
    await waitFor(() => expect(api.callsTo('cart.add')).toHaveLength(1));
    answer(cart(1));
    await ended();
    const { add: addAgain, api: api2, ended: ended2 } = start({ 'cart.add': cart(2) });
    addAgain(plain);
    await ended2();
    const keys = [...api.callsTo('cart.add'), ...api2.callsTo('cart.add')].map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('on 422 alerts the out-of-stock text and reloads the page', async () => {
    const { deps, add, ended, actionsOf } = start({ 'cart.add': fail(422, { message: 'Sorry, this product is out of stock' }) });
    add(plain);
    expect(await ended()).toEqual(a.addFailed({ message: 'Sorry, this product is out of stock' }));
    await waitFor(() => expect(deps.reload).toHaveBeenCalled());
    expect(deps.alert).toHaveBeenCalledWith('This product is Out of Stock !');
    expect(actionsOf('cart/popupRequested')).toEqual([]);
  });

  it('on 422 with another message alerts it, and does not reload on the cart', async () => {
    const { deps, add, ended } = start({ 'cart.add': fail(422, { message: 'You can add at most 10 of this item' }) }, { pathname: '/cart' });
    add(plain);
    await ended();
    await waitFor(() => expect(deps.alert).toHaveBeenCalledWith('You can add at most 10 of this item'));
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('other failures are stored without alert', async () => {
    const { deps, add, ended } = start({ 'cart.add': fail(400, { message: 'packageId: bad' }) });
    add(plain);
    expect(await ended()).toEqual(a.addFailed({ message: 'packageId: bad' }));
    expect(deps.alert).not.toHaveBeenCalled();
  });

  it('in exchange mode a failure is a 5000 ms error toast, success goes to the return step', async () => {
    const failing = start({ 'cart.add': () => Promise.reject(new Error('network')) }, { exchange });
    failing.add(plain);
    await failing.ended();
    await waitFor(() =>
      expect(failing.actionsOf('toast/show')).toEqual([{ type: 'toast/show', payload: { message: 'System error occurred', timeout: 5000, error: true } }]),
    );
    const adding = start({ 'cart.add': cart(1) }, { exchange });
    adding.add(plain);
    await adding.ended();
    await waitFor(() => expect(adding.deps.navigate).toHaveBeenCalledWith('/customer/my/order/return/1200/77'));
    expect(adding.actionsOf('cart/popupRequested')).toEqual([]);
    expect(adding.actionsOf('cart/changed')).toEqual([{ type: 'cart/changed', payload: { count: 1, cart: cartOf(1) } }]);
  });

  it('in a spent exchange (the API refuses with EXCHANGE_CLOSED) the page leaves exchange mode and says so', async () => {
    const refusal = { message: 'This exchange was already used for order 1301', code: 'EXCHANGE_CLOSED' };
    const spent = start({ 'cart.add': () => fail(422, refusal) }, { exchange });
    spent.add(plain);
    await spent.ended();
    await waitFor(() => expect(spent.actionsOf('exchange/exitRequested')).toEqual([{ type: 'exchange/exitRequested', payload: {} }]));
    expect(spent.actionsOf('toast/show')).toEqual([
      { type: 'toast/show', payload: { message: refusal.message, timeout: 5000, error: true } },
      { type: 'toast/show', payload: EXCHANGE_LEFT_TOAST },
    ]);
    // Another refusal (stock) keeps the exchange open.
    const other = start({ 'cart.add': () => fail(422, { message: 'Out of stock', code: 'OUT_OF_STOCK' }) }, { exchange });
    other.add(plain);
    await other.ended();
    await waitFor(() => expect(other.actionsOf('toast/show')).toHaveLength(1));
    expect(other.actionsOf('exchange/exitRequested')).toEqual([]);
  });

  it('reads the deps when it needs them: the latest exchange and navigate, without restarting', async () => {
    const { deps, add, ended } = start({ 'cart.add': cart(1) });
    const navigate = jest.fn();
    Object.assign(deps, { exchange, navigate });
    add(plain);
    await ended();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/customer/my/order/return/1200/77'));
    expect(deps.navigate).toBe(navigate);
  });

  const contactLens = (jit: boolean): AddRequest => ({
    kind: 'contactLens',
    jit,
    body: { productId: 128392, quantity: 1, powerType: 'CONTACT_LENS' },
    validate: { productId: 128392, body: { powerType: 'CONTACT_LENS', left: { sph: '-13.00', boxes: 1 }, right: { boxes: 0 } } },
  });
  const invalid = { result: [{ isSuccess: false, eye: 'both', message: 'Left eye: SPH -13.00 is not available for this lens' }] } as never;

  it('refuses a non-JIT contact lens whose check fails, without adding', async () => {
    const { api, add, ended } = start({ 'product.validatePowers': invalid, 'cart.add': cart(1) });
    add(contactLens(false));
    expect(await ended()).toEqual(a.addFailed({ message: 'Left eye: SPH -13.00 is not available for this lens' }));
    expect(api.callsTo('product.validatePowers')[0]).toMatchObject({ params: { id: '128392' }, body: contactLens(false).validate!.body });
    expect(api.callsTo('cart.add')).toHaveLength(0);
  });

  it('adds a JIT contact lens whatever the check says', async () => {
    const { api, add, ended } = start({ 'product.validatePowers': invalid, 'cart.add': cart(1) });
    add(contactLens(true));
    expect(await ended()).toEqual(a.addSucceeded({ count: 1 }));
    expect(api.callsTo('cart.add')).toHaveLength(1);
  });
});

describe('add to cart state', () => {
  const reduce = (...actions: { type: string }[]) => actions.reduce(addToCartSlice.reducer, addToCartSlice.getInitialState());
  it('goes loading, then ready with the count or failed with the message; reset starts over', () => {
    expect(reduce(a.addRequested(plain))).toEqual({ status: 'loading', error: null, count: null });
    expect(reduce(a.addRequested(plain), a.addSucceeded({ count: 3 }))).toEqual({ status: 'ready', error: null, count: 3 });
    expect(reduce(a.addRequested(plain), a.addFailed({ message: 'No' }))).toEqual({ status: 'failed', error: 'No', count: null });
    expect(reduce(a.addFailed({ message: 'No' }), a.addReset())).toEqual({ status: 'idle', error: null, count: null });
  });
});
