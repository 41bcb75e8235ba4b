import { fireEvent, screen, waitFor } from '@testing-library/react';
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
});
