import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { exchangeExitRequested, type ExchangePayload } from '@eyewear/event-bus';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import { anAddress, anOrder, anOrderItem } from '../../../testing/fixtures';
import ReturnProducts from './ReturnProducts';

const order = anOrder({ status: 'DELIVERED', items: [anOrderItem({ status: 'DELIVERED' })] });
const modesAt = (pincode: string) => ({
  modes: [
    { mode: 'pickup', label: 'Free pickup from your address', available: pincode === '560038' },
    { mode: 'store_return', label: 'Return at a store near you', available: pincode === '560038' },
    { mode: 'self_ship', label: 'Ship it to us yourself', available: true },
  ],
  stores:
    pincode === '560038'
      ? [
          { code: 'BLR01', name: 'Indiranagar', address: '100 Feet Road', city: 'Bengaluru' },
          { code: 'BLR02', name: 'Koramangala', address: '80 Feet Road', city: 'Bengaluru' },
        ]
      : [],
});
const address = (addressId: number, postcode: string) =>
  anAddress({ addressId, defaultAddress: addressId === 1, lastName: '', addressline1: `${addressId} Lane`, city: 'Bengaluru', state: 'Karnataka', postcode });
const created = (mode: string, returnMethod = 'exchange') =>
  ({
    result: {
      returnId: 3,
      orderId: 7,
      groupId: 'RG-3',
      status: 'REQUESTED',
      itemIds: [11],
      returnMethod,
      mode,
      labelStatus: 'GENERATED',
      createdAt: '2026-06-03T10:00:00.000Z',
    },
  }) as never;

const config = (over: Record<string, unknown> = {}) =>
  ({
    result: {
      returnWindowDays: 14,
      exchangeEnabled: true,
      newExchangeFlow: false,
      allowedStatusByPaymentMethod: { others: ['DELIVERED'] },
      photoMaxBytes: 1024 * 1024,
      returnAddress: {
        name: 'Eyewear Returns Centre',
        addressline1: 'Plot 14, KIADB Industrial Area',
        city: 'Bengaluru',
        state: 'Karnataka',
        postcode: '560099',
        country: 'in',
      },
      ...over,
    },
  }) as never;

function api(over: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'orders.get': { result: order },
    'returns.eligibility': { result: [{ itemId: 11, isExchangeable: true, isRefundable: true, returnable: true }] } as never,
    'returns.config': config(),
    'returns.reasons': { result: { reasons: [{ id: 1, reason: 'Does not fit' }] } } as never,
    'returns.modes': ({ query }) => ({ result: modesAt(query.pincode!) }) as never,
    'addresses.list': { result: { addresses: [address(1, '700016'), address(2, '560038')] } },
    'returns.create': ({ body }) => created(body.mode, body.returnMethod),
    'returns.refundMethods': { result: { methods: REFUND_METHODS } } as never,
    ...over,
  });
}

const REFUND_METHODS = [
  {
    method: 'source',
    label: 'Back to the original payment method',
    enabled: true,
    description: 'Started when your return is picked up or reaches us; in your account 5-7 working days later',
  },
  {
    method: 'storecredit',
    label: 'Store credit',
    enabled: true,
    description: 'Added to your account when your return is picked up or reaches us, to use on your next order',
  },
  { method: 'neft', label: 'Bank transfer (NEFT)', enabled: false, description: 'To the bank account you give us' },
];

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Return Round Classic' }));
  const form = await screen.findByRole('form', { name: 'Return Round Classic' });
  await within(form).findByRole('radio', { name: 'Return at a store near you' });
  return form;
}

