import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPageStore } from '@eyewear/event-bus';
import { useLocation, useNavigate } from '@eyewear/router';
import { aCart, renderCart } from '../../testing/render';
import { cartActions, cartSlice } from '../../shared/cart-slice';
import PaymentView from './PaymentView';

const pay = jest.fn();
// One API object per country, as the real cartApiFor keeps (effects depend on its identity).
jest.mock('../../shared/api', () => {
  const api = {
    run: jest.fn(async () => ({ result: jest.requireActual('../../testing/render').aCart() })),
    paymentMethods: jest.fn(async () => ({
      result: {
        methods: [
          { code: 'cc', label: 'Credit card', enabled: true },
          { code: 'upi', label: 'UPI', enabled: true },
        ],
      },
    })),
    cardOffers: jest.fn(async () => ({ result: { offers: [] } })),
    captcha: jest.fn(),
    savedCards: jest.fn(async () => ({ result: { cards: [] } })),
    pay: (...args: unknown[]) => pay(...args),
    upiStatus: jest.fn(),
  };
  return { cartApiFor: () => api };
});

function setup() {
  const pageStore = createPageStore();
  cartSlice.injectInto(pageStore.rootReducer);
  pageStore.store.dispatch(cartActions.succeeded({ op: 'get', cart: aCart() }));
  return renderCart(<PaymentView mode="standard" />, { url: '/payment', pageStore });
}

describe('payment view', () => {
  beforeEach(() => pay.mockReset());

  it('detects the card type, refuses a number failing Luhn, and pays with one Idempotency-Key', async () => {
    pay.mockImplementation(() => new Promise(() => undefined));
    setup();
    await userEvent.click(await screen.findByRole('radio', { name: 'Credit card' }));
    await userEvent.type(screen.getByLabelText('Card number'), '4111111111111112');
    expect(screen.getByTestId('card-type')).toHaveTextContent('Card: visa');
    await userEvent.selectOptions(screen.getByLabelText('Expiry month'), '12');
    await userEvent.selectOptions(screen.getByLabelText('Expiry year'), String(new Date().getFullYear() + 2));
    await userEvent.type(screen.getByLabelText('CVV'), '123');
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid card number');
    expect(pay).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Card number'));
    await userEvent.type(screen.getByLabelText('Card number'), '4111111111111111');
    await userEvent.dblClick(screen.getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(1));
    const [body, key] = pay.mock.calls[0]!;
    expect(body).toMatchObject({ paymentMethod: 'cc', card: { number: '4111111111111111', expiryMonth: 12, cvv: '123' } });
    expect(key).toMatch(/^pay-[0-9a-f]{32}$/);
    expect(screen.getByRole('button', { name: 'Processing payment…' })).toBeDisabled();
  }, 30_000);

  it('checks the UPI id before paying', async () => {
    setup();
    await userEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
    await userEvent.type(screen.getByLabelText('UPI id'), 'not-a-vpa');
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid UPI id');
    expect(pay).not.toHaveBeenCalled();
  });

  it('finishes a payment in flight when the path changes while the page stays open', async () => {
    // React Router gives navigate a new identity per path; the checkout saga used to be
    // rebuilt on it, which cancelled the payment mid-flight (the answer was never handled).
    let answer!: (value: unknown) => void;
    pay.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const pageStore = createPageStore();
    cartSlice.injectInto(pageStore.rootReducer);
    pageStore.store.dispatch(cartActions.succeeded({ op: 'get', cart: aCart() }));
    function Elsewhere() {
      const navigate = useNavigate();
      const { pathname, search } = useLocation();
      return (
        <>
          <output data-testid="location">{`${pathname}${search}`}</output>
          <button type="button" onClick={() => navigate('/payment/retry')}>
            Change path
          </button>
        </>
      );
    }
    renderCart(
      <>
        <PaymentView mode="standard" />
        <Elsewhere />
      </>,
      { url: '/payment', pageStore },
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Credit card' }));
    await userEvent.type(screen.getByLabelText('Card number'), '4111111111111111');
    await userEvent.selectOptions(screen.getByLabelText('Expiry month'), '12');
    await userEvent.selectOptions(screen.getByLabelText('Expiry year'), String(new Date().getFullYear() + 2));
    await userEvent.type(screen.getByLabelText('CVV'), '123');
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(1));

    await userEvent.click(screen.getByRole('button', { name: 'Change path' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/payment/retry');
    await act(async () =>
      answer({
        result: { order: { id: 9001, amount: { total: 1500, currencyCode: 'INR' } }, payment: { paymentId: 'p1', status: 'SUCCESS', action: 'NONE' } },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout/onepage/success?orderId=9001'));
    expect(pay).toHaveBeenCalledTimes(1);
  }, 30_000);
});
