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

  it('saves a second profile right after the first: the photo field starts empty and says what is missing (issue 42)', async () => {
    const profiles: ReturnType<typeof profile>[] = [];
    const { client, callsTo } = fakeApi({
      'faceProfiles.list': () => ({ result: { profiles } }),
      'faceProfiles.create': () => {
        const created = { ...profile(`P${profiles.length + 1}`), dittoId: `ditto_${profiles.length + 1}`.padEnd(22, '0'), isDefault: profiles.length === 0 };
        profiles.push(created);
        return { result: created };
      },
    });
    renderPage(<FaceProfiles />, { api: client, session: CUSTOMER });
    const form = await screen.findByRole('form', { name: 'Create a face profile from a photo' });
    const photo = new File(['face'], 'face.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(form).getByLabelText('Profile name'), { target: { value: 'Asha' } });
    fireEvent.change(within(form).getByLabelText('Photo'), { target: { files: [photo] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create profile' }));
    expect(await screen.findByText(/P1/)).toBeInTheDocument();
    // The same photo again, for someone else: the field is empty, so choosing it is a change.
    expect((within(form).getByLabelText('Photo') as HTMLInputElement).files).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Profile name'), { target: { value: 'Ravi' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create profile' }));
    expect(within(form).getByLabelText('Photo')).toHaveAccessibleDescription('Please choose a photo of your face');
    expect(within(form).queryByText('This field is required')).not.toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Photo'), { target: { files: [photo] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create profile' }));
    expect(await screen.findByText(/P2/)).toBeInTheDocument();
    expect(callsTo('faceProfiles.create')).toHaveLength(2);
  });

  it('says which part is missing, at its field', async () => {
    const { client, callsTo } = fakeApi({ 'faceProfiles.list': { result: { profiles: [] } } });
    renderPage(<FaceProfiles />, { api: client, session: CUSTOMER });
    const form = await screen.findByRole('form', { name: 'Create a face profile from a photo' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create profile' }));
    expect(within(form).getByLabelText('Profile name')).toHaveAccessibleDescription('Please give this face profile a name');
    expect(within(form).getByLabelText('Photo')).toHaveAccessibleDescription('Please choose a photo of your face');
    expect(callsTo('faceProfiles.create')).toEqual([]);
  });
});
