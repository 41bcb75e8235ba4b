import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, fail } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import { FACE_PROBLEM_MESSAGES } from '@eyewear/face/problems';
import { findFace, type FaceFinding } from '../find-face';
import FaceProfiles from './FaceProfiles';

// The face finder runs the model in the browser (find-face.test.ts tests it with a detector of its
// own); here it answers what each test says.
jest.mock('../find-face', () => ({ findFace: jest.fn() }));
const finder = findFace as jest.MockedFunction<typeof findFace>;
const FACE = {
  landmarks: {
    pupils: [
      { x: 120, y: 100 },
      { x: 180, y: 100 },
    ],
    cheekbones: [
      { x: 90, y: 110 },
      { x: 210, y: 110 },
    ],
    noseBridge: { x: 150, y: 100 },
    noseTip: { x: 150, y: 140 },
    box: { x: 80, y: 40, width: 140, height: 170 },
    score: 0.98,
  },
  imageSize: { width: 300, height: 240 },
} as const;
const finds = (finding: FaceFinding) => finder.mockResolvedValue(finding);
beforeEach(() => {
  finder.mockReset();
  finds({ status: 'found', face: FACE as never });
});

/** Fills the create form: name, photo and (unless told not to) the consent. */
function fillCreate(form: HTMLElement, name: string, options: { consent?: boolean } = {}) {
  fireEvent.change(within(form).getByLabelText('Profile name'), { target: { value: name } });
  fireEvent.change(within(form).getByLabelText('Photo'), { target: { files: [new File(['face'], 'face.jpg', { type: 'image/jpeg' })] } });
  const consent = within(form).getByRole('checkbox', { name: 'I agree that my photo is analysed to place frames on my face' });
  if ((options.consent ?? true) !== (consent as HTMLInputElement).checked) fireEvent.click(consent);
}
const sentFace = (body: unknown) => (body as FormData).get('face');

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
    fillCreate(form, 'Asha');
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

  it('asks for consent before the photo is analysed: nothing is analysed or sent without it', async () => {
    const { client, callsTo } = fakeApi({ 'faceProfiles.list': { result: { profiles: [] } } });
    renderPage(<FaceProfiles />, { api: client, session: CUSTOMER });
    const form = await screen.findByRole('form', { name: 'Create a face profile from a photo' });
    expect(within(form).getByText(/the photo is analysed here, in your browser/)).toBeInTheDocument();
    expect(within(form).getByText(/we keep the photo and those points with it, until you delete the profile/)).toBeInTheDocument();
    fillCreate(form, 'Asha', { consent: false });
    fireEvent.click(within(form).getByRole('button', { name: 'Create profile' }));
    expect(within(form).getByRole('checkbox', { name: /I agree/ })).toHaveAccessibleDescription(/Please agree to the analysis of your photo/);
    expect(finder).not.toHaveBeenCalled();
    expect(callsTo('faceProfiles.create')).toEqual([]);
  });

  it("sends the face's landmarks found in the browser with the photo", async () => {
    const profiles: ReturnType<typeof profile>[] = [];
    const { client, callsTo } = fakeApi({
      'faceProfiles.list': () => ({ result: { profiles } }),
      'faceProfiles.create': () => {
        profiles.push({ ...profile('Asha'), hasLandmarks: true } as never);
        return { result: profiles[0]! };
      },
    });
    renderPage(<FaceProfiles />, { api: client, session: CUSTOMER });
    const form = await screen.findByRole('form', { name: 'Create a face profile from a photo' });
    fillCreate(form, 'Asha');
    fireEvent.click(within(form).getByRole('button', { name: 'Create profile' }));
    expect(await screen.findByRole('button', { name: 'Edit Asha' })).toBeInTheDocument();
    expect(finder).toHaveBeenCalledTimes(1);
    const body = callsTo('faceProfiles.create')[0]!.body as unknown as FormData;
    expect(body.get('firstName')).toBe('Asha');
    expect(JSON.parse(String(sentFace(body)))).toEqual(FACE);
    expect(screen.queryByText(/Frames are placed approximately/)).not.toBeInTheDocument();
  });

  it('does not save a photo where no face can be fitted: the shopper reads what to do', async () => {
    finds({ status: 'problem', message: FACE_PROBLEM_MESSAGES.notFound });
    const { client, callsTo } = fakeApi({ 'faceProfiles.list': { result: { profiles: [] } } });
    renderPage(<FaceProfiles />, { api: client, session: CUSTOMER });
    const form = await screen.findByRole('form', { name: 'Create a face profile from a photo' });
    fillCreate(form, 'Asha');
    fireEvent.click(within(form).getByRole('button', { name: 'Create profile' }));
    expect(await within(form).findByText(/^We could not see your face clearly\. We found no face in this photo/)).toBeInTheDocument();
    expect(within(form).getByLabelText('Photo')).toHaveAccessibleDescription(FACE_PROBLEM_MESSAGES.notFound);
    expect(callsTo('faceProfiles.create')).toEqual([]);
  });

  it("shows the API's refusal of the landmarks at the photo", async () => {
    const { client } = fakeApi({
      'faceProfiles.list': { result: { profiles: [] } },
      'faceProfiles.create': () => fail(422, { message: FACE_PROBLEM_MESSAGES.turned, field: 'face', code: 'FACE_TURNED' }),
    });
    renderPage(<FaceProfiles />, { api: client, session: CUSTOMER });
    const form = await screen.findByRole('form', { name: 'Create a face profile from a photo' });
    fillCreate(form, 'Asha');
    fireEvent.click(within(form).getByRole('button', { name: 'Create profile' }));
    expect(await within(form).findByText(FACE_PROBLEM_MESSAGES.turned)).toBeInTheDocument();
  });

  it('where the face finder cannot run, saves without landmarks only when the shopper chooses to', async () => {
    finds({ status: 'unavailable' });
    const profiles: ReturnType<typeof profile>[] = [];
    const { client, callsTo } = fakeApi({
      'faceProfiles.list': () => ({ result: { profiles } }),
      'faceProfiles.create': () => {
        profiles.push({ ...profile('Asha'), hasLandmarks: false } as never);
        return { result: profiles[0]! };
      },
    });
    renderPage(<FaceProfiles />, { api: client, session: CUSTOMER });
    const form = await screen.findByRole('form', { name: 'Create a face profile from a photo' });
    fillCreate(form, 'Asha');
    fireEvent.click(within(form).getByRole('button', { name: 'Create profile' }));
    expect(await within(form).findByText(/We could not analyse the photo on this device/)).toBeInTheDocument();
    expect(callsTo('faceProfiles.create')).toEqual([]);
    fireEvent.click(within(form).getByRole('button', { name: 'Save without fitting to my face' }));
    expect(await screen.findByText(/Frames are placed approximately on this photo/)).toBeInTheDocument();
    expect(callsTo('faceProfiles.create')).toHaveLength(1);
    expect(sentFace(callsTo('faceProfiles.create')[0]!.body)).toBeNull();
  });

  it('says when a profile was saved without its face found: its try-on is approximate', async () => {
    const { client } = fakeApi({
      'faceProfiles.list': {
        result: {
          profiles: [
            { ...profile('Old'), hasLandmarks: false },
            { ...profile('New'), dittoId: 'ditto_new0123456789abc', isDefault: false, hasLandmarks: true },
          ],
        },
      },
    });
    renderPage(<FaceProfiles />, { api: client, session: CUSTOMER });
    expect(await screen.findAllByText(/Frames are placed approximately on this photo/)).toHaveLength(1);
  });
});
