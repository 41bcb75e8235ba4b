import { act, render, screen } from '@testing-library/react';
import { StrictMode, useState } from 'react';
// eslint-disable-next-line no-restricted-imports -- the fault under test: a spawned watcher
import { call, put, spawn, take, takeEvery } from 'redux-saga/effects';
import { useEvent, useInjectSaga, PageStoreProvider } from './react';
import { createPageStore, type PageStore } from './store';
import { toastShow } from './events';

/**
 * Issue 37: an injected saga runs once per key for the page's life. The faults it ends: a saga
 * started again on every mount, with watchers it spawned (detached) still running, so one tap
 * on + was handled two or three times after moving between pages.
 */

const TAP = 'cart-checkout/plusTapped';
const HANDLED = 'cart-checkout/plusHandled';

/** Built like the cart saga was: its watchers spawned, so they outlived a cancelled parent. */
function makeSaga(log: { started: number; handled: number; stopped: number }) {
  return function* plusSaga() {
    log.started += 1;
    yield spawn(function* watchTaps() {
      try {
        while (true) {
          yield take(TAP);
          log.handled += 1;
          yield put({ type: HANDLED });
        }
      } finally {
        log.stopped += 1;
      }
    });
    yield takeEvery('cart-checkout/other', function* noop() {
      yield call(() => undefined);
    });
  };
}

function CartPage({ saga }: { saga: ReturnType<typeof makeSaga> }) {
  useInjectSaga('cart-checkout/plus', saga);
  return <p>cart page</p>;
}

function CartPopup({ saga }: { saga: ReturnType<typeof makeSaga> }) {
  useInjectSaga('cart-checkout/plus', saga);
  return <p>cart popup</p>;
}

/** A page that moves between the cart page, another page and the popup, as the router would. */
function Site({ saga }: { saga: ReturnType<typeof makeSaga> }) {
  const [page, setPage] = useState<'cart' | 'home'>('cart');
  const [popup, setPopup] = useState(false);
  return (
    <>
      <button onClick={() => setPage(page === 'cart' ? 'home' : 'cart')}>navigate</button>
      <button onClick={() => setPopup(!popup)}>popup</button>
      {page === 'cart' ? <CartPage saga={saga} /> : <p>home page</p>}
      {popup ? <CartPopup saga={saga} /> : null}
    </>
  );
}

function mount(pageStore: PageStore, saga: ReturnType<typeof makeSaga>) {
  return render(
    <StrictMode>
      <PageStoreProvider pageStore={pageStore}>
        <Site saga={saga} />
      </PageStoreProvider>
    </StrictMode>,
  );
}

const handledActions = (pageStore: PageStore) => {
  const seen: string[] = [];
  pageStore.runSaga('test/handled', function* () {
    yield takeEvery(HANDLED, (action: { type: string }) => void seen.push(action.type));
  });
  return seen;
};

