import { EventPayloadError, remoteLoadFailed, toastShow } from './events';
import { createPageStore } from './store';
import { take, put } from 'redux-saga/effects';

describe('typed events', () => {
  it('creates plain actions with the declared type', () => {
    expect(toastShow({ message: 'Added to cart', success: true })).toEqual({
      type: 'toast/show',
      payload: { message: 'Added to cart', success: true },
    });
  });

  it('rejects a payload that does not match its declaration', () => {
    expect(() => toastShow({ message: 42 } as never)).toThrow(EventPayloadError);
    expect(() => remoteLoadFailed({ kind: 'crash', remote: 'catalog', message: 'x' } as never)).toThrow(/remote\/loadFailed/);
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

  it('starts a keyed saga only once', () => {
    const pageStore = createPageStore();
    let starts = 0;
    const saga = function* () {
      starts += 1;
      yield take('never');
    };
    pageStore.runSaga('catalog', saga);
    pageStore.runSaga('catalog', saga);
    expect(starts).toBe(1);
  });
});
