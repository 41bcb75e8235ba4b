import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { faceLooksSchema, FRAME_SIZE_IDS, type FaceLooks } from '@eyewear/api-client';
import { fail, fakeApi, type FakeHandlers } from '@eyewear/api-client/testing';
import { renderPage } from '@eyewear/event-bus/testing';
import { FACE_PROBLEM_MESSAGES, measureFrameSize, type FaceDetector, type FaceLandmarks } from '@eyewear/face';
import { pageMessages } from '../../../app/page-messages';
import { frameSizeMessages } from '../messages';
import FrameSizeView from './FrameSizeView';

const fm = frameSizeMessages.defaults;
const pm = pageMessages.defaults;

// jsdom decodes no image and draws nothing: a photo is 640x480 once decoded, and a canvas's 2D
// context records how it was drawn on (the mirror image is a transform). The face model is a
// detector with @eyewear/face's interface answering set landmarks (the real model runs in the
// Playwright journey, e2e/tests/frame-size.spec.ts).
const PHOTO = { width: 640, height: 480 };
const drawn = new WeakMap<HTMLCanvasElement, { transform: number[] | null }>();
beforeAll(() => {
  Object.defineProperty(HTMLImageElement.prototype, 'decode', { configurable: true, value: () => Promise.resolve() });
  Object.defineProperty(HTMLImageElement.prototype, 'naturalWidth', { configurable: true, get: () => PHOTO.width });
  Object.defineProperty(HTMLImageElement.prototype, 'naturalHeight', { configurable: true, get: () => PHOTO.height });
  Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', {
    configurable: true,
    value(this: HTMLCanvasElement) {
      const record = { transform: null as number[] | null };
      drawn.set(this, record);
      return { setTransform: (...m: number[]) => (record.transform = m), drawImage: () => undefined };
    },
  });
});

/** A face looking at the camera, its cheekbones 171 px apart and irises of 15 px: 133.4 mm by the iris, medium near the limit of wide. */
const frontal: FaceLandmarks = {
  pupils: [
    { x: 280, y: 200 },
    { x: 360, y: 200 },
  ],
  irisDiametersPx: [15, 15],
  cheekbones: [
    { x: 234.5, y: 212 },
    { x: 405.5, y: 212 },
  ],
  noseBridge: { x: 320, y: 200 },
  noseTip: { x: 320, y: 262 },
  box: { x: 220, y: 120, width: 200, height: 260 },
  score: 0.95,
};
/** The same face in the mirror image: x flipped, the pairs in image order again. */
const mirror = (l: FaceLandmarks): FaceLandmarks => {
  const flip = (p: { x: number; y: number }) => ({ x: PHOTO.width - p.x, y: p.y });
  return {
    ...l,
    pupils: [flip(l.pupils[1]), flip(l.pupils[0])],
    irisDiametersPx: l.irisDiametersPx ? [l.irisDiametersPx[1], l.irisDiametersPx[0]] : undefined,
    cheekbones: [flip(l.cheekbones[1]), flip(l.cheekbones[0])],
    noseBridge: flip(l.noseBridge),
    noseTip: flip(l.noseTip),
    box: { ...l.box, x: PHOTO.width - l.box.x - l.box.width },
  };
};
// The nose tip near one cheekbone: a head turned far to one side.
const turned: FaceLandmarks = { ...frontal, noseTip: { x: 395, y: 262 }, noseBridge: { x: 350, y: 200 } };

/** A detector answering the photo with `photo` and its mirror image with `mirrored`; `started` holds start() until the test lets it go. */
function detectorOf(photo: FaceLandmarks | null, mirrored: FaceLandmarks | null, started: Promise<void> = Promise.resolve()) {
  const inputs: unknown[] = [];
  const detector: FaceDetector = {
    start: () => started.then(() => 'wasm'),
    backend: () => 'wasm',
    detectFace: (input) => {
      inputs.push(input);
      const mirroredPicture = drawn.get(input as HTMLCanvasElement)?.transform?.[0] === -1;
      return Promise.resolve(mirroredPicture ? mirrored : photo);
    },
  };
  return { detector, inputs, loadDetector: jest.fn(() => detector) };
}

