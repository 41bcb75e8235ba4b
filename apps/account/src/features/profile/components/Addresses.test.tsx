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
