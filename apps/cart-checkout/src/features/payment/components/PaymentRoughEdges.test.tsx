import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetSettings } from '@eyewear/api-client';
import { fail, fakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import { renderPage } from '@eyewear/event-bus/testing';
import { aCart, anItem } from '../../../testing/fixtures';
import PaymentView from './PaymentView';

// Issue 42, the payment page: cash on delivery's captcha no longer loops, offers say their cap
// and are not shown to carts below their minimum, the card form says what happens to the card.
const methods = [
  { code: 'cc' as const, label: 'Credit card', enabled: true },
  { code: 'upi' as const, label: 'UPI', enabled: true },
  { code: 'cod' as const, label: 'Cash on delivery', enabled: true },
];
const offers = [
  { offerId: 'HDFC15', title: '15% off with Eyebank cards', bank: 'Eyebank', discountPercent: 15, minCartValue: 1500, maxDiscount: 750 },
  { offerId: 'UPI5', title: '5% off with UPI', paymentMethod: 'upi' as const, discountPercent: 5, minCartValue: 500, maxDiscount: 100 },
];
const cartOf = (value: number) => aCart([anItem({ price: { value, currencyCode: 'INR' }, amount: { total: value, currencyCode: 'INR' } })]);

function setup(handlers: FakeHandlers = {}) {
  let captchas = 0;
  const fake = fakeApi({
    'cart.get': { result: cartOf(1000) },
    'content.settings': { result: {} },
    'checkout.paymentMethods': (request) => ({ result: { methods: request.query.paymentMethod === 'primer' ? [] : methods, version: 'default' as const } }),
    'checkout.paymentOffers': { result: { offers } },
    'checkout.cardOffers': { result: { offers: [offers[0]!] } },
    'checkout.applyPaymentOffer': { result: cartOf(1000) },
    'checkout.captcha': () => ({ result: { provider: 'builtin' as const, id: `cap${++captchas}`, image: `data:image/svg+xml;base64,${captchas}` } }),
    ...handlers,
  });
  return { ...renderPage(<PaymentView mode="standard" />, { url: '/payment', api: fake.client }), fake };
}

describe('the payment page’s rough edges (issue 42)', () => {
  beforeEach(() => forgetSettings());

  it('a wrong captcha answer brings a new captcha, empties and focuses the field, and says the answer was wrong', async () => {
    const { fake } = setup({ 'checkout.pay': fail(400, { message: 'The characters do not match. Please try again.', field: 'captcha' }) });
    await userEvent.click(await screen.findByRole('radio', { name: 'Cash on delivery' }));
    expect(await screen.findByRole('img', { name: 'Captcha' })).toHaveAttribute('src', 'data:image/svg+xml;base64,1');
    await userEvent.type(screen.getByLabelText('Type the characters shown'), 'WRONG');
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(fake.callsTo('checkout.pay')).toHaveLength(1));
    expect(fake.callsTo('checkout.pay')[0]!.body).toMatchObject({ paymentMethod: 'cod', captcha: 'cap1:WRONG' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Those characters did not match. Here is a new captcha: type the characters shown.');
    await waitFor(() => expect(screen.getByRole('img', { name: 'Captcha' })).toHaveAttribute('src', 'data:image/svg+xml;base64,2'));
    const field = screen.getByLabelText('Type the characters shown');
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Those characters did not match. Here is a new captcha: type the characters shown.');

    // The next answer goes with the new captcha.
    await userEvent.type(field, 'RIGHT');
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(fake.callsTo('checkout.pay')).toHaveLength(2));
    expect(fake.callsTo('checkout.pay')[1]!.body).toMatchObject({ captcha: 'cap2:RIGHT' });
  }, 30_000);

  it('shows each offer with its cap, and none the cart is below the minimum of (a ₹1,000 cart: no ₹1,500 card offer)', async () => {
    setup();
    const upi = await screen.findByRole('radio', { name: 'UPI' });
    await waitFor(() => expect(upi).toHaveAccessibleDescription('5% off with UPI · up to ₹100 · on orders from ₹500'));
    expect(screen.getByRole('radio', { name: 'Credit card' })).not.toHaveAccessibleDescription();
    // Nor when a card of the bank is typed.
    await userEvent.click(screen.getByRole('radio', { name: 'Credit card' }));
    await userEvent.type(screen.getByLabelText('Card number'), '4111111111111111');
    expect(screen.queryByRole('button', { name: /Apply 15% off/ })).not.toBeInTheDocument();
  }, 30_000);

  it('a cart that reaches the minimum is offered the card offer, with its cap', async () => {
    setup({ 'cart.get': { result: cartOf(2000) } });
    await userEvent.click(await screen.findByRole('radio', { name: 'Credit card' }));
    expect(screen.getByRole('radio', { name: 'Credit card' })).toHaveAccessibleDescription('15% off with Eyebank cards · up to ₹750 · on orders from ₹1,500');
    await userEvent.type(screen.getByLabelText('Card number'), '4111111111111111');
    expect(await screen.findByRole('button', { name: /15% off with Eyebank cards · up to ₹750/ })).toBeInTheDocument();
  }, 30_000);

  it('says what happens to the card typed: the store’s server has the payment provider check it, and keeps only the last four digits', async () => {
    setup();
    await userEvent.click(await screen.findByRole('radio', { name: 'Credit card' }));
    const note = screen.getByTestId('card-note');
    expect(note).toHaveTextContent('Your card details go over an encrypted connection to our server, which has our payment provider');
    expect(note).toHaveTextContent('We keep only its last four digits');
    expect(note).not.toHaveTextContent(/never/i);
  }, 30_000);
});
