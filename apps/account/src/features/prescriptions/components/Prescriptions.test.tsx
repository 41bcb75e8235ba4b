import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import Prescriptions from './Prescriptions';

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'face.png', { type: 'image/png' });

describe('prescriptions', () => {
  it('saves entered powers and lists them with placeholders as hyphens', async () => {
    let saved: unknown[] = [];
    const { client, calls } = fakeApi({
      'prescriptions.saved': () => ({ result: { prescriptions: saved } }) as never,
      'prescriptions.create': ({ body }) => {
        saved = [{ ...(body as object), id: 1, createdAt: '2026-06-01T10:00:00.000Z' }];
        return { result: saved[0] } as never;
      },
    });
    renderPage(<Prescriptions />, { api: client, session: CUSTOMER });
    expect(await screen.findByText('You have no saved prescriptions yet.')).toBeInTheDocument();
    const right = screen.getByRole('group', { name: 'Right eye' });
    fireEvent.change(right.querySelector('input[name="right.sph"]')!, { target: { value: '-1.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save prescription' }));
    expect(await screen.findByText('Prescription saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ powerType: 'SINGLE_VISION', right: { sph: '-1.25' }, left: {} });
    const card = await screen.findByTestId('account-prescription');
    expect(card).toHaveTextContent('Your power');
    expect(card).toHaveTextContent('-1.25');
  });

  it("fails the camera PD with the spec's message when no pd value comes back", async () => {
    const { client } = fakeApi({
      'prescriptions.saved': { result: { prescriptions: [] } } as never,
      'prescriptions.cameraPd': fail(422, { message: 'x' }),
    });
    renderPage(<Prescriptions />, { api: client, session: CUSTOMER });
    fireEvent.change(await screen.findByLabelText('Measure PD from a photo of your face'), { target: { files: [png()] } });
    expect(await screen.findByText('Some error occured. Please try again.')).toBeInTheDocument();
  });

  it('fills both eyes from a measured PD', async () => {
    const { client } = fakeApi({
      'prescriptions.saved': { result: { prescriptions: [] } } as never,
      'prescriptions.cameraPd': { result: { faces: { attributes: { pd: { value: 63 } } } } } as never,
    });
    renderPage(<Prescriptions />, { api: client, session: CUSTOMER });
    fireEvent.change(await screen.findByLabelText('Measure PD from a photo of your face'), { target: { files: [png()] } });
    expect(await screen.findByText('Measured PD: 63 mm')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('input[name="left.pd"]')!.value).toBe('31.5'));
  });

  it('says at the field why a power is refused and sends nothing until it is a real lens power', async () => {
    const { client, callsTo } = fakeApi({
      'prescriptions.saved': { result: { prescriptions: [] } } as never,
      'prescriptions.create': ({ body }) => ({ result: { ...(body as object), id: 1, createdAt: '2026-06-01T10:00:00.000Z' } }) as never,
    });
    renderPage(<Prescriptions />, { api: client, session: CUSTOMER });
    const form = await screen.findByRole('form', { name: 'Add a prescription' });
    const right = within(form).getByRole('group', { name: 'Right eye' });
    fireEvent.change(within(right).getByLabelText('Spherical (SPH)'), { target: { value: '-1.3' } });
    fireEvent.change(within(right).getByLabelText('Cylindrical (CYL)'), { target: { value: '-0.75' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save prescription' }));
    expect(await within(right).findByText('Powers come in steps of 0.25')).toBeInTheDocument();
    expect(within(right).getByText('Enter the axis (0 to 180) that goes with the cylinder')).toBeInTheDocument();
    expect(within(right).getByLabelText('Spherical (SPH)')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('prescriptions.create')).toEqual([]);
    fireEvent.change(within(right).getByLabelText('Spherical (SPH)'), { target: { value: '-1.25' } });
    fireEvent.change(within(right).getByLabelText('Axis'), { target: { value: '90' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save prescription' }));
    expect(await screen.findByText('Prescription saved')).toBeInTheDocument();
    expect(callsTo('prescriptions.create')[0]?.body).toEqual({ powerType: 'SINGLE_VISION', right: { sph: '-1.25', cyl: '-0.75', axis: '90' }, left: {} });
  });

  it('refuses a 0.3 sphere at its field (described by the message), takes -2.25, and shows a server refusal at its field without the field code', async () => {
    let refuse = true;
    const { client, callsTo } = fakeApi({
      'prescriptions.saved': { result: { prescriptions: [] } } as never,
      'prescriptions.create': ({ body }) =>
        refuse
          ? fail(400, { message: 'left.sph: This lens is made from -12.00 to +8.00', field: 'left.sph', code: 'BAD_REQUEST' })
          : ({ result: { ...(body as object), id: 2, createdAt: '2026-06-01T10:00:00.000Z' } } as never),
    });
    renderPage(<Prescriptions />, { api: client, session: CUSTOMER });
    const form = await screen.findByRole('form', { name: 'Add a prescription' });
    const right = within(form).getByRole('group', { name: 'Right eye' });
    const sph = within(right).getByLabelText('Spherical (SPH)');
    fireEvent.change(sph, { target: { value: '0.3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save prescription' }));
    expect(await within(right).findByText('Powers come in steps of 0.25')).toBeInTheDocument();
    expect(sph).toHaveAccessibleDescription('Powers come in steps of 0.25');
    expect(callsTo('prescriptions.create')).toEqual([]);

    fireEvent.change(sph, { target: { value: '-2.25' } });
    fireEvent.change(within(form).getByRole('group', { name: 'Left eye' }).querySelector('input[name="left.sph"]')!, { target: { value: '-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save prescription' }));
    const left = within(form).getByRole('group', { name: 'Left eye' });
    expect(await within(left).findByText('This lens is made from -12.00 to +8.00')).toBeInTheDocument();
    expect(within(left).getByLabelText('Spherical (SPH)')).toHaveAccessibleDescription('This lens is made from -12.00 to +8.00');
    expect(screen.queryByText(/left\.sph/)).not.toBeInTheDocument();
    expect(within(right).queryByText('Powers come in steps of 0.25')).not.toBeInTheDocument();

    refuse = false;
    fireEvent.click(within(form).getByRole('button', { name: 'Save prescription' }));
    expect(await screen.findByText('Prescription saved')).toBeInTheDocument();
    expect(callsTo('prescriptions.create')[1]?.body).toEqual({ powerType: 'SINGLE_VISION', right: { sph: '-2.25' }, left: { sph: '-1.00' } });
  });

  it('asks for the addition of a progressive prescription and checks its range', async () => {
    const { client, callsTo } = fakeApi({ 'prescriptions.saved': { result: { prescriptions: [] } } as never });
    renderPage(<Prescriptions />, { api: client, session: CUSTOMER });
    const form = await screen.findByRole('form', { name: 'Add a prescription' });
    expect(within(form).queryByLabelText('Addition (ADD)')).not.toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Power type'), { target: { value: 'PROGRESSIVE' } });
    const left = within(form).getByRole('group', { name: 'Left eye' });
    fireEvent.change(within(left).getByLabelText('Addition (ADD)'), { target: { value: '+4.00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save prescription' }));
    expect(await within(left).findByText('This lens is made from +0.75 to +3.50')).toBeInTheDocument();
    expect(callsTo('prescriptions.create')).toEqual([]);
  });

  it('edits a saved prescription in place: its values filled in, sent as an update of that prescription', async () => {
    let saved = {
      id: 4,
      powerType: 'SINGLE_VISION',
      userName: 'Meera',
      right: { sph: '-1.25' },
      left: { sph: '-1.00' },
      imageFileName: 'prescription-abc.png',
      createdAt: '2026-06-01T10:00:00.000Z',
    };
    const { client, callsTo } = fakeApi({
      'prescriptions.saved': () => ({ result: { prescriptions: [saved] } }) as never,
      'prescriptions.update': ({ body }) => {
        saved = { ...saved, ...(body as object), updatedAt: '2026-06-05T10:00:00.000Z' } as typeof saved;
        return { result: saved } as never;
      },
    });
    renderPage(<Prescriptions />, { api: client, session: CUSTOMER });
    const card = await screen.findByTestId('account-prescription');
    expect(card).toHaveTextContent('Meera · Single vision');
    fireEvent.click(within(card).getByRole('button', { name: 'Edit the prescription of Meera' }));
    const form = within(card).getByRole('form', { name: 'Edit prescription' });
    const right = within(form).getByRole('group', { name: 'Right eye' });
    expect(within(right).getByLabelText('Spherical (SPH)')).toHaveValue('-1.25');
    expect(within(form).getByLabelText('Whose prescription is it?')).toHaveValue('Meera');
    fireEvent.change(within(right).getByLabelText('Spherical (SPH)'), { target: { value: '-1.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save prescription' }));
    expect(await screen.findByText('Prescription updated')).toBeInTheDocument();
    expect(callsTo('prescriptions.update').map((c) => [c.params, c.body])).toEqual([
      [
        { prescriptionId: '4' },
        { powerType: 'SINGLE_VISION', right: { sph: '-1.50' }, left: { sph: '-1.00' }, userName: 'Meera', imageFileName: 'prescription-abc.png' },
      ],
    ]);
    await waitFor(() => expect(screen.getByTestId('account-prescription')).toHaveTextContent('-1.50'));
    expect(screen.queryByRole('form', { name: 'Edit prescription' })).not.toBeInTheDocument();
    expect(callsTo('prescriptions.create')).toEqual([]);
  });
  it('shows one placeholder until the list is in, then the list and the form under it at once: the form never moves as the list lands (issue 42)', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { client } = fakeApi({
      'prescriptions.saved': () =>
        new Promise((resolve) => {
          answer = resolve;
        }) as never,
    });
    renderPage(<Prescriptions />, { api: client, session: CUSTOMER });
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a prescription' })).not.toBeInTheDocument();
    await act(async () =>
      answer({
        result: {
          prescriptions: [{ id: 3, powerType: 'SINGLE_VISION', right: { sph: '-1.50' }, left: { sph: '-1.25' }, createdAt: '2026-06-01T10:00:00.000Z' }],
        },
      }),
    );
    expect(await screen.findByTestId('account-prescription')).toHaveTextContent('-1.50');
    expect(screen.getByRole('form', { name: 'Add a prescription' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });
});
