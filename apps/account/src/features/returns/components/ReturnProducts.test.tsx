import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '@eyewear/api-client/testing';
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
const created = (mode: string) =>
  ({
    result: {
      returnId: 3,
      orderId: 7,
      groupId: 'RG-3',
      status: 'REQUESTED',
      itemIds: [11],
      returnMethod: 'exchange',
      mode,
      labelStatus: 'GENERATED',
      createdAt: '2026-06-03T10:00:00.000Z',
    },
  }) as never;

function api() {
  return fakeApi({
    'orders.get': { result: order },
    'returns.eligibility': { result: [{ itemId: 11, isExchangeable: true, isRefundable: true, returnable: true }] } as never,
    'returns.reasons': { result: { reasons: [{ id: 1, reason: 'Does not fit' }] } } as never,
    'returns.modes': ({ query }) => ({ result: modesAt(query.pincode!) }) as never,
    'addresses.list': { result: { addresses: [address(1, '700016'), address(2, '560038')] } },
    'returns.create': ({ body }) => created(body.mode),
  });
}

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
