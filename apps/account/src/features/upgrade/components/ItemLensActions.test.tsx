import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import { anOrderItem } from '../../../testing/fixtures';
import { ItemLensActions } from './ItemLensActions';

const withPower = anOrderItem({
  powerType: 'SINGLE_VISION',
  prescription: { powerType: 'SINGLE_VISION', right: { sph: '-1.25' }, left: { sph: '-1.00' } },
});
const applied = { result: { item: withPower, status: 'APPLIED', amountDue: 0, currencyCode: 'INR' } } as never;

describe("an order item's power type change (issue 42: switching to progressive never asked the ADD power)", () => {
  it("asks each eye's ADD for progressive lenses, in the lab's range, and sends it with the change", async () => {
    const api = fakeApi({ 'prescriptions.updatePowerType': applied });
    const changed = jest.fn();
    renderPage(<ItemLensActions orderId={7} item={withPower} onChanged={changed} />, { api: api.client, session: CUSTOMER });
    const form = screen.getByRole('form', { name: 'Change power type: Round Classic' });
    // Bifocal first (the first other type): it needs ADD too.
    fireEvent.change(within(form).getByLabelText('Change power type'), { target: { value: 'PROGRESSIVE' } });
    const right = within(form).getByLabelText('Right eye ADD');
    expect(
      within(right)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose', ...['+0.75', '+1.00', '+1.25', '+1.50', '+1.75', '+2.00', '+2.25', '+2.50', '+2.75', '+3.00', '+3.25', '+3.50']]);
    fireEvent.click(within(form).getByRole('button', { name: 'Change power type' }));
    expect(await within(form).findAllByText('Choose the ADD power of this eye (+0.75 to +3.50)')).toHaveLength(2);
    expect(right).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('prescriptions.updatePowerType')).toEqual([]);
    fireEvent.change(right, { target: { value: '+1.50' } });
    fireEvent.change(within(form).getByLabelText('Left eye ADD'), { target: { value: '+1.75' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change power type' }));
    await waitFor(() => expect(changed).toHaveBeenCalled());
    const [sent] = api.callsTo('prescriptions.updatePowerType');
    expect([sent!.query, sent!.body]).toEqual([
      { from: 'SINGLE_VISION', to: 'PROGRESSIVE' },
      { right: { ap: '+1.50' }, left: { ap: '+1.75' } },
    ]);
  });

  it('asks no ADD for single vision or zero power, nor for an item whose power comes later', async () => {
    const api = fakeApi({ 'prescriptions.updatePowerType': applied });
    const { unmount } = renderPage(
      <ItemLensActions
        orderId={7}
        item={{ ...withPower, powerType: 'PROGRESSIVE', prescription: { ...withPower.prescription!, powerType: 'PROGRESSIVE' } }}
        onChanged={jest.fn()}
      />,
      { api: api.client, session: CUSTOMER },
    );
    fireEvent.change(screen.getByLabelText('Change power type'), { target: { value: 'SINGLE_VISION' } });
    expect(screen.queryByLabelText('Right eye ADD')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change power type' }));
    await waitFor(() => expect(api.callsTo('prescriptions.updatePowerType')).toHaveLength(1));
    expect(api.callsTo('prescriptions.updatePowerType')[0]!.body).toBeUndefined();
    unmount();
    const later = anOrderItem({
      powerType: 'SINGLE_VISION',
      prescription: { powerType: 'SINGLE_VISION', right: { sph: 'Call Me/Email Me for Power' }, left: {} },
    });
    renderPage(<ItemLensActions orderId={7} item={later} onChanged={jest.fn()} />, { api: api.client, session: CUSTOMER });
    fireEvent.change(screen.getByLabelText('Change power type'), { target: { value: 'PROGRESSIVE' } });
    expect(screen.queryByLabelText('Right eye ADD')).toBeNull();
  });

  it("shows the API's refusal of an ADD at its eye, without its field name", async () => {
    const api = fakeApi({
      'prescriptions.updatePowerType': fail(400, { message: 'left.ap: This lens is made from +0.75 to +3.50', field: 'left.ap' }),
    });
    const { actions } = renderPage(<ItemLensActions orderId={7} item={withPower} onChanged={jest.fn()} />, { api: api.client, session: CUSTOMER });
    fireEvent.change(screen.getByLabelText('Change power type'), { target: { value: 'BIFOCAL' } });
    fireEvent.change(screen.getByLabelText('Right eye ADD'), { target: { value: '+1.00' } });
    fireEvent.change(screen.getByLabelText('Left eye ADD'), { target: { value: '+1.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change power type' }));
    expect(await screen.findByText('This lens is made from +0.75 to +3.50')).toBeInTheDocument();
    expect(screen.getByLabelText('Left eye ADD')).toHaveAttribute('aria-invalid', 'true');
    expect(actions).toContainEqual({ type: 'toast/show', payload: { message: 'This lens is made from +0.75 to +3.50', timeout: 7000, error: true } });
  });
});
