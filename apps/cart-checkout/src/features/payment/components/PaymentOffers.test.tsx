import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetSettings, type Cart } from '@eyewear/api-client';
import { fail, fakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import { renderPage } from '@eyewear/event-bus/testing';
import { aCart, anItem, anOrder } from '../../../testing/fixtures';
import PaymentView from './PaymentView';

const methods = [
  { code: 'cc' as const, label: 'Credit card', enabled: true },
  { code: 'upi' as const, label: 'UPI', enabled: true },
  { code: 'nb' as const, label: 'Net banking', enabled: true, banks: [{ code: 'EYEB', name: 'Eyebank' }] },
];
const offers = [
  { offerId: 'HDFC15', title: '15% off with Eyebank cards', bank: 'Eyebank', discountPercent: 15, minCartValue: 1500, maxDiscount: 750 },
  { offerId: 'UPI5', title: '5% off with UPI', paymentMethod: 'upi' as const, discountPercent: 5, minCartValue: 500, maxDiscount: 100 },
];
/** The cart without an offer (₹1,500) and with UPI5 applied (₹75 off: ₹1,425), as the API prices them. */
const plain = aCart([anItem({ price: { value: 1500, currencyCode: 'INR' }, amount: { total: 1500, currencyCode: 'INR' } })]);
const withUpi5: Cart = {
  ...plain,
  totals: { ...plain.totals, totalDiscount: 75, total: 1425, totalTax: 217.37, discounts: [{ type: 'offer', code: 'UPI5', amount: 75 }] },
  netAmountCart: 1425,
  cardOffer: { applied: true, offerId: 'UPI5' },
};

function setup(handlers: FakeHandlers = {}, ui = <PaymentView mode="standard" />, url = '/payment') {
  const fake = fakeApi({
    'cart.get': { result: plain },
    'content.settings': { result: {} },
    'checkout.paymentMethods': (request) => ({ result: { methods: request.query.paymentMethod === 'primer' ? [] : methods, version: 'default' as const } }),
    'checkout.paymentOffers': { result: { offers } },
    'checkout.cardOffers': { result: { offers: [] } },
    'checkout.applyPaymentOffer': { result: withUpi5 },
    'cart.removeOffer': { result: plain },
    ...handlers,
  });
  return { ...renderPage(ui, { url, api: fake.client }), fake };
}

const totals = () => within(screen.getByRole('region', { name: 'Order total' }));

describe('payment offers on the payment page', () => {
  beforeEach(() => forgetSettings());

  it('shows the UPI offer beside UPI, applies it when UPI is chosen, and the totals and Pay show the discounted amount', async () => {
    let answer!: (value: unknown) => void;
    const { fake } = setup({ 'checkout.applyPaymentOffer': () => new Promise((resolve) => (answer = resolve)) as never });
    const upi = await screen.findByRole('radio', { name: 'UPI' });
    // Each offer says its cap and its minimum (issue 42: the UPI offer hid its ₹100 cap).
    expect(upi).toHaveAccessibleDescription('5% off with UPI · up to ₹100 · on orders from ₹500');
    expect(screen.getByRole('radio', { name: 'Credit card' })).toHaveAccessibleDescription('15% off with Eyebank cards · up to ₹750 · on orders from ₹1,500');
    expect(screen.getByRole('radio', { name: 'Net banking' })).not.toHaveAccessibleDescription();
    expect(totals().getByTestId('cart-net')).toHaveTextContent('₹1,500');

    await userEvent.click(upi);
    expect(fake.callsTo('checkout.applyPaymentOffer').map((c) => c.body)).toEqual([{ offerId: 'UPI5', paymentMethod: 'upi' }]);
    // Pay waits for the new total.
    const pay = screen.getByRole('button', { name: /^Pay/ });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription('Your total is being updated for this payment method.');
    await act(async () => answer({ result: withUpi5 }));

    expect(await screen.findByRole('button', { name: 'Pay ₹1,425' })).toBeEnabled();
    expect(totals().getByText('Payment offer')).toBeInTheDocument();
    expect(totals().getByText('−₹75')).toBeInTheDocument();
    expect(totals().getByTestId('cart-net')).toHaveTextContent('₹1,425');
    expect(screen.getByTestId('offer-applied')).toHaveTextContent('Offer applied: 5% off with UPI');

    // UPI again (another method and back) applies nothing more: the cart has it.
    await userEvent.type(screen.getByLabelText('UPI id'), 'success@upi');
    expect(fake.callsTo('checkout.applyPaymentOffer')).toHaveLength(1);
    fake.answer({ 'checkout.pay': () => new Promise(() => undefined) });
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹1,425' }));
    expect(fake.callsTo('checkout.pay')[0]!.body).toEqual({ paymentMethod: 'upi', vpa: 'success@upi', expectedTotal: 1425 });
  });

  it('switching from UPI to another method removes the offer: the totals and Pay show the full amount again', async () => {
    const { fake } = setup();
    await userEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹1,425' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Net banking' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹1,500' })).toBeInTheDocument();
    expect(fake.callsTo('cart.removeOffer').map((c) => c.params)).toEqual([{ offerId: 'UPI5' }]);
    expect(totals().queryByText('Payment offer')).not.toBeInTheDocument();
    expect(totals().getByTestId('cart-net')).toHaveTextContent('₹1,500');
    expect(screen.queryByTestId('offer-applied')).not.toBeInTheDocument();

    // Back on UPI, the offer is applied again.
    await userEvent.click(screen.getByRole('radio', { name: 'UPI' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹1,425' })).toBeInTheDocument();
    expect(fake.callsTo('checkout.applyPaymentOffer')).toHaveLength(2);
  });

  it('a card chosen while the UPI offer is applied: it is removed before the card can pay, so the card pays the total shown', async () => {
    const { fake } = setup({ 'cart.get': { result: withUpi5 }, 'checkout.pay': () => new Promise(() => undefined) });
    await userEvent.click(await screen.findByRole('radio', { name: 'Credit card' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹1,500' })).toBeInTheDocument();
    expect(fake.callsTo('cart.removeOffer')).toHaveLength(1);
    expect(fake.callsTo('checkout.applyPaymentOffer')).toHaveLength(0);
  });

  it('an offer the cart cannot have says why, and the shopper pays the full amount shown', async () => {
    setup({ 'checkout.applyPaymentOffer': fail(422, { message: 'Add items worth 500 to use this offer', field: 'offerId' }) });
    await userEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
    expect(await screen.findByTestId('offer-note')).toHaveTextContent('Add items worth 500 to use this offer');
    expect(screen.getByRole('button', { name: 'Pay ₹1,500' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the offer cannot be removed, Pay waits and says so until it is removed', async () => {
    let removals = 0;
    const { fake } = setup({
      'cart.get': { result: withUpi5 },
      'cart.removeOffer': () => (++removals === 1 ? fail(503, { message: 'Service unavailable' }) : { result: plain }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Net banking' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not update your total for this payment method.');
    const pay = screen.getByRole('button', { name: /^Pay/ });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription('Update your total above to pay.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹1,500' })).toBeEnabled();
    expect(fake.callsTo('cart.removeOffer')).toHaveLength(2);
  });

  it('a retry pays the order’s own amount: no offers asked or applied', async () => {
    const { fake } = setup(
      { 'cart.get': { result: aCart([]) }, 'checkout.order': { result: anOrder({ id: 77 }) } },
      <PaymentView mode="retry" />,
      '/checkout/onepage/retrypayment?orderId=77',
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
    expect(screen.getByRole('button', { name: 'Pay ₹1,234' })).toBeEnabled();
    await waitFor(() => expect(fake.callsTo('checkout.paymentMethods')).toHaveLength(2));
    expect(fake.callsTo('checkout.paymentOffers')).toHaveLength(0);
    expect(fake.callsTo('checkout.applyPaymentOffer')).toHaveLength(0);
  });

  it('shows what is paid for: each item with its image and price, the address, and the totals', async () => {
    setup({
      'cart.get': {
        result: aCart([
          anItem(),
          anItem({ id: 12, name: 'Aqua Daily Lenses', quantity: 2, amount: { total: 1800, currencyCode: 'INR' }, thumbnail: '/lens.svg' }),
        ]),
      },
    });
    const summary = await screen.findByRole('region', { name: 'What you are paying for' });
    expect(within(summary).getByRole('heading', { name: 'Items (3)' })).toBeInTheDocument();
    const lines = within(summary).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual(['Clearview Round Classic × 1₹1,500', 'Aqua Daily Lenses × 2₹1,800']);
    expect(lines[1]!.querySelector('img')).toHaveAttribute('src', '/lens.svg');
    expect(totals().getByTestId('cart-net')).toHaveTextContent('₹3,300');
  });
});
