import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import { createTestPageStore, CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import { aCart } from '../../../testing/fixtures';
import { selectCheckout } from '../state/checkout-slice';
import CheckoutView from './CheckoutView';

const delivery = [
  { id: 'standard', label: 'Standard', fee: 0, currencyCode: 'INR' as const, estimatedDate: '2030-01-05', express: false },
  { id: 'express', label: 'Express', fee: 99, currencyCode: 'INR' as const, estimatedDate: '2030-01-02', express: true },
];

function setup(mode: string, handlers: FakeHandlers = {}, pageStore = createTestPageStore()) {
  const fake = fakeApi({
    'cart.get': { result: aCart() },
    'cart.shippingCheck': { result: { serviceable: true, shipping: 0 } },
    ...handlers,
  });
  const view = renderPage(<CheckoutView mode={mode} />, { url: '/checkout/onepage/', api: fake.client, pageStore });
  return { ...view, fake, checkout: () => selectCheckout(pageStore.store.getState() as never) };
}

describe('checkout view', () => {
  it('leadSource follows the presales session info: a presales user logged in, or not; a failure is no lead', async () => {
    const pageStore = createTestPageStore();
    const first = setup('presales', { 'account.presalesSession': { result: { loggedIn: true, salesmanId: 'EYE-1001', name: 'Priya Nair' } } }, pageStore);
    expect(first.checkout()).toMatchObject({ leadSource: false, preSalesInfo: null });
    expect(await screen.findByTestId('presales-info')).toHaveTextContent('Sales person: Priya Nair (presales order)');
    expect(first.checkout()).toMatchObject({ leadSource: true, preSalesInfo: { loggedIn: true, name: 'Priya Nair' } });
    first.unmount();

    const second = setup('presales', { 'account.presalesSession': { result: { loggedIn: false } } }, pageStore);
    await waitFor(() => expect(second.checkout()).toMatchObject({ leadSource: false, preSalesInfo: { loggedIn: false } }));
    expect(within(await screen.findByTestId('presales-info')).getByRole('link', { name: 'Sales staff: sign in to place a presales order' })).toHaveAttribute(
      'href',
      '/checkout/onepage/presaleslogin',
    );
    second.unmount();

    const third = setup('presales', { 'account.presalesSession': fail(500, { message: 'down' }) }, pageStore);
    await waitFor(() => expect(third.fake.callsTo('account.presalesSession')).toHaveLength(1));
    await waitFor(() => expect(third.checkout()).toMatchObject({ leadSource: false, preSalesInfo: null }));
    expect(screen.queryByTestId('presales-info')).not.toBeInTheDocument();
    third.unmount();

    // The standard checkout asks nothing and has no lead.
    const standard = setup('standard', {}, pageStore);
    expect(await screen.findByRole('heading', { name: '1. Delivery address' })).toBeInTheDocument();
    expect(standard.fake.callsTo('account.presalesSession')).toHaveLength(0);
    expect(standard.checkout().leadSource).toBe(false);
  });

  it('a guest gives e-mail and mobile (an abandoned-cart lead), then the address; its delivery options follow, then payment', async () => {
    const { fake, checkout } = setup('standard', {
      'cart.abandonedLeads': { result: { ok: true } } as never,
      'cart.shippingAddress': (request) => ({ result: { address: { ...request.body, addressId: 5 }, deliveryOptions: delivery } }) as never,
      'cart.updateDeliveryOption': { result: aCart(undefined, { deliveryOption: 'express' }) },
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Mobile number'), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    const form = await screen.findByRole('form', { name: '1. Delivery address' });
    expect(checkout()).toMatchObject({ checkoutStepKey: 2, guestInfo: { email: 'asha@example.com', phone: '9876543210' } });
    await waitFor(() => expect(fake.callsTo('cart.abandonedLeads').map((c) => c.body)).toEqual([{ email: 'asha@example.com', phone: '9876543210' }]));
    expect(within(form).getByLabelText('Email')).toHaveValue('asha@example.com');

    await userEvent.click(within(form).getByRole('button', { name: 'Save and continue' }));
    expect(within(form).getByLabelText('First name')).toHaveFocus();
    expect(fake.callsTo('cart.shippingAddress')).toHaveLength(0);
    await userEvent.type(within(form).getByLabelText('First name'), 'Asha');
    await userEvent.type(within(form).getByLabelText('Address line 1'), '12 MG Road');
    await userEvent.type(within(form).getByLabelText('City'), 'Bengaluru');
    await userEvent.type(within(form).getByLabelText('State'), 'Karnataka');
    await userEvent.type(within(form).getByLabelText('Pincode'), '560001');
    await userEvent.click(within(form).getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByTestId('checkout-address')).toHaveTextContent('Deliver to Asha, Bengaluru 560001');
    expect(fake.callsTo('cart.shippingAddress')[0]!.body).toMatchObject({
      firstName: 'Asha',
      postcode: '560001',
      addressType: 'billing',
      floor: 0,
      liftAvailable: false,
    });
    await userEvent.click(screen.getByRole('radio', { name: /Express: by 2 Jan 2030 \(\+₹99\)/ }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Express/ })).toBeChecked());
    expect(fake.callsTo('cart.updateDeliveryOption')[0]).toMatchObject({
      query: { pincode: '560001', shippingCountry: 'in' },
      body: { deliveryOptionId: 'express' },
    });
    await userEvent.click(screen.getByRole('button', { name: '2. Payment' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/payment');
  });

  it('says when the country is not serviceable, and an empty cart has nothing to check out', async () => {
    const view = setup('standard', { 'cart.shippingCheck': { result: { serviceable: false, shipping: 0, message: 'We do not deliver to this country yet' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('We do not deliver to this country yet');
    expect(view.fake.callsTo('cart.shippingCheck')[0]!.body).toEqual({ country: 'in' });
    view.unmount();
    setup('standard', { 'cart.get': { result: aCart([]) } });
    expect(await screen.findByText('Your cart is empty. Add something before checking out.')).toBeInTheDocument();
  });

  it("starts a signed-in customer's new address with their name, mobile and e-mail, beside their saved addresses", async () => {
    const me = { id: 42, login: true, firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com', telephone: '9876543210' };
    const saved = {
      addressId: 9,
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.com',
      phone: '9876543210',
      addressline1: '1 Park St',
      city: 'Kolkata',
      state: 'WB',
      postcode: '700016',
      country: 'in',
    };
    const { fake } = setup(
      'standard',
      { 'me.get': { result: me } as never, 'addresses.list': { result: { addresses: [saved] } } as never },
      createTestPageStore({ session: CUSTOMER }),
    );
    const form = await screen.findByRole('form', { name: '1. Delivery address' });
    await waitFor(() => expect(within(form).getByLabelText('First name')).toHaveValue('Asha'));
    expect(within(form).getByLabelText('Last name')).toHaveValue('Rao');
    expect(within(form).getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(within(form).getByLabelText('Mobile number')).toHaveValue('9876543210');
    expect(await screen.findByRole('button', { name: 'Deliver to Asha Rao, Kolkata 700016' })).toBeInTheDocument();
    expect(fake.callsTo('me.get')).toHaveLength(1);
  });

  it("keeps a guest's e-mail, mobile and address across a reload (this tab only)", async () => {
    sessionStorage.clear();
    const handlers: FakeHandlers = {
      'cart.abandonedLeads': { result: { ok: true } } as never,
      'cart.shippingAddress': (request) => ({ result: { address: { ...request.body, addressId: 5 }, deliveryOptions: delivery } }) as never,
    };
    const first = setup('standard', handlers);
    await userEvent.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Mobile number'), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    const form = await screen.findByRole('form', { name: '1. Delivery address' });
    await userEvent.type(within(form).getByLabelText('First name'), 'Asha');
    await userEvent.type(within(form).getByLabelText('Address line 1'), '12 MG Road');
    await userEvent.type(within(form).getByLabelText('City'), 'Bengaluru');
    await userEvent.type(within(form).getByLabelText('State'), 'Karnataka');
    await userEvent.type(within(form).getByLabelText('Pincode'), '560001');
    await userEvent.click(within(form).getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByTestId('checkout-address')).toBeInTheDocument();
    first.unmount();

    // A reload: a new page store, the same tab.
    setup('standard', handlers, createTestPageStore());
    expect(await screen.findByLabelText('Email')).toHaveValue('asha@example.com');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    const again = await screen.findByRole('form', { name: '1. Delivery address' });
    expect(within(again).getByLabelText('Address line 1')).toHaveValue('12 MG Road');
    expect(within(again).getByLabelText('Pincode')).toHaveValue('560001');
    expect(sessionStorage.getItem('cartCheckoutGuest')).not.toMatch(/card|cvv/i);
    sessionStorage.clear();
  }, 20_000);
});

describe('a cart with nothing left to pay (issue 42)', () => {
  it('is never held back for want of a payment method: none is asked for', async () => {
    const zero = aCart(undefined, { netAmountCart: 0 });
    const { fake } = setup('standard', {
      'cart.get': { result: zero },
      'checkout.paymentMethods': { result: { methods: [{ code: 'cc', label: 'Credit card', enabled: false }], version: 'default' } },
    });
    expect(await screen.findByRole('heading', { name: '1. Delivery address' })).toBeInTheDocument();
    expect(screen.queryByTestId('no-payment-notice')).not.toBeInTheDocument();
    expect(fake.callsTo('checkout.paymentMethods')).toHaveLength(0);
  });
});