describe('return modes by pincode', () => {
  it('offers the modes of the order pincode and returns at a chosen store', async () => {
    const { client, callsTo } = api();
    renderPage(<ReturnProducts orderId={7} />, { api: client, session: CUSTOMER });
    const form = await openForm();
    expect(callsTo('returns.modes')[0]?.query).toEqual({ pincode: '560038' });
    expect(within(form).getByRole('radio', { name: 'Ship it to us yourself' })).toBeChecked();
    fireEvent.click(within(form).getByLabelText('An exchange for the same product'));
    fireEvent.click(within(form).getByRole('radio', { name: 'Return at a store near you' }));
    fireEvent.change(within(form).getByLabelText('Store'), { target: { value: 'BLR02' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Start return' }));
    expect(await screen.findByText('Your return RG-3 has been requested.')).toBeInTheDocument();
    expect(callsTo('returns.create')[0]?.body).toEqual({
      items: [{ itemId: 11, reasonId: 1 }],
      returnMethod: 'exchange',
      mode: 'store_return',
      storeCode: 'BLR02',
    });
  });

  it('picks up from a saved address at the pincode, and disables what another pincode lacks', async () => {
    const { client, callsTo } = api();
    renderPage(<ReturnProducts orderId={7} />, { api: client, session: CUSTOMER });
    const form = await openForm();
    fireEvent.change(within(form).getByLabelText('Pincode'), { target: { value: '110001' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Check return options' }));
    expect(await within(form).findByRole('radio', { name: 'Free pickup from your address (not available here)' })).toBeDisabled();
    expect(within(form).getByRole('radio', { name: 'Return at a store near you (not available here)' })).toBeDisabled();

    fireEvent.change(within(form).getByLabelText('Pincode'), { target: { value: '560038' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Check return options' }));
    fireEvent.click(await within(form).findByRole('radio', { name: 'Free pickup from your address' }));
    const select = await within(form).findByLabelText('Pick it up from');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2 Lane, Bengaluru 560038']);
    fireEvent.click(within(form).getByRole('button', { name: 'Start return' }));
    await waitFor(() => expect(callsTo('returns.create')[0]?.body).toMatchObject({ mode: 'pickup', pickupAddressId: 2 }));
  });
});

describe('the return deadline', () => {
  it("shows each item's last day as the country writes it, and before delivery the window's days from the API", async () => {
    const { client } = api({
      'orders.get': { result: anOrder({ items: [anOrderItem({ status: 'DELIVERED' }), anOrderItem({ id: 12, name: 'Aviator', status: 'SHIPPED' })] }) },
      'returns.eligibility': {
        result: [
          { itemId: 11, isExchangeable: true, isRefundable: true, returnable: true, returnWindowEndsAt: '2026-07-20T09:30:00.000Z' },
          { itemId: 12, isExchangeable: true, isRefundable: true, returnable: true },
        ],
      } as never,
    });
    renderPage(<ReturnProducts orderId={7} />, { api: client, session: CUSTOMER });
    const [delivered, shipped] = await screen.findAllByTestId('account-return-item');
    expect(delivered).toHaveTextContent('Return by 20 Jul 2026');
    expect(shipped).toHaveTextContent('You can return it up to 14 days after it is delivered.');
  });
});

describe('the photo a reason asks for', () => {
  const photoApi = (upload: NonNullable<Parameters<typeof fakeApi>[0]>['returns.uploadPhoto']) =>
    api({
      'returns.reasons': {
        result: {
          reasons: [
            { id: 1, reason: 'Does not fit', classification: 'eyeframe' },
            { id: 3, reason: 'Damaged or defective product', classification: 'eyeframe', needsImage: true },
          ],
        },
      } as never,
      'returns.uploadPhoto': upload,
    });
  const jpeg = (bytes: number) => new File([new Uint8Array(bytes)], 'crack.jpg', { type: 'image/jpeg' });

  it('is asked for only by that reason, refused when missing or too large, and sent with the return once added', async () => {
    const { client, callsTo } = photoApi({ result: { fileName: 'return-abc.jpg', contentType: 'image/jpeg' } } as never);
    renderPage(<ReturnProducts orderId={7} />, { api: client, session: CUSTOMER });
    const form = await openForm();
    expect(within(form).queryByLabelText('Photo of the item')).not.toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: '3' } });
    const input = within(form).getByLabelText('Photo of the item');
    expect(input).toHaveAccessibleDescription('This reason needs a photo that shows the problem: JPEG, PNG, WEBP or HEIC, up to 1 MB.');

    fireEvent.click(within(form).getByRole('button', { name: 'Start return' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Please add a photo of the item: this reason needs one.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('returns.create')).toEqual([]);

    fireEvent.change(input, { target: { files: [jpeg(1024 * 1024 + 1)] } });
    expect(await within(form).findByRole('alert')).toHaveTextContent('This photo is larger than 1 MB. Please choose a smaller one.');
    expect(callsTo('returns.uploadPhoto')).toEqual([]);

    fireEvent.change(input, { target: { files: [jpeg(2048)] } });
    expect(await within(form).findByText('Photo added: crack.jpg')).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Start return' }));
    expect(await screen.findByText('Your return RG-3 has been requested.')).toBeInTheDocument();
    expect(callsTo('returns.create')[0]?.body).toEqual({
      items: [{ itemId: 11, reasonId: 3, photoFileName: 'return-abc.jpg' }],
      returnMethod: 'refund',
      mode: 'self_ship',
      refundMethod: 'source',
    });
  });

  it("says the API's refusal of the file in the shopper's words", async () => {
    const { client } = photoApi(fail(400, { message: 'file.size: The photo is larger than 1 MB', field: 'file.size' }));
    renderPage(<ReturnProducts orderId={7} />, { api: client, session: CUSTOMER });
    const form = await openForm();
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Photo of the item'), { target: { files: [jpeg(10)] } });
    expect(await within(form).findByRole('alert')).toHaveTextContent('This photo is larger than 1 MB. Please choose a smaller one.');
  });
});

describe('a pickup address added in place', () => {
  it('saves a new address to the address book without leaving the form, and picks up from it', async () => {
    let book = [address(1, '700016')];
    const { client, callsTo } = api({
      'addresses.list': () => ({ result: { addresses: book } }) as never,
      'addresses.create': ({ body }) => {
        const saved = { ...(body as object), addressId: 9, defaultAddress: false, addressType: 'billing', floor: 0, liftAvailable: false };
        book = [...book, saved as never];
        return { result: saved } as never;
      },
    });
    renderPage(<ReturnProducts orderId={7} />, { api: client, session: CUSTOMER });
    const form = await openForm();
    fireEvent.click(within(form).getByRole('radio', { name: 'Free pickup from your address' }));
    expect(await within(form).findByText('You have no saved address with pincode 560038.')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Add a pickup address' }));
    const group = within(form).getByRole('group', { name: 'New pickup address' });
    expect(within(group).getByLabelText('Pincode')).toHaveValue('560038');
    expect(within(group).getByLabelText('First name')).toHaveValue('Asha');

    fireEvent.click(within(group).getByRole('button', { name: 'Save address' }));
    expect(within(group).getByLabelText('Address line 1')).toHaveAccessibleDescription('This field is required');
    expect(callsTo('addresses.create')).toEqual([]);

    fireEvent.change(within(group).getByLabelText('Address line 1'), { target: { value: '7 Church Street' } });
    fireEvent.change(within(group).getByLabelText('City'), { target: { value: 'Bengaluru' } });
    fireEvent.change(within(group).getByLabelText('State'), { target: { value: 'Karnataka' } });
    fireEvent.click(within(group).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('Saved to your address book: we will pick it up from 7 Church Street, Bengaluru.')).toBeInTheDocument();
    expect(callsTo('addresses.create')[0]?.body).toMatchObject({ addressline1: '7 Church Street', postcode: '560038', country: 'in', phone: '9812345678' });
    expect(within(form).queryByRole('group', { name: 'New pickup address' })).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Pick it up from')).toHaveValue('9');

    fireEvent.click(within(form).getByRole('button', { name: 'Start return' }));
    await waitFor(() => expect(callsTo('returns.create')[0]?.body).toMatchObject({ mode: 'pickup', pickupAddressId: 9 }));
  });
});

describe('shipping it back oneself', () => {
  it('gives the steps, the last day and the return address when pickup is not possible at the pincode', async () => {
    const { client, callsTo } = api({
      'returns.eligibility': {
        result: [{ itemId: 11, isExchangeable: true, isRefundable: true, returnable: true, returnWindowEndsAt: '2026-07-20T09:30:00.000Z' }],
      } as never,
    });
    renderPage(<ReturnProducts orderId={7} />, { api: client, session: CUSTOMER });
    const form = await openForm();
    fireEvent.click(within(form).getByRole('radio', { name: 'Free pickup from your address' }));
    fireEvent.change(within(form).getByLabelText('Pincode'), { target: { value: '110001' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Check return options' }));
    expect(await within(form).findByText('Free pickup is not available at 110001.')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('radio', { name: 'Ship it to us yourself' })).toBeChecked());
    const note = within(form).getByRole('region', { name: 'Ship it to us yourself' });
    expect(note).toHaveTextContent('Write your order number 7 on the parcel.');
    expect(note).toHaveTextContent('Send it by a tracked courier to the address below by 20 Jul 2026.');
    expect(within(note).getByLabelText('Return address')).toHaveTextContent('Eyewear Returns CentrePlot 14, KIADB Industrial AreaBengaluru Karnataka 560099');
    fireEvent.click(within(form).getByRole('button', { name: 'Start return' }));
    expect(await screen.findByText('Your return RG-3 has been requested.')).toBeInTheDocument();
    expect(callsTo('returns.create')[0]?.body).toMatchObject({ mode: 'self_ship' });
    expect(screen.getByRole('region', { name: 'Ship it to us yourself' })).toBeInTheDocument();
  });
});

describe('what the return brings, said before it is made (issue 42)', () => {
  const withDetails = {
    'returns.eligibility': {
      result: [
        {
          itemId: 11,
          isExchangeable: true,
          isRefundable: true,
          returnable: true,
          refundExchangeDetails: { refundAmount: 1499, currencyCode: 'INR', exchangeCredit: 1499 },
        },
      ],
    } as never,
  };

  it('asks the refund method, with when its money moves, before the return is made, and makes it with that method in one call', async () => {
    const { client, callsTo } = api(withDetails);
    renderPage(<ReturnProducts orderId={7} />, { api: client, session: CUSTOMER });
    const form = await openForm();
    const methods = await within(form).findByRole('group', { name: 'How should we refund you?' });
    expect(methods).toHaveTextContent('Refund amount: ₹1,499');
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['source', 'storecredit']);
    expect(within(methods).getByRole('radio', { name: /^Back to the original payment method/ })).toBeChecked();
    const credit = within(methods).getByRole('radio', {
      name: 'Store credit (Added to your account when your return is picked up or reaches us, to use on your next order)',
    });
    expect(within(methods).queryByText(/Instantly/)).not.toBeInTheDocument();
    fireEvent.click(credit);
    expect(callsTo('returns.create')).toEqual([]);
    fireEvent.click(within(form).getByRole('button', { name: 'Start return' }));
    expect(await screen.findByText('Your return RG-3 has been requested.')).toBeInTheDocument();
    expect(callsTo('returns.create')).toHaveLength(1);
    expect(callsTo('returns.create')[0]?.body).toMatchObject({ returnMethod: 'refund', refundMethod: 'storecredit' });
    expect(screen.getByTestId('account-return-outcome')).toHaveTextContent(
      'Refund of ₹1,499 by store credit. Added to your account when your return is picked up or reaches us, to use on your next order.',
    );
    // Nothing is asked after the return is made: its details are a link away.
    expect(screen.queryByRole('form', { name: 'Choose your refund method' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See return details' })).toHaveAttribute('href', '/sales/order/return-details/11');
    expect(callsTo('returns.createRefund')).toEqual([]);
  });

  it('says what an exchange for the same product sends and when, before and after', async () => {
    const { client, callsTo } = api({
      ...withDetails,
      'orders.get': { result: anOrder({ status: 'DELIVERED', items: [anOrderItem({ status: 'DELIVERED', packageName: 'Blue cut premium' })] }) },
    });
    renderPage(<ReturnProducts orderId={7} />, { api: client, session: CUSTOMER });
    const form = await openForm();
    fireEvent.click(within(form).getByLabelText('An exchange for the same product'));
    expect(within(form).queryByRole('group', { name: 'How should we refund you?' })).not.toBeInTheDocument();
    expect(within(form).getByTestId('account-return-replacement')).toHaveTextContent(
      'We will send you a new Round Classic: the same frame in the same size and colour, with the same lenses (Blue cut premium) and the same power, at no cost. It is sent as soon as the one you return reaches us, as an exchange order in My orders.',
    );
    fireEvent.click(within(form).getByRole('radio', { name: 'Free pickup from your address' }));
    expect(within(form).getByTestId('account-return-replacement')).toHaveTextContent('It is sent as soon as our courier picks up the one you return');
    fireEvent.click(within(form).getByRole('radio', { name: 'Ship it to us yourself' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Start return' }));
    expect(await screen.findByTestId('account-return-outcome')).toHaveTextContent('We will send you a new Round Classic');
    expect(callsTo('returns.create')[0]?.body).not.toHaveProperty('refundMethod');
  });

  it('gives an exchange for another product its credit, said before, and carried into exchange mode', async () => {
    const { client } = api(withDetails);
    const { pageStore } = renderPage(<ReturnProducts orderId={7} />, { api: client, session: CUSTOMER });
    const form = await openForm();
    fireEvent.click(within(form).getByLabelText('An exchange for another product'));
    expect(within(form).getByTestId('account-return-credit')).toHaveTextContent(
      'Your exchange credit: ₹1,499. After you start the return, choose the new product: the credit pays for it first and you pay only the difference.',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Start return' }));
    expect(await screen.findByRole('link', { name: 'Shop for the exchange' })).toBeInTheDocument();
    const exchange = (pageStore.store.getState() as { events: { 'exchange/changed'?: ExchangePayload } }).events['exchange/changed'];
    expect(exchange).toMatchObject({ active: true, orderId: '7', itemId: '11', credit: { amount: 1499, currencyCode: 'INR' } });
    await act(async () => {
      pageStore.store.dispatch(exchangeExitRequested({}));
    });
  });
});
