import { take, put } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';
import { cartChanged, EventPayloadError, loginRequested, remoteLoadFailed, sessionChanged, toastShow, wishlistChanged } from './events';
import { publish, takeEvent } from './saga';
import { createPageStore } from './store';

const guest = { ready: true, login: false, customerId: null, firstName: null, hasPlacedOrder: false, isLoyalty: false, cartCount: 0, wishlistCount: 0 };

describe('typed events', () => {
  it('creates plain actions with the declared type', () => {
    expect(toastShow({ message: 'Added to cart', success: true })).toEqual({ type: 'toast/show', payload: { message: 'Added to cart', success: true } });
    expect(loginRequested({ tab: 'signup' }).type).toBe('auth/loginRequested');
  });

  it('rejects a payload that does not match its declaration', () => {
    expect(() => toastShow({ message: 42 } as never)).toThrow(EventPayloadError);
    expect(() => remoteLoadFailed({ kind: 'crash', remote: 'catalog', message: 'x' } as never)).toThrow(/remote\/loadFailed/);
    expect(() => wishlistChanged({ count: 51, productIds: [] })).toThrow(EventPayloadError);
    expect(() => sessionChanged({ ...guest, login: 'yes' } as never)).toThrow(EventPayloadError);
    expect(() => loginRequested({ tab: 'register' } as never)).toThrow(EventPayloadError);
  });

  it('reaches sagas of any app through the page store', async () => {
    const pageStore = createPageStore();
    const seen: string[] = [];
    pageStore.runSaga('listener', function* () {
      const event: ReturnType<typeof toastShow> = yield take(toastShow.type);
      seen.push(event.payload.message);
      yield put(remoteLoadFailed({ kind: 'render', remote: 'catalog', message: 'boom' }));
    });
    pageStore.store.dispatch(toastShow({ message: 'hello' }));
    expect(seen).toEqual(['hello']);
  });

  it('keeps the latest value of state-like events for late readers', () => {
    const pageStore = createPageStore();
    pageStore.store.dispatch(cartChanged({ count: 2 }));
    pageStore.store.dispatch(cartChanged({ count: 3 }));
    pageStore.store.dispatch(sessionChanged(guest));
    expect(pageStore.store.getState().events).toEqual({ 'cart/changed': { count: 3 }, 'session/changed': guest });
  });

  it('runs a keyed saga once for many users and cancels it when the last lets go', () => {
    const pageStore = createPageStore();
    let starts = 0;
    const saga = function* () {
      starts += 1;
      yield take('never');
    };
    const releaseA = pageStore.runSaga('catalog', saga);
    const releaseB = pageStore.runSaga('catalog', saga);
    expect(starts).toBe(1);
    releaseA();
    releaseA();
    expect(pageStore.task('catalog')?.isRunning()).toBe(true);
    const task = pageStore.task('catalog')!;
    releaseB();
    expect(task.isCancelled()).toBe(true);
    pageStore.runSaga('catalog', saga);
    expect(starts).toBe(2);
  });
});

describe('saga helpers', () => {
  it('takeEvent returns the payload and publish puts the event', () => {
    function* relay() {
      const { count } = yield* takeEvent(cartChanged);
      yield publish(toastShow, { message: `${count} items in your cart` });
    }
    return expectSaga(relay)
      .dispatch(cartChanged({ count: 4 }))
      .put(toastShow({ message: '4 items in your cart' }))
      .run();
  });
});
