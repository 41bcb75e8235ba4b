import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import FaceProfiles from './FaceProfiles';

const profile = (first: string, last?: string) => ({
  dittoId: 'ditto_0123456789abcdef',
  name: { first, ...(last ? { last } : {}) },
  isGuest: false,
  saved: true,
  isDefault: true,
  createdAt: '2026-06-01T10:00:00.000Z',
});

describe('face profiles', () => {
  it('renames a profile in place and shows the new name; cancel sends nothing', async () => {
    let current = profile('Asha');
    const { client, callsTo } = fakeApi({
      'faceProfiles.list': () => ({ result: { profiles: [current] } }),
      'faceProfiles.update': ({ body }) => {
        current = profile(body.name!.first, body.name!.last);
        return { result: current };
      },
    });
    renderPage(<FaceProfiles />, { api: client, session: CUSTOMER });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Asha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit Asha' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Asha' }));
    const form = screen.getByRole('form', { name: 'Edit Asha' });
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('This field is required')).toBeInTheDocument();
    expect(callsTo('faceProfiles.update')).toEqual([]);
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: 'Asha M' } });
    fireEvent.change(within(form).getByLabelText('Last name (optional)'), { target: { value: 'Rao' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Face profile saved')).toBeInTheDocument();
    expect(await screen.findByText(/Asha M Rao/)).toBeInTheDocument();
    expect(callsTo('faceProfiles.update').map((c) => [c.params, c.body])).toEqual([
      [{ dittoId: 'ditto_0123456789abcdef' }, { name: { first: 'Asha M', last: 'Rao' } }],
    ]);
  });
});
