import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveryOption } from '@eyewear/api-client';
import { fail, fakeApi, type FakeHandlers, type FakeRequest } from '@eyewear/api-client/testing';
import { createTestPageStore, CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import type { CountryCode } from '@eyewear/i18n/rules';
import { aCart, anItem } from '../../../testing/fixtures';
import { selectCheckout } from '../state/checkout-slice';
import CheckoutView from './CheckoutView';

const option = (id: 'standard' | 'express', estimatedDate: string): DeliveryOption => ({
  id,
  label: id === 'express' ? 'Express' : 'Standard',
  fee: id === 'express' ? 149 : 0,
  currencyCode: 'INR',
  estimatedDate,
  express: id === 'express',
});
const me = { id: 42, login: true, firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com', telephone: '9876543210' };
const shippingAddress = (request: FakeRequest<'cart.shippingAddress'>) =>
  ({ result: { address: { ...(request.body as object), addressId: 5 }, deliveryOptions: [option('standard', '2030-01-05')] } }) as never;

function setup({ handlers = {}, signedIn = true, country = 'in' }: { handlers?: FakeHandlers; signedIn?: boolean; country?: CountryCode } = {}) {
  const pageStore = createTestPageStore(signedIn ? { session: CUSTOMER } : {});
  const fake = fakeApi(
    {
      'cart.get': { result: aCart() },
      'cart.shippingCheck': { result: { serviceable: true, shipping: 0 } },
      'checkout.paymentMethods': { result: { methods: [{ code: 'cc', label: 'Credit card', enabled: true }], version: 'default' } },
      'me.get': { result: me } as never,
      'addresses.list': { result: { addresses: [] } } as never,
      'cart.shippingAddress': shippingAddress,
      'cart.deliveryOptions': { result: { options: [option('standard', '2030-01-05')] } },
      ...handlers,
    },
    { country },
  );
  const view = renderPage(<CheckoutView mode="standard" />, { url: '/checkout/onepage/', api: fake.client, pageStore, country });
  return { ...view, fake, checkout: () => selectCheckout(pageStore.store.getState() as never) };
}

/** Fills a signed-in customer's new address (name, mobile and e-mail come from /me), with the address book's extra fields. */
async function fillAddress(form: HTMLElement, pincode = '560001') {
  await waitFor(() => expect(within(form).getByLabelText('First name')).toHaveValue('Asha'));
  await userEvent.type(within(form).getByLabelText('Address line 1'), '12 MG Road');
  await userEvent.type(within(form).getByLabelText('Locality (optional)'), 'Shivajinagar');
  await userEvent.type(within(form).getByLabelText('City'), 'Bengaluru');
  await userEvent.type(within(form).getByLabelText('State'), 'Karnataka');
  await userEvent.type(within(form).getByLabelText('Pincode'), pincode);
  await userEvent.clear(within(form).getByLabelText('Floor'));
  await userEvent.type(within(form).getByLabelText('Floor'), '3');
  await userEvent.click(within(form).getByLabelText('Lift available'));
  await userEvent.type(within(form).getByLabelText('Alternate mobile number (optional)'), '9123456780');
}

describe('checkout address step', () => {
  it("a signed-in customer's new address goes to their address book once (checked by default), with floor, lift, alternate phone and locality", async () => {
    let answer!: () => void;
    const { fake } = setup({
      handlers: {
        'cart.shippingAddress': (request) => new Promise((resolve) => (answer = () => resolve(shippingAddress(request)))),
        'addresses.create': (request) => ({ result: { ...(request.body as object), addressId: 77, defaultAddress: true } }) as never,
      },
    });
    const form = await screen.findByRole('form', { name: '1. Delivery address' });
    await fillAddress(form);
    const keep = within(form).getByRole('checkbox', { name: 'Save to my addresses' });
    expect(keep).toBeChecked();
    // A double click: the second lands before the first has re-rendered the button disabled.
    const submit = within(form).getByRole('button', { name: 'Save and continue' });
    act(() => {
      fireEvent.click(submit);
      fireEvent.click(submit);
    });
    await waitFor(() => expect(fake.callsTo('cart.shippingAddress')).toHaveLength(1));
    await act(async () => answer());
    expect(await screen.findByText('Saved to your addresses.')).toBeInTheDocument();
    expect(fake.callsTo('addresses.create')).toHaveLength(1);
    expect(fake.callsTo('addresses.create')[0]!.body).toMatchObject({
      firstName: 'Asha',
      addressline1: '12 MG Road',
      locality: 'Shivajinagar',
      postcode: '560001',
      floor: 3,
      liftAvailable: true,
      alternatePhone: '9123456780',
      country: 'in',
    });

    // Sent again unchanged (changing the address and keeping it): the book already has it.
    await userEvent.click(screen.getByRole('button', { name: 'Change address' }));
    const again = await screen.findByRole('form', { name: '1. Delivery address' });
    await userEvent.click(within(again).getByRole('button', { name: 'Save and continue' }));
    await act(async () => answer());
    expect(await screen.findByTestId('checkout-address')).toHaveTextContent('Deliver to Asha Rao, Bengaluru 560001');
    expect(fake.callsTo('cart.shippingAddress')).toHaveLength(2);
    expect(fake.callsTo('addresses.create')).toHaveLength(1);
  }, 20_000);

  it('what a customer types before their contact arrives is kept: the contact fills only the fields still empty', async () => {
    let answerMe!: () => void;
    setup({ handlers: { 'me.get': () => new Promise((resolve) => (answerMe = () => resolve({ result: me } as never))) } });
    const form = await screen.findByRole('form', { name: '1. Delivery address' });
    await userEvent.type(within(form).getByLabelText('Address line 1'), '12 MG Road');
    await userEvent.type(within(form).getByLabelText('Mobile number'), '9000000001');
    await waitFor(() => expect(answerMe).toBeDefined());
    await act(async () => answerMe());
    const after = await screen.findByRole('form', { name: '1. Delivery address' });
    await waitFor(() => expect(within(after).getByLabelText('First name')).toHaveValue('Asha'));
    expect(within(after).getByLabelText('Address line 1')).toHaveValue('12 MG Road');
    expect(within(after).getByLabelText('Mobile number')).toHaveValue('9000000001');
    expect(within(after).getByLabelText('Email')).toHaveValue('asha@example.com');
  });

  it('unticked, nothing is kept; a failure to keep it says so and the address still serves the order', async () => {
    const first = setup({ handlers: { 'addresses.create': { result: {} } as never } });
    const form = await screen.findByRole('form', { name: '1. Delivery address' });
    await fillAddress(form);
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Save to my addresses' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByTestId('checkout-address')).toBeInTheDocument();
    expect(first.fake.callsTo('addresses.create')).toHaveLength(0);
    first.unmount();

    const second = setup({ handlers: { 'addresses.create': fail(400, { message: 'Please enter a valid pincode', field: 'postcode' }) } });
    const again = await screen.findByRole('form', { name: '1. Delivery address' });
    await fillAddress(again);
    await userEvent.click(within(again).getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This address could not be saved to your addresses (Please enter a valid pincode). It is still used for this order.',
    );
    expect(screen.getByTestId('checkout-address')).toHaveTextContent('Deliver to Asha Rao, Bengaluru 560001');
    expect(second.checkout().address).toMatchObject({ postcode: '560001' });
  }, 20_000);

  it("says a refused field at the field without the API's field name, and a refusal of a field the form lacks for the whole form (issue 42)", async () => {
    let refusal = { message: 'postcode: This pincode is not serviceable', field: 'postcode' };
    setup({ handlers: { 'cart.shippingAddress': () => fail(400, refusal) } });
    const form = await screen.findByRole('form', { name: '1. Delivery address' });
    await fillAddress(form);
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Save to my addresses' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(within(form).getByLabelText('Pincode')).toHaveAccessibleDescription('This pincode is not serviceable'));
    expect(within(form).queryByText(/postcode:/)).not.toBeInTheDocument();
    refusal = { message: 'giftMessage.message: Too long', field: 'giftMessage.message' };
    await userEvent.click(within(form).getByRole('button', { name: 'Save and continue' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too long');
    expect(within(form).queryByText(/giftMessage/)).not.toBeInTheDocument();
  }, 20_000);

  it('a guest never sees the address-book choice', async () => {
    setup({ signedIn: false, handlers: { 'cart.abandonedLeads': { result: { ok: true } } as never } });
    await userEvent.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Mobile number'), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    const form = await screen.findByRole('form', { name: '1. Delivery address' });
    expect(within(form).queryByRole('checkbox', { name: 'Save to my addresses' })).not.toBeInTheDocument();
  });

  it('the delivery date follows the pincode: a changed pincode clears it, and a late answer for an old pincode is never shown', async () => {
    const held = new Map<string, (date: string) => void>();
    const { fake } = setup({
      handlers: {
        'cart.deliveryOptions': (request) =>
          new Promise((resolve) => held.set(String(request.query.pincode), (date) => resolve({ result: { options: [option('standard', date)] } }))),
      },
    });
    const form = await screen.findByRole('form', { name: '1. Delivery address' });
    const pincode = within(form).getByLabelText('Pincode');
    const estimate = within(form).getByTestId('delivery-estimate');
    expect(estimate).toHaveTextContent('');
    await userEvent.type(pincode, '560001');
    expect(estimate).toHaveTextContent('Checking delivery to 560001…');
    await waitFor(() => expect(held.has('560001')).toBe(true));
    await act(async () => held.get('560001')!('2030-01-05'));
    expect(estimate).toHaveTextContent('Delivery by 5 Jan 2030 to 560001');

    // Changed: the old date goes at once (nothing while the pincode is incomplete, then checking).
    await userEvent.type(pincode, '{Backspace}');
    expect(estimate).toHaveTextContent('');
    await userEvent.type(pincode, '2');
    expect(estimate).toHaveTextContent('Checking delivery to 560002…');
    await userEvent.type(pincode, '{Backspace}3');
    await waitFor(() => expect(held.has('560003')).toBe(true));
    // 560002's answer arrives after the pincode moved on: it is not shown for 560003.
    await act(async () => held.get('560002')!('2030-01-09'));
    expect(estimate).toHaveTextContent('Checking delivery to 560003…');
    expect(estimate).not.toHaveTextContent('9 Jan');
    await act(async () => held.get('560003')!('2030-01-07'));
    expect(estimate).toHaveTextContent('Delivery by 7 Jan 2030 to 560003');
    expect(fake.callsTo('cart.deliveryOptions').map((c) => c.query)).toEqual([{ pincode: '560001' }, { pincode: '560002' }, { pincode: '560003' }]);
  }, 20_000);

  it('asks each country for its own address (issue 42): an emirate and no postcode in the UAE, a ZIP code in the US; a wrong code shows no estimate', async () => {
    const uae = setup({ country: 'ae' });
    const form = await screen.findByRole('form', { name: '1. Delivery address' });
    expect(within(form).queryByLabelText('Pincode')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Postcode')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('State')).not.toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText('First name')).toHaveValue('Asha'));
    await userEvent.clear(within(form).getByLabelText('Mobile number'));
    await userEvent.type(within(form).getByLabelText('Mobile number'), '501234567');
    await userEvent.type(within(form).getByLabelText('Address line 1'), '1 Marina Walk');
    await userEvent.type(within(form).getByLabelText('City'), 'Dubai');
    await userEvent.click(within(form).getByRole('button', { name: 'Save and continue' }));
    expect(within(form).getByLabelText('Emirate')).toHaveAccessibleDescription('This field is required');
    await userEvent.type(within(form).getByLabelText('Emirate'), 'Dubai');
    await userEvent.click(within(form).getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(uae.fake.callsTo('cart.shippingAddress')).toHaveLength(1));
    expect(uae.fake.callsTo('cart.shippingAddress')[0]!.body).toMatchObject({ state: 'Dubai', postcode: '', country: 'ae' });
    uae.unmount();

    setup({ country: 'us' });
    const us = await screen.findByRole('form', { name: '1. Delivery address' });
    expect(within(us).getByLabelText('State')).toBeInTheDocument();
    const zip = within(us).getByLabelText('ZIP code');
    await userEvent.type(zip, '10001');
    expect(await within(us).findByTestId('delivery-estimate')).toHaveTextContent('Delivery by Jan 5, 2030 to 10001');
    await userEvent.type(zip, '9');
    expect(within(us).getByTestId('delivery-estimate')).toBeEmptyDOMElement();
    await userEvent.click(within(us).getByRole('button', { name: 'Save and continue' }));
    expect(zip).toHaveAccessibleDescription('Please enter a valid ZIP code');
  }, 30_000);

  it("a new address drops the old address's delivery options until its own arrive", async () => {
    let answer!: (date: string) => void;
    const { checkout } = setup({
      handlers: {
        'cart.shippingAddress': (request) =>
          new Promise(
            (resolve) =>
              (answer = (date) =>
                resolve({ result: { address: { ...(request.body as object), addressId: 5 }, deliveryOptions: [option('standard', date)] } } as never)),
          ),
      },
    });
    const form = await screen.findByRole('form', { name: '1. Delivery address' });
    await fillAddress(form);
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Save to my addresses' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save and continue' }));
    await act(async () => answer('2030-01-05'));
    expect(await screen.findByRole('radio', { name: /Standard: by 5 Jan 2030/ })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Change address' }));
    const again = await screen.findByRole('form', { name: '1. Delivery address' });
    await userEvent.clear(within(again).getByLabelText('Pincode'));
    await userEvent.type(within(again).getByLabelText('Pincode'), '110001');
    await userEvent.click(within(again).getByRole('button', { name: 'Save and continue' }));
    expect(checkout().deliveryData).toBeNull();
    await act(async () => answer('2030-01-08'));
    expect(await screen.findByRole('radio', { name: /Standard: by 8 Jan 2030/ })).toBeChecked();
    expect(screen.queryByText(/5 Jan 2030/)).not.toBeInTheDocument();
    expect(checkout().deliveryData).toMatchObject({ pincode: '110001' });
  }, 20_000);

  it('outside India, without the card provider, checkout says no payment is possible for this cart, and the exchange credit shows in the summary', async () => {
    const aed = { currencyCode: 'AED' as const };
    setup({
      country: 'ae',
      signedIn: false,
      handlers: {
        'checkout.paymentMethods': { result: { methods: [], version: 'default' } },
        'cart.get': {
          result: aCart([anItem({ price: { value: 500, ...aed }, amount: { total: 500, ...aed } })], {
            currencyCode: 'AED',
            netAmountCart: 120,
            totals: { subTotal: 500, totalDiscount: 380, totalTax: 6, shipping: 0, total: 120, discounts: [{ type: 'exchange', code: '4:9', amount: 380 }] },
          }),
        },
      },
    });
    expect(await screen.findByRole('region', { name: 'Checkout is not available for this cart' })).toHaveTextContent('United Arab Emirates');
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Exchange credit').nextElementSibling).toHaveTextContent('380');
    expect(within(summary).getByText('Difference to pay').nextElementSibling).toHaveTextContent('120');
  });
});