describe('the lifecycle of an injected saga', () => {
  it('runs one copy across ten unmounts, route changes and remounts (StrictMode): one action is handled once', () => {
    const log = { started: 0, handled: 0, stopped: 0 };
    const saga = makeSaga(log);
    const pageStore = createPageStore();
    const seen = handledActions(pageStore);
    mount(pageStore, saga);
    for (let i = 0; i < 10; i += 1) {
      act(() => screen.getByRole('button', { name: 'navigate' }).click()); // away: the cart page unmounts
      act(() => screen.getByRole('button', { name: 'popup' }).click()); // the popup mounts
      act(() => screen.getByRole('button', { name: 'popup' }).click()); // and closes
      act(() => screen.getByRole('button', { name: 'navigate' }).click()); // back: the cart page mounts again
    }
    expect(screen.getByText('cart page')).toBeInTheDocument();
    act(() => void pageStore.store.dispatch({ type: TAP }));
    expect(log.handled).toBe(1);
    expect(seen).toEqual([HANDLED]);
    expect(log.started).toBe(1);
    expect(log.stopped).toBe(0);
  });

  it('keeps running while none of its components is mounted, so an action then is handled once', () => {
    const log = { started: 0, handled: 0, stopped: 0 };
    const pageStore = createPageStore();
    const { unmount } = mount(pageStore, makeSaga(log));
    unmount();
    act(() => void pageStore.store.dispatch({ type: TAP }));
    expect(log).toEqual({ started: 1, handled: 1, stopped: 0 });
  });

  it('stops, with every watcher it spawned, when its area is removed; a later mount starts one copy again', () => {
    const log = { started: 0, handled: 0, stopped: 0 };
    const saga = makeSaga(log);
    const pageStore = createPageStore();
    const first = mount(pageStore, saga);
    first.unmount();
    act(() => pageStore.stopArea('cart-checkout'));
    expect(log.stopped).toBe(1);
    expect(pageStore.task('cart-checkout/plus')).toBeUndefined();
    act(() => void pageStore.store.dispatch({ type: TAP }));
    expect(log.handled).toBe(0);

    mount(pageStore, saga);
    act(() => void pageStore.store.dispatch({ type: TAP }));
    expect(log).toEqual({ started: 2, handled: 1, stopped: 1 });
  });

  it("leaves other areas' sagas running when one area is removed", () => {
    const log = { started: 0, handled: 0, stopped: 0 };
    const pageStore = createPageStore();
    mount(pageStore, makeSaga(log));
    act(() => pageStore.stopArea('cart'));
    act(() => pageStore.stopArea('catalog'));
    act(() => void pageStore.store.dispatch({ type: TAP }));
    expect(log.handled).toBe(1);
  });

  it("replaces the old build's saga when a new build's saga asks for the same key", () => {
    const oldLog = { started: 0, handled: 0, stopped: 0 };
    const newLog = { started: 0, handled: 0, stopped: 0 };
    const pageStore = createPageStore();
    pageStore.startSaga('cart-checkout/plus', makeSaga(oldLog));
    pageStore.startSaga('cart-checkout/plus', makeSaga(newLog));
    pageStore.store.dispatch({ type: TAP });
    expect(oldLog).toEqual({ started: 1, handled: 0, stopped: 1 });
    expect(newLog).toEqual({ started: 1, handled: 1, stopped: 0 });
  });

  it('starts again a saga that ended with an error, at the next ask', () => {
    let runs = 0;
    const pageStore = createPageStore();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function* fragile() {
      runs += 1;
      yield take('cart-checkout/break');
      throw new Error('broken');
    }
    pageStore.startSaga('cart-checkout/fragile', fragile);
    pageStore.store.dispatch({ type: 'cart-checkout/break' });
    expect(pageStore.task('cart-checkout/fragile')).toBeUndefined();
    pageStore.startSaga('cart-checkout/fragile', fragile);
    pageStore.startSaga('cart-checkout/fragile', fragile);
    expect(runs).toBe(2);
    errors.mockRestore();
  });

  it("a component's event listener (useEvent) stops with the component", () => {
    const pageStore = createPageStore();
    const heard: string[] = [];
    function Listener() {
      useEvent(toastShow, (toast) => void heard.push(toast.message));
      return null;
    }
    const { unmount } = render(
      <PageStoreProvider pageStore={pageStore}>
        <Listener />
      </PageStoreProvider>,
    );
    act(() => void pageStore.store.dispatch(toastShow({ message: 'one' })));
    unmount();
    act(() => void pageStore.store.dispatch(toastShow({ message: 'two' })));
    expect(heard).toEqual(['one']);
  });

  it('a held saga (runSaga) stops when its last holder lets go, unless it was also started for the page', () => {
    const pageStore = createPageStore();
    let handled = 0;
    function* counting() {
      yield takeEvery('catalog/ping', () => void (handled += 1));
    }
    const releaseA = pageStore.runSaga('catalog/held', counting);
    const releaseB = pageStore.runSaga('catalog/held', counting);
    releaseA();
    pageStore.store.dispatch({ type: 'catalog/ping' });
    releaseB();
    pageStore.store.dispatch({ type: 'catalog/ping' });
    expect(handled).toBe(1);

    const release = pageStore.runSaga('catalog/pinned', counting);
    pageStore.startSaga('catalog/pinned', counting);
    release();
    pageStore.store.dispatch({ type: 'catalog/ping' });
    expect(handled).toBe(2);
  });
});
