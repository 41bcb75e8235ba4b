import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { call, take } from 'redux-saga/effects';
import { useParams } from '@eyewear/router';
import { EXCHANGE_COOKIE } from './exchange';
import { exchangeChanged, exchangeExitRequested, exchangeStartRequested, loggedIn, toastShow } from './events';
import { useEvent, useInjectSaga, useLatestEvent } from './react';
import { Slot } from './slots';
import { createTestPageStore, CUSTOMER, GUEST, renderFragment, renderPage } from './testing';

describe('useInjectSaga with deps', () => {
  it('hands the saga the latest deps without restarting it', async () => {
    const seen: string[] = [];
    let starts = 0;
    function* saga(deps: { label: string }) {
      starts += 1;
      while (true) {
        yield take('test/ping');
        yield call(() => seen.push(deps.label));
      }
    }
    function Pinger() {
      const [label, setLabel] = useState('first');
      useInjectSaga('test/pinger', saga, { label });
      return (
        <button type="button" onClick={() => setLabel('second')}>
          relabel
        </button>
      );
    }
    const { store } = renderPage(<Pinger />);
    act(() => void store.dispatch({ type: 'test/ping' }));
    fireEvent.click(screen.getByRole('button', { name: 'relabel' }));
    act(() => void store.dispatch({ type: 'test/ping' }));
    expect(seen).toEqual(['first', 'second']);
    expect(starts).toBe(1);
  });
});

describe('useInjectSaga deps shared by a key', () => {
  it('keeps the deps live when the component that started the saga leaves and another stays', () => {
    const seen: string[] = [];
    function* saga(deps: { label: string }) {
      while (true) {
        yield take('test/ping');
        yield call(() => seen.push(deps.label));
      }
    }
    function User({ label }: { label: string }) {
      useInjectSaga('test/shared', saga, { label });
      return null;
    }
    function Two({ first, second }: { first: boolean; second: string }) {
      return (
        <>
          {first ? <User label="first" /> : null}
          <User label={second} />
        </>
      );
    }
    const view = renderFragment(<Two first second="second" />);
    view.rerender(<Two first={false} second="second, later" />);
    act(() => void view.store.dispatch({ type: 'test/ping' }));
    expect(seen).toEqual(['second, later']);
  });
});

describe('useEvent', () => {
  it('calls the latest handler with each event while mounted, and stops after', () => {
    const heard: string[] = [];
    function Listener() {
      useEvent(toastShow, (payload) => heard.push(payload.message));
      return null;
    }
    const view = renderFragment(<Listener />);
    act(() => void view.store.dispatch(toastShow({ message: 'one' })));
    view.unmount();
    act(() => void view.store.dispatch(toastShow({ message: 'two' })));
    expect(heard).toEqual(['one']);
  });
});

describe('the test kit', () => {
  it('renders a page at its route, with its params and the location', () => {
    function Order() {
      return <h1>Order {useParams().id}</h1>;
    }
    renderPage(<Order />, { url: '/orders/12?tab=items', path: '/orders/:id' });
    expect(screen.getByRole('heading', { name: 'Order 12' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/orders/12?tab=items');
  });

  it('publishes the given session and runs the shell part: a login becomes session/changed', () => {
    function Who() {
      return <p>{useLatestEvent('session/changed')?.firstName ?? 'guest'}</p>;
    }
    const { store, actionsOf } = renderFragment(<Who />, { session: GUEST });
    expect(screen.getByText('guest')).toBeInTheDocument();
    act(() => void store.dispatch(loggedIn(CUSTOMER)));
    expect(screen.getByText('Asha')).toBeInTheDocument();
    expect(actionsOf('session/changed')).toHaveLength(2);
  });

  it('keeps the shell around the page on rerender', () => {
    function Title({ text }: { text: string }) {
      return <h1>{`${text} ${useParams().id}`}</h1>;
    }
    const view = renderPage(<Title text="Order" />, { url: '/orders/3', path: '/orders/:id' });
    view.rerender(<Title text="Return" />);
    expect(screen.getByRole('heading', { name: 'Return 3' })).toBeInTheDocument();
  });

  it('renders a slot with the test stand-in, and nothing without one', () => {
    renderFragment(<Slot name="wishlistToggle" props={{ productId: 7, name: 'Rowan' }} fallback={<span>no heart</span>} />, {
      slots: { wishlistToggle: ({ productId, name }) => <button type="button">{`heart ${productId} ${name}`}</button> },
    });
    expect(screen.getByRole('button', { name: 'heart 7 Rowan' })).toBeInTheDocument();
  });
});

describe('the exchange session (the shell publishes exchange/changed)', () => {
  it('opens on the account request, writing the cookie, and closes on an exit request', () => {
    const { store, actionsOf } = createTestPageStore();
    store.dispatch(exchangeStartRequested({ orderId: 1201, itemId: 3, returnMode: 'pickup' }));
    expect(document.cookie).toContain(`${EXCHANGE_COOKIE}=1201%3A3`);
    store.dispatch(exchangeExitRequested({}));
    expect(document.cookie).not.toContain(EXCHANGE_COOKIE);
    expect(actionsOf(exchangeChanged.type).map((a) => a.payload)).toEqual([
      { active: true, orderId: '1201', itemId: '3', returnAction: 'exchange', returnMode: 'pickup' },
      { active: false, orderId: null, itemId: null, returnAction: null, returnMode: null },
    ]);
  });
});