/** The API's measure, as POST /v2/frame-size answers it: the `face` part checked against the contract, then @eyewear/face's measure. */
const measuring: FakeHandlers['faceProfiles.frameSize'] = ({ body }) => {
  const face = faceLooksSchema.parse(JSON.parse(String((body as unknown as FormData).get('face'))));
  const [first, ...rest] = face.looks as [FaceLandmarks, ...FaceLandmarks[]];
  const measure = measureFrameSize(first, ...rest);
  return { result: { ...measure, frameSizeId: FRAME_SIZE_IDS[measure.frameSize] } };
};

const photoFile = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', { type: 'image/jpeg' });

function renderView(loadDetector: () => FaceDetector, handlers: FakeHandlers = { 'faceProfiles.frameSize': measuring }, url = '/frame-size') {
  const api = fakeApi(handlers);
  renderPage(<FrameSizeView loadDetector={loadDetector} />, { api: api.client, url });
  return api;
}

async function agreeAndUpload(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('checkbox', { name: fm.agree }));
  await user.upload(screen.getByLabelText(fm.photo), photoFile());
}

describe('frame size from the face', () => {
  it('shows what is analysed and kept before a photo can be chosen, and loads no model until then', async () => {
    const { loadDetector } = detectorOf(frontal, mirror(frontal));
    const user = userEvent.setup();
    const api = renderView(loadDetector);
    expect(screen.getByRole('region', { name: fm.consentTitle })).toHaveTextContent('The photo never leaves this device for a size');
    expect(screen.getByRole('region', { name: fm.consentTitle })).toHaveTextContent('we keep nothing but the measure');
    const input = screen.getByLabelText(fm.photo);
    expect(input).toBeDisabled();
    expect(input).toHaveAccessibleDescription(fm.agreeFirst);
    expect(input).toHaveAttribute('capture', 'user');
    await user.upload(input, photoFile());
    expect(loadDetector).not.toHaveBeenCalled();
    expect(api.calls).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: fm.agree }));
    expect(input).toBeEnabled();
    expect(loadDetector).not.toHaveBeenCalled();
  });

  it('finds the face on the photo and its mirror image, posts the two looks (no photo) and shows the size, the millimetres, the size it also fits, the ruler and the listing of both', async () => {
    let letStart!: () => void;
    const { loadDetector, inputs } = detectorOf(frontal, mirror(frontal), new Promise<void>((resolve) => (letStart = resolve)));
    const user = userEvent.setup();
    const api = renderView(loadDetector);
    await agreeAndUpload(user);
    expect(await screen.findByRole('status')).toHaveTextContent(fm.findingFace);
    expect(api.calls).toEqual([]);
    letStart();
    expect(await screen.findByRole('heading', { name: 'Your frame size: Medium' })).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Your face measures 133 mm across');
    expect(status).toHaveTextContent('Wide frames fit you too');
    expect(status).toHaveTextContent(fm.byIris);
    expect(screen.getByRole('link', { name: 'Shop Medium and Wide frames' })).toHaveAttribute('href', '/eyeglasses/all.html?frame_size=medium,wide');

    expect(loadDetector).toHaveBeenCalledTimes(1);
    expect(inputs).toHaveLength(2);
    const [calls] = [api.callsTo('faceProfiles.frameSize')];
    expect(calls).toHaveLength(1);
    const form = calls[0]!.body as unknown as FormData;
    expect([...form.keys()]).toEqual(['face']);
    const face = JSON.parse(String(form.get('face'))) as FaceLooks;
    expect(face).toEqual({ looks: [frontal, mirror(frontal)], imageSize: PHOTO });
  });

  it('a face with its ruler the pupils: says so, and one size alone links to it', async () => {
    const small = {
      ...frontal,
      irisDiametersPx: undefined,
      cheekbones: [
        { x: 200, y: 212 },
        { x: 440, y: 212 },
      ],
    } as FaceLandmarks;
    const { loadDetector } = detectorOf(small, mirror(small));
    const user = userEvent.setup();
    renderView(loadDetector);
    await agreeAndUpload(user);
    // 240 px at 63 mm over 80 px: 189 mm.
    expect(await screen.findByRole('heading', { name: 'Your frame size: Extra Wide' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(fm.byPupilDistance);
    expect(screen.getByRole('status')).not.toHaveTextContent('fit you too');
    expect(screen.getByRole('link', { name: 'Shop Extra Wide frames' })).toHaveAttribute('href', '/eyeglasses/all.html?frame_size=extraWide');
  });

  it('a turned face: its message and what to do, and no call to the API', async () => {
    const { loadDetector } = detectorOf(frontal, turned);
    const user = userEvent.setup();
    const api = renderView(loadDetector);
    await agreeAndUpload(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(FACE_PROBLEM_MESSAGES.turned);
    expect(screen.getByRole('alert')).toHaveTextContent('look straight into the camera');
    expect(api.calls).toEqual([]);
    expect(screen.queryByRole('heading', { name: /Your frame size/ })).toBeNull();
  });

  it('no face in the photo: its message, and no call to the API', async () => {
    const { loadDetector } = detectorOf(null, null);
    const user = userEvent.setup();
    const api = renderView(loadDetector);
    await agreeAndUpload(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(FACE_PROBLEM_MESSAGES.notFound);
    expect(api.calls).toEqual([]);
  });

  it('a model that cannot start on the device: says so, suggests another device or the frame-size guide, and calls nothing', async () => {
    const detector: FaceDetector = {
      start: () => Promise.reject(new Error('no WebGL, no WASM')),
      backend: () => undefined,
      detectFace: () => Promise.reject(new Error('not started')),
    };
    const user = userEvent.setup();
    const api = renderView(() => detector);
    await agreeAndUpload(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(fm.modelFailed);
    expect(screen.getByRole('alert')).toHaveTextContent('another device');
    expect(api.calls).toEqual([]);
  });

  it("the API's refusal: its message; a failure without one: 'System error occurred'; another photo tries again", async () => {
    const { loadDetector } = detectorOf(frontal, mirror(frontal));
    const user = userEvent.setup();
    const api = renderView(loadDetector, {
      'faceProfiles.frameSize': fail(422, { message: FACE_PROBLEM_MESSAGES.tooSmall, field: 'face', code: 'FACE_TOO_SMALL' }),
    });
    await agreeAndUpload(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(FACE_PROBLEM_MESSAGES.tooSmall);
    api.answer({ 'faceProfiles.frameSize': fail(503, {}) });
    await user.upload(screen.getByLabelText(fm.photo), photoFile());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(pm.systemError));
    api.answer({ 'faceProfiles.frameSize': measuring });
    await user.upload(screen.getByLabelText(fm.photo), photoFile());
    expect(await screen.findByRole('heading', { name: 'Your frame size: Medium' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo('faceProfiles.frameSize')).toHaveLength(3);
  });

  it('in a store (?store=CODE): the looks go to the store call with the store code', async () => {
    const { loadDetector } = detectorOf(frontal, mirror(frontal));
    const user = userEvent.setup();
    const api = renderView(loadDetector, { 'faceProfiles.storeFrameSize': measuring as never }, '/frame-size?store=IN-BEN-008');
    expect(screen.getByText('Store IN-BEN-008')).toBeInTheDocument();
    await agreeAndUpload(user);
    expect(await screen.findByRole('heading', { name: 'Your frame size: Medium' })).toBeInTheDocument();
    const [call] = api.callsTo('faceProfiles.storeFrameSize');
    const form = call!.body as unknown as FormData;
    expect(form.get('storeCode')).toBe('IN-BEN-008');
    expect(form.get('file')).toBeNull();
    expect(api.callsTo('faceProfiles.frameSize')).toEqual([]);
  });
});
