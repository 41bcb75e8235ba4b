import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetSettings } from '@eyewear/api-client';
import { fakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import { renderPage } from '@eyewear/event-bus/testing';
import { useNavigate } from '@eyewear/router';
import { aCart } from '../../../testing/fixtures';
import PaymentView from './PaymentView';

const methods = [
  { code: 'cc' as const, label: 'Credit card', enabled: true },
  { code: 'upi' as const, label: 'UPI', enabled: true },
];

/** The payment page with a cart, the settings, the methods and the card offers answered, and any more `handlers`. */
function setup(handlers: FakeHandlers = {}, ui = <PaymentView mode="standard" />) {
  const fake = fakeApi({
    'cart.get': { result: aCart() },
    'content.settings': { result: {} },
    'checkout.paymentMethods': { result: { methods, version: 'default' } },
    'checkout.cardOffers': { result: { offers: [] } },
    ...handlers,
  });
  return { ...renderPage(ui, { url: '/payment', api: fake.client }), fake };
}

async function fillCard(number: string) {
  await userEvent.click(await screen.findByRole('radio', { name: 'Credit card' }));
  await userEvent.type(screen.getByLabelText('Card number'), number);
  await userEvent.selectOptions(screen.getByLabelText('Expiry month'), '12');
  await userEvent.selectOptions(screen.getByLabelText('Expiry year'), String(new Date().getFullYear() + 2));
  await userEvent.type(screen.getByLabelText('CVV'), '123');
}

describe('payment view', () => {
  beforeEach(() => forgetSettings());

  it('detects the card type, refuses a number failing Luhn, and pays with one Idempotency-Key', async () => {
    const { fake } = setup({ 'checkout.pay': () => new Promise(() => undefined) });
    await fillCard('4111111111111112');
    expect(screen.getByTestId('card-type')).toHaveTextContent('Card: visa');
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid card number');
    expect(fake.callsTo('checkout.pay')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Card number'));
    await userEvent.type(screen.getByLabelText('Card number'), '4111111111111111');
    await userEvent.dblClick(screen.getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(fake.callsTo('checkout.pay')).toHaveLength(1));
    const [pay] = fake.callsTo('checkout.pay');
    expect(pay!.body).toMatchObject({ paymentMethod: 'cc', card: { number: '4111111111111111', expiryMonth: 12, cvv: '123' } });
    expect(pay!.headers['idempotency-key']).toMatch(/^pay-[0-9a-f]{32}$/);
    expect(screen.getByRole('button', { name: 'Processing payment…' })).toBeDisabled();
    // The methods were asked with the default filter, once the settings were known; the card's offers by its first six digits.
    expect(fake.callsTo('checkout.paymentMethods')).toEqual([expect.objectContaining({ query: { paymentMethod: 'cc,dc' } })]);
    expect(fake.callsTo('checkout.cardOffers')[0]!.query).toEqual({ cardNumber: '411111' });
  }, 30_000);

  it('checks the UPI id before paying', async () => {
    const { fake } = setup();
    await userEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
    await userEvent.type(screen.getByLabelText('UPI id'), 'not-a-vpa');
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid UPI id');
    expect(fake.callsTo('checkout.pay')).toHaveLength(0);
  });

  it('finishes a payment in flight when the path changes while the page stays open', async () => {
    // React Router gives navigate a new identity per path; the checkout saga used to be
    // rebuilt on it, which cancelled the payment mid-flight (the answer was never handled).
    let answer!: (value: unknown) => void;
    function Elsewhere() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate('/payment/retry')}>
          Change path
        </button>
      );
    }
    const { fake } = setup(
      { 'checkout.pay': () => new Promise((resolve) => (answer = resolve)) as never },
      <>
        <PaymentView mode="standard" />
        <Elsewhere />
      </>,
    );
    await fillCard('4111111111111111');
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(fake.callsTo('checkout.pay')).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Change path' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/payment/retry');
    await act(async () =>
      answer({
        result: { order: { id: 9001, amount: { total: 1500, currencyCode: 'INR' } }, payment: { paymentId: 'p1', status: 'SUCCESS', action: 'NONE' } },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout/onepage/success?orderId=9001'));
    expect(fake.callsTo('checkout.pay')).toHaveLength(1);
  }, 30_000);

  it('waits for a UPI collect request, then shows its failure with the UPI id still entered', async () => {
    const upi = {
      order: { id: 42, amount: { total: 1500, currencyCode: 'INR' as const } },
      payment: { paymentId: 'p', status: 'PENDING' as const, action: 'UPI_COLLECT' as const },
    };
    const { fake } = setup({
      'checkout.pay': { result: upi },
      'checkout.upiStatus': { result: { orderId: 42, status: 'FAILED', message: 'The UPI payment was declined' } },
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
    await userEvent.type(screen.getByLabelText('UPI id'), 'failure@upi');
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByTestId('upi-waiting')).toHaveTextContent('Approve the payment request in your UPI app.');
    expect(await screen.findByTestId('payment-error', {}, { timeout: 5000 })).toHaveTextContent('The UPI payment was declined');
    expect(screen.getByRole('radio', { name: 'UPI' })).toBeChecked();
    expect(screen.getByLabelText('UPI id')).toHaveValue('failure@upi');
    expect(fake.callsTo('checkout.upiStatus')).toHaveLength(1);
  }, 15_000);
});
