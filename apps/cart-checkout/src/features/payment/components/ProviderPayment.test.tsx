import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetSettings } from '@eyewear/api-client';
import { fail, fakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import { CUSTOMER, GUEST, renderPage } from '@eyewear/event-bus/testing';
import { aCart, anItem, anOrder } from '../../../testing/fixtures';
import PaymentView from './PaymentView';

const aed = { currencyCode: 'AED' as const };
const cart = aCart([anItem({ price: { value: 150, ...aed }, amount: { total: 150, ...aed } })], { currencyCode: 'AED' });
const provider = { code: 'primer' as const, label: 'Card', enabled: true, primerPaymentMethods: ['PAYMENT_CARD'] };
const savedCard = {
  token: 'card_vaulted_1',
  emailId: 'omar@example.com',
  gatewayId: 'PRIMER',
  cardType: 'visa' as const,
  maskedNumber: 'XXXX XXXX XXXX 1111',
  nameOnCard: 'Omar Haddad',
  expiryMonth: 12,
  expiryYear: 2031,
};
const placed = {
  order: { id: 51, amount: { total: 150, ...aed } },
  payment: { paymentId: 'pay_0a1b2c3d', status: 'PENDING' as const, action: 'SDK' as const },
};

/** The UAE site's payment page: the shop's own methods are India's only, the card provider is offered. */
function setup(handlers: FakeHandlers = {}, session = CUSTOMER) {
  const fake = fakeApi(
    {
      'cart.get': { result: cart },
      'content.settings': { result: {} },
      'checkout.paymentMethods': (request) => ({
        result: { methods: request.query.paymentMethod === 'primer' ? [provider] : [], version: 'default' as const },
      }),
      'checkout.paymentOffers': { result: { offers: [] } },
      'checkout.clientToken': { result: { clientToken: 'ct_0123456789abcdef', expiresAt: '2030-01-01T10:15:00Z' } },
      'checkout.providerSavedCards': { result: { cards: [savedCard] } },
      'checkout.pay': { result: placed },
      ...handlers,
    },
    { country: 'ae' },
  );
  return { ...renderPage(<PaymentView mode="standard" />, { url: '/payment', api: fake.client, country: 'ae', session }), fake };
}

async function typeCard(number: string) {
  await userEvent.click(screen.getByRole('radio', { name: 'Use a new card' }));
  await userEvent.type(screen.getByLabelText('Card number'), number);
  await userEvent.selectOptions(screen.getByLabelText('Expiry month'), '12');
  await userEvent.selectOptions(screen.getByLabelText('Expiry year'), String(new Date().getFullYear() + 2));
  await userEvent.type(screen.getByLabelText('CVV'), '123');
}

describe('paying through the card provider', () => {
  beforeEach(() => forgetSettings());

  it('gets a client token, lists the provider’s types and saved cards, pays with a saved card and polls until paid', async () => {
    const statuses = ['PENDING', 'SUCCESS'] as const;
    let polls = 0;
    const { fake } = setup({
      'checkout.providerPaymentStatus': () => ({ result: { orderId: 51, paymentRefId: 'pay_0a1b2c3d', status: statuses[Math.min(polls++, 1)]! } }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Card' }));
    const form = await screen.findByTestId('provider-form');
    expect(form).toHaveTextContent('Pay with: Card');
    const saved = within(form).getByRole('radio', { name: 'Visa ending 1111, expires 12/2031' });
    expect(fake.callsTo('checkout.paymentMethods').map((c) => c.query)).toEqual([{ paymentMethod: 'primer', primerPaymentMethods: 'PAYMENT_CARD' }]);
    expect(fake.callsTo('checkout.clientToken')).toHaveLength(1);
    await userEvent.click(saved);
    // A vaulted card needs no card fields: the provider keeps it.
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Pay AED/ }));

    expect(await screen.findByRole('status')).toHaveTextContent('Confirming your payment with the card provider…');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout/onepage/success?orderId=51'), { timeout: 5000 });
    const [pay] = fake.callsTo('checkout.pay');
    expect(pay!.body).toEqual({ paymentMethod: 'primer', savedCardToken: 'card_vaulted_1', expectedTotal: 150 });
    expect(pay!.headers['idempotency-key']).toMatch(/^pay-[0-9a-f]{32}$/);
    expect(fake.callsTo('checkout.providerPaymentStatus').map((c) => [c.params, c.query])).toEqual([
      [{ paymentRefId: 'pay_0a1b2c3d' }, { paymentId: 'pay_0a1b2c3d' }],
      [{ paymentRefId: 'pay_0a1b2c3d' }, { paymentId: 'pay_0a1b2c3d' }],
    ]);
  }, 15_000);

  it('a declined provider payment goes to the order’s retry screen with the provider’s message', async () => {
    const { fake } = setup({
      'checkout.providerPaymentStatus': {
        result: { orderId: 51, paymentRefId: 'pay_0a1b2c3d', status: 'FAILED', message: 'Your card was declined by the bank. Please try another card.' },
      },
      'checkout.order': { result: anOrder({ id: 51, amount: { total: 150, totalTax: 7.14, shipping: 0, discounts: [], ...aed } }) },
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Card' }));
    await screen.findByTestId('provider-form');
    await typeCard('4000000000000002');
    await userEvent.click(screen.getByRole('button', { name: /^Pay AED/ }));
    fake.answer({ 'cart.get': { result: aCart([]) } });

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout/onepage/retrypayment?orderId=51'));
    expect(await screen.findByTestId('retry-order')).toHaveTextContent('Pay for order #51');
    expect(screen.getByTestId('payment-error')).toHaveTextContent('Your card was declined by the bank. Please try another card.');
    expect(await screen.findByRole('button', { name: /^Pay AED/ })).toBeInTheDocument();
    expect(fake.callsTo('checkout.pay')[0]!.body).toMatchObject({ paymentMethod: 'primer', card: { number: '4000000000000002', cvv: '123' } });
    // The retry asks the provider for the order: its methods and a token of its own.
    await waitFor(() => expect(fake.callsTo('checkout.clientToken').some((c) => c.query.orderId === '51')).toBe(true));
  });

  it('a payment the API refuses stays on the page with its message; Pay can be pressed again', async () => {
    setup({ 'checkout.pay': fail(400, { message: 'Please enter a valid CVV', field: 'card.cvv' }) }, { ...CUSTOMER });
    await userEvent.click(await screen.findByRole('radio', { name: 'Card' }));
    await screen.findByTestId('provider-form');
    await typeCard('4111111111111111');
    await userEvent.click(screen.getByRole('button', { name: /^Pay AED/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid CVV');
    expect(screen.getByRole('button', { name: /^Pay AED/ })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/payment');
  });

  it('without a client token the provider cannot be used: it says so and Pay waits', async () => {
    const { fake } = setup({ 'checkout.clientToken': fail(503, { message: 'Service unavailable' }) });
    await userEvent.click(await screen.findByRole('radio', { name: 'Card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Card payments are unavailable right now. Please try again in a moment.');
    expect(screen.getByRole('button', { name: /^Pay AED/ })).toBeDisabled();
    expect(fake.callsTo('checkout.pay')).toHaveLength(0);
  });

  it('a guest is not asked for saved cards; a country without the provider shows no provider', async () => {
    const guest = setup({}, GUEST);
    await userEvent.click(await screen.findByRole('radio', { name: 'Card' }));
    await screen.findByTestId('provider-form');
    expect(guest.fake.callsTo('checkout.providerSavedCards')).toHaveLength(0);
    expect(screen.queryByRole('radio', { name: 'Use a new card' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
    guest.unmount();
    const none = setup({ 'checkout.paymentMethods': { result: { methods: [], version: 'default' } } });
    expect(await screen.findByText('No online payment methods are available for your country.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(none.fake.callsTo('checkout.clientToken')).toHaveLength(0);
  });
});
