import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import { anAddress } from '../../../testing/fixtures';
import Addresses from './Addresses';

describe('address book', () => {
  it("keeps the spec's delivery fields: alternate phone, locality, floor and lift, checked and shown", async () => {
    let saved: unknown[] = [];
    const { client, callsTo } = fakeApi({
      'addresses.list': () => ({ result: { addresses: saved } }) as never,
      'addresses.locationData': { result: { states: [] } } as never,
      'addresses.create': ({ body }) => {
        saved = [{ ...(body as object), addressId: 9 }];
        return { result: saved[0] } as never;
      },
    });
    renderPage(<Addresses />, { api: client, session: CUSTOMER });
    fireEvent.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'Add an address' });
    const fill = (label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fill('First name', 'Asha');
    fill('E-mail', 'a@b.co');
    fill('Mobile number', '9812345678');
    fill('Alternate phone (optional)', '12345');
    fill('Address line 1', '4 Park Street');
    fill('Locality (optional)', 'Park Circus');
    fill('Floor (0 for ground floor)', 'third');
    fill('City', 'Kolkata');
    fill('State', 'West Bengal');
    fill('Pincode', '700016');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Enter a floor from 0 to 200')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a valid mobile number')).toBeInTheDocument();
    expect(callsTo('addresses.create')).toEqual([]);
    fill('Alternate phone (optional)', '9876543210');
    fill('Floor (0 for ground floor)', '3');
    fireEvent.click(within(form).getByLabelText('The building has a lift'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const card = await screen.findByTestId('account-address');
    expect(callsTo('addresses.create')[0]?.body).toMatchObject({ alternatePhone: '9876543210', locality: 'Park Circus', floor: 3, liftAvailable: true });
    expect(card).toHaveTextContent('4 Park Street, Park Circus, Kolkata');
    expect(card).toHaveTextContent('Floor 3, lift available');
    expect(card).toHaveTextContent('9812345678, 9876543210');
  });

  it("keeps the address's gender and comment (account §3 Address; issue 42: the form had neither), shown and edited", async () => {
    let saved: unknown[] = [];
    const { client, callsTo } = fakeApi({
      'addresses.list': () => ({ result: { addresses: saved } }) as never,
      'addresses.locationData': { result: { states: [] } } as never,
      'addresses.create': ({ body }) => {
        saved = [{ ...(body as object), addressId: 9, defaultAddress: true }];
        return { result: saved[0] } as never;
      },
      'addresses.update': ({ body }) => ({ result: { ...(saved[0] as object), ...(body as object) } }) as never,
    });
    renderPage(<Addresses />, { api: client, session: CUSTOMER });
    fireEvent.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'Add an address' });
    const fill = (label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fill('First name', 'Asha');
    fill('E-mail', 'a@b.co');
    fill('Mobile number', '9812345678');
    fill('Address line 1', '4 Park Street');
    fill('City', 'Kolkata');
    fill('State', 'West Bengal');
    fill('Pincode', '700016');
    expect(within(form).getByRole('combobox', { name: 'Gender (optional)' })).toHaveValue('');
    fill('Gender (optional)', 'female');
    fill('Delivery instructions (optional)', '  Ring twice; gate code 4411  ');
    expect(within(form).getByLabelText('Delivery instructions (optional)')).toHaveAccessibleDescription(
      'For the courier, such as a gate code or when to call. Up to 500 characters.',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const card = await screen.findByTestId('account-address');
    expect(callsTo('addresses.create')[0]?.body).toMatchObject({ gender: 'female', comment: 'Ring twice; gate code 4411' });
    expect(card).toHaveTextContent('Note: Ring twice; gate code 4411');
    fireEvent.click(within(card).getByRole('button', { name: 'Edit 4 Park Street' }));
    const edit = screen.getByRole('form', { name: 'Edit address' });
    expect(within(edit).getByRole('combobox', { name: 'Gender (optional)' })).toHaveValue('female');
    expect(within(edit).getByLabelText('Delivery instructions (optional)')).toHaveValue('Ring twice; gate code 4411');
    fireEvent.change(within(edit).getByLabelText('Gender (optional)'), { target: { value: '' } });
    fireEvent.change(within(edit).getByLabelText('Delivery instructions (optional)'), { target: { value: '' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    const sent = callsTo('addresses.update')[0]?.body as Record<string, unknown>;
    expect(sent).not.toHaveProperty('gender');
    expect(sent).not.toHaveProperty('comment');
  });

  it('edits an address with its saved floor and lift filled in', async () => {
    const { client, callsTo } = fakeApi({
      'addresses.list': { result: { addresses: [anAddress({ floor: 2, liftAvailable: true, locality: 'Park Circus' })] } } as never,
      'addresses.locationData': { result: { states: [] } } as never,
      'addresses.update': ({ body }) => ({ result: { ...anAddress(), ...(body as object) } }) as never,
    });
    renderPage(<Addresses />, { api: client, session: CUSTOMER });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit 4 Park Street' }));
    const form = screen.getByRole('form', { name: 'Edit address' });
    expect(within(form).getByLabelText('Floor (0 for ground floor)')).toHaveValue('2');
    expect(within(form).getByLabelText('Locality (optional)')).toHaveValue('Park Circus');
    expect(within(form).getByLabelText('The building has a lift')).toBeChecked();
    fireEvent.click(within(form).getByLabelText('The building has a lift'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(callsTo('addresses.update')[0]?.body).toMatchObject({ floor: 2, liftAvailable: false, locality: 'Park Circus' });
  });
});
