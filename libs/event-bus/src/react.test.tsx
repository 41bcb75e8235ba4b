import { act, render, screen } from '@testing-library/react';
import { createSlice } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';
import { take } from 'redux-saga/effects';
import { cartChanged, GUEST_SESSION, sessionChanged } from './events';
import { PageStoreProvider, useInjectSaga, useInjectSlice, useLatestEvent } from './react';
import { createPageStore } from './store';

const counter = createSlice({
  name: 'catalogCounter',
  initialState: { value: 7 },
  reducers: { bumped: (state) => void (state.value += 1) },
});

let sagaStarted = 0;
let sagaCancelled = 0;
function* counterSaga() {
  sagaStarted += 1;
  try {
    yield take('never');
  } finally {
    sagaCancelled += 1;
  }
}

function Remote() {
  const injected = useInjectSlice(counter);
  useInjectSaga('catalog/counter', counterSaga);
  const value = useSelector((state: object) => injected.selectSlice(state as never).value);
  const cart = useLatestEvent('cart/changed');
  return <p>{`value ${value} cart ${cart?.count ?? 'unknown'}`}</p>;
}

describe('store injection', () => {
  it("injects a remote's slice and runs its saga for the page's life, stopped with its area", () => {
    const pageStore = createPageStore();
    const { unmount } = render(
      <PageStoreProvider pageStore={pageStore}>
        <Remote />
      </PageStoreProvider>,
    );
    expect(screen.getByText('value 7 cart unknown')).toBeInTheDocument();
    act(() => {
      pageStore.store.dispatch(counter.actions.bumped());
      pageStore.store.dispatch(cartChanged({ count: 2 }));
    });
    expect(screen.getByText('value 8 cart 2')).toBeInTheDocument();
    expect(sagaStarted).toBe(1);
    unmount();
    expect(sagaCancelled).toBe(0);
    pageStore.stopArea('catalog');
    expect(sagaCancelled).toBe(1);
  });
});

describe('useLatestEvent with a selection', () => {
  it('renders again only when what the component reads of the event changes', () => {
    const pageStore = createPageStore();
    let renders = 0;
    function Tag() {
      renders += 1;
      const ordered = useLatestEvent('session/changed', (session) => session?.hasPlacedOrder === true);
      return <p>{ordered ? 'ordered' : 'new customer'}</p>;
    }
    render(
      <PageStoreProvider pageStore={pageStore}>
        <Tag />
      </PageStoreProvider>,
    );
    expect(screen.getByText('new customer')).toBeInTheDocument();
    const before = renders;
    // A guest's session arrives, then a customer's without orders: nothing the card reads changed.
    act(() => {
      pageStore.store.dispatch(sessionChanged(GUEST_SESSION));
      pageStore.store.dispatch(sessionChanged({ ...GUEST_SESSION, ready: true, login: true, customerId: 5, firstName: 'Asha' }));
    });
    expect(renders).toBe(before);
    act(() => {
      pageStore.store.dispatch(sessionChanged({ ...GUEST_SESSION, ready: true, login: true, customerId: 5, firstName: 'Asha', hasPlacedOrder: true }));
    });
    expect(screen.getByText('ordered')).toBeInTheDocument();
    expect(renders).toBe(before + 1);
  });
});
