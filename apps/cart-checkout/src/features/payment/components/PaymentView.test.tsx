import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { forgetSettings } from '@eyewear/api-client';
import { fail, fakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import { renderPage } from '@eyewear/event-bus/testing';
import { useNavigate } from '@eyewear/router';
import { aCart, anItem, anOrder } from '../../../testing/fixtures';
import { checkoutActions } from '../../checkout';
import PaymentView from './PaymentView';

const methods = [
  { code: 'cc' as const, label: 'Credit card', enabled: true },
  { code: 'upi' as const, label: 'UPI', enabled: true },
];

/** The payment page with a cart, the settings, the methods and the card offers answered, and any more `handlers`. */
function setup(handlers: FakeHandlers = {}, ui = <PaymentView mode="standard" />, url = '/payment') {
  const fake = fakeApi({
    'cart.get': { result: aCart() },
    'content.settings': { result: {} },
    'checkout.paymentMethods': { result: { methods, version: 'default' } },
    'checkout.cardOffers': { result: { offers: [] } },
    ...handlers,
  });
  return { ...renderPage(ui, { url, api: fake.client }), fake };
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
    // The methods were asked with the default filter, once the settings were known (and the card provider's, once);
    // the card's offers by its first six digits.
    expect(fake.callsTo('checkout.paymentMethods').map((c) => c.query)).toEqual([
      { paymentMethod: 'cc,dc' },
      { paymentMethod: 'primer', primerPaymentMethods: 'PAYMENT_CARD' },
    ]);
    expect(fake.callsTo('checkout.cardOffers')[0]!.query).toEqual({ cardNumber: '411111' });
  }, 30_000);

  it('a cart that changed since the page opened is not charged: the new total is shown, and Pay then pays it', async () => {
    const shown = aCart([anItem({ id: 1, amount: { total: 1234, currencyCode: 'INR' } })], { netAmountCart: 1234 });
    const grown = aCart(
      [anItem({ id: 1, amount: { total: 1234, currencyCode: 'INR' } }), anItem({ id: 2, productId: 128002, amount: { total: 4199, currencyCode: 'INR' } })],
      { netAmountCart: 5433 },
    );
    const { fake } = setup({ 'cart.get': { result: shown } });
    await userEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
    await userEvent.type(screen.getByLabelText('UPI id'), 'success@upi');
    // Meanwhile another tab (or a stale page) added a product: the API refuses the old total.
    fake.answer({
      'cart.get': { result: grown },
      'checkout.pay': fail(409, { message: 'Your cart changed since you saw it.', code: 'CART_CHANGED', total: 5433, currencyCode: 'INR', itemsQty: 2 }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹1,234' }));
    expect(await screen.findByTestId('payment-error')).toHaveTextContent('the total is now ₹5,433. Nothing was charged.');
    // The cart was read again: the summary and Pay show the new total, and the next press is a new attempt with it.
    const pay = await screen.findByRole('button', { name: 'Pay ₹5,433' });
    fake.answer({ 'checkout.pay': () => new Promise(() => undefined) });
    await userEvent.click(pay);
    const [first, second] = fake.callsTo('checkout.pay');
    expect(first!.body).toMatchObject({ expectedTotal: 1234 });
    expect(second!.body).toMatchObject({ expectedTotal: 5433 });
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  }, 30_000);

  it('opening the payment page again reads the cart again: what another page added shows, and Pay says it', async () => {
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button onClick={() => setOpen(!open)}>toggle</button>
          {open ? <PaymentView mode="standard" /> : null}
        </>
      );
    }
    const one = aCart([anItem({ id: 1, amount: { total: 1234, currencyCode: 'INR' } })], { netAmountCart: 1234 });
    const { fake } = setup({ 'cart.get': { result: one } }, <Harness />);
    await userEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
    expect(screen.getByRole('button', { name: 'Pay ₹1,234' })).toBeInTheDocument();
    const gets = fake.callsTo('cart.get').length;
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    fake.answer({
      'cart.get': { result: aCart([anItem({ id: 1, amount: { total: 1234, currencyCode: 'INR' } }), anItem({ id: 2 })], { netAmountCart: 4234 }) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹4,234' })).toBeInTheDocument();
    expect(fake.callsTo('cart.get')).toHaveLength(gets + 1);
  });

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

  it("waits for a UPI collect request; a declined one leaves the shopper on the retry screen with the order's amount, never the emptied cart's", async () => {
    const upi = {
      order: { id: 42, amount: { total: 1234, currencyCode: 'INR' as const } },
      payment: { paymentId: 'p', status: 'PENDING' as const, action: 'UPI_COLLECT' as const },
    };
    const { fake } = setup({
      'checkout.pay': { result: upi },
      'checkout.upiStatus': { result: { orderId: 42, status: 'FAILED', message: 'The UPI payment was declined' } },
      'checkout.order': { result: anOrder() },
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
    await userEvent.type(screen.getByLabelText('UPI id'), 'failure@upi');
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByTestId('upi-waiting')).toHaveTextContent('Approve the payment request in your UPI app.');
    // How long the items are kept while the shopper pays (issue 40).
    expect(screen.getByTestId('upi-waiting')).toHaveTextContent('Your items are kept for you for 15 minutes while you pay');
    fake.answer({ 'cart.get': { result: aCart([]) } });
    expect(await screen.findByTestId('payment-error', {}, { timeout: 5000 })).toHaveTextContent('The UPI payment was declined');
    // The router commits a navigation as a transition: on a busy machine it may land just after the store's update.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout/onepage/retrypayment?orderId=42'));
    expect(screen.getByTestId('retry-amount')).toHaveTextContent('Amount to pay: ₹1,234');
    expect(screen.getByRole('button', { name: 'Pay ₹1,234' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /₹0/ })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'UPI' })).toBeChecked();
    expect(screen.getByLabelText('UPI id')).toHaveValue('failure@upi');
    expect(fake.callsTo('checkout.upiStatus')).toHaveLength(1);
    expect(fake.callsTo('checkout.order')[0]!.params).toEqual({ orderId: '42' });
    // Paying again pays for that order.
    fake.answer({ 'checkout.pay': () => new Promise(() => undefined) });
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹1,234' }));
    expect(fake.callsTo('checkout.pay')).toHaveLength(2);
    expect(fake.callsTo('checkout.pay')[1]!.body).toEqual({ orderId: 42, paymentMethod: 'upi', vpa: 'failure@upi', expectedTotal: 1234 });
  }, 15_000);

  it('the retry page loads the order it pays for, with its amount, when the cart is empty', async () => {
    const { fake } = setup(
      { 'cart.get': { result: aCart([]) }, 'checkout.order': { result: anOrder({ id: 77 }) } },
      <PaymentView mode="retry" />,
      '/checkout/onepage/retrypayment?orderId=77',
    );
    expect(await screen.findByRole('region', { name: 'Pay for order #77' })).toHaveTextContent('Amount to pay: ₹1,234');
    expect(await screen.findByRole('button', { name: 'Pay ₹1,234' })).toBeInTheDocument();
    expect(fake.callsTo('checkout.paymentMethods')[0]!.query).toEqual({ paymentMethod: 'cc,dc', orderId: '77' });
    expect(fake.callsTo('checkout.paymentMethods')[1]!.query).toEqual({ paymentMethod: 'primer', primerPaymentMethods: 'PAYMENT_CARD', orderId: '77' });
  });

  it('the retry page of a paid order links to it, of a cancelled one back to the shop, of an unknown one says so', async () => {
    const paid = setup(
      { 'checkout.order': { result: anOrder({ status: 'PLACED' }) } },
      <PaymentView mode="retry" />,
      '/checkout/onepage/retrypayment?orderId=42',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Order #42 is already paid.');
    expect(screen.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', '/sales/order/history/order-detail/42');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    paid.unmount();
    const cancelled = setup(
      { 'checkout.order': { result: anOrder({ status: 'CANCELLED' }) } },
      <PaymentView mode="retry" />,
      '/checkout/onepage/retrypayment?orderId=42',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Order #42 cannot be paid any more.');
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    cancelled.unmount();
    setup({ 'checkout.order': fail(404) }, <PaymentView mode="retry" />, '/checkout/onepage/retrypayment?orderId=5');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this order.');
  });

  it('a shopper who stops waiting for the UPI request goes to the retry page, and its polling stops', async () => {
    const upi = {
      order: { id: 42, amount: { total: 1234, currencyCode: 'INR' as const } },
      payment: { paymentId: 'p', status: 'PENDING' as const, action: 'UPI_COLLECT' as const },
    };
    const { fake, actionsOf } = setup({
      'checkout.pay': { result: upi },
      'checkout.upiStatus': { result: { orderId: 42, status: 'PENDING' } },
      'checkout.order': { result: anOrder() },
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
    await userEvent.type(screen.getByLabelText('UPI id'), 'pending@upi');
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    await userEvent.click(await screen.findByRole('link', { name: 'Cancel and choose another payment method' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout/onepage/retrypayment?orderId=42');
    expect(actionsOf('checkout/paymentAbandoned')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Pay ₹1,234' })).toBeInTheDocument();
    const polled = fake.callsTo('checkout.upiStatus').length;
    await act(() => new Promise((settled) => setTimeout(settled, 2500)));
    expect(fake.callsTo('checkout.upiStatus')).toHaveLength(polled);
  }, 15_000);

  it('shows the items and the address being paid for, and says why Pay cannot be pressed until a method is chosen', async () => {
    const { pageStore } = setup();
    await act(async () =>
      pageStore.store.dispatch(
        checkoutActions.addressSaved({
          address: {
            firstName: 'Asha',
            lastName: 'Rao',
            email: 'a@example.com',
            phone: '9876543210',
            addressline1: '12 MG Road',
            city: 'Bengaluru',
            state: 'KA',
            postcode: '560001',
            country: 'in',
          },
          giftMessage: null,
          options: [],
        }),
      ),
    );
    const summary = await screen.findByRole('region', { name: 'What you are paying for' });
    expect(summary).toHaveTextContent('Clearview Round Classic × 1');
    expect(within(summary).getByTestId('pay-address')).toHaveTextContent('Deliver to Asha Rao, Bengaluru 560001');
    const pay = await screen.findByRole('button', { name: 'Pay ₹1,500' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription('Choose a payment method to pay.');
    await userEvent.click(screen.getByRole('radio', { name: 'UPI' }));
    expect(pay).toBeEnabled();
    expect(screen.queryByText('Choose a payment method to pay.')).not.toBeInTheDocument();
  });
});

describe('nothing left to pay (issue 42)', () => {
  beforeEach(() => forgetSettings());

  const paidBy = (discounts: { type: string; amount: number; code?: string }[]) =>
    aCart([anItem({ id: 1, amount: { total: 1500, currencyCode: 'INR' } })], {
      netAmountCart: 0,
      totals: { subTotal: 1500, totalDiscount: 1500, totalTax: 0, shipping: 0, total: 0, discounts: discounts as never },
    });

  it('asks no payment method for a cart the exchange credit paid in full, and places the order at once, once', async () => {
    const { fake } = setup({
      'cart.get': { result: paidBy([{ type: 'exchange', amount: 1500, code: '1200001:3' }]) },
      'checkout.pay': {
        result: { order: { id: 9002, amount: { total: 0, currencyCode: 'INR' } }, payment: { paymentId: 'p2', status: 'SUCCESS', action: 'NONE' } },
      },
    });
    const paid = await screen.findByRole('form', { name: 'Nothing to pay' });
    expect(within(paid).getByRole('status')).toHaveTextContent('Your order is fully paid by your exchange credit: no payment method is needed.');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await userEvent.dblClick(within(paid).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout/onepage/success?orderId=9002'));
    expect(fake.callsTo('checkout.pay')).toHaveLength(1);
    const [pay] = fake.callsTo('checkout.pay');
    expect(pay!.body).toEqual({ paymentMethod: 'sc', expectedTotal: 0 });
    expect(pay!.headers['idempotency-key']).toMatch(/^pay-[0-9a-f]{32}$/);
  }, 30_000);

  it('names every balance that paid, records a gift voucher as the payment, and says a refusal', async () => {
    const { fake } = setup({
      'cart.get': {
        result: paidBy([
          { type: 'gv', amount: 500, code: 'GV500' },
          { type: 'sc', amount: 1000, code: 'CREDIT1000' },
        ]),
      },
      'checkout.pay': fail(422, { message: 'Your store credit balance changed. Please review your cart.', code: 'BALANCE_CHANGED' }),
    });
    const paid = await screen.findByRole('form', { name: 'Nothing to pay' });
    expect(within(paid).getByRole('status')).toHaveTextContent('Your order is fully paid by your gift voucher and store credit: no payment method is needed.');
    await userEvent.click(within(paid).getByRole('button', { name: 'Place order' }));
    expect(await within(paid).findByRole('alert')).toHaveTextContent('Your store credit balance changed. Please review your cart.');
    expect(fake.callsTo('checkout.pay')[0]!.body).toMatchObject({ paymentMethod: 'gv', expectedTotal: 0 });
  }, 30_000);
});
