import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '@eyewear/api-client/testing';
import { CUSTOMER, renderPage } from '@eyewear/event-bus/testing';
import { FACE_PROBLEM_MESSAGES, type FaceDetector, type FaceLandmarks } from '@eyewear/face';
import { pageMessages } from '../../../app/page-messages';
import { aProduct, emptyReviews } from '../../../testing/fixtures';
import ProductView from '../components/ProductView';
import { TryOn } from '../components/TryOn';
import { liveMessages } from './messages';

jest.setTimeout(20_000);

const pm = pageMessages.defaults;
const lm = liveMessages.defaults;

// jsdom has no camera, no media playback and no canvas drawing: a stream is a set of tracks that
// can be stopped, and a video says it has a picture. The face model's answers come from a
// detector with @eyewear/face's interface (the real model runs in the Playwright journey, e2e/tests/live-try-on.spec.ts).
beforeAll(() => {
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { configurable: true, get: () => 4 });
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
  Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', { configurable: true, value: () => null });
});

function fakeStream() {
  const track = {
    kind: 'video',
    readyState: 'live',
    stop: jest.fn(function (this: { readyState: string }) {
      this.readyState = 'ended';
    }),
  };
  return { stream: { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream, track };
}

const frontal: FaceLandmarks = {
  pupils: [
    { x: 280, y: 200 },
    { x: 360, y: 200 },
  ],
  irisDiametersPx: [15, 15],
  cheekbones: [
    { x: 220, y: 212 },
    { x: 420, y: 212 },
  ],
  noseBridge: { x: 320, y: 200 },
  noseTip: { x: 320, y: 262 },
  box: { x: 210, y: 120, width: 220, height: 260 },
  score: 0.95,
};
// The nose tip near one cheekbone: a head turned far to one side.
const turned: FaceLandmarks = { ...frontal, noseTip: { x: 405, y: 262 }, noseBridge: { x: 350, y: 200 } };

/** Answers each detection with the next of `looks`, then the last one again. */
function scriptedDetector(looks: (FaceLandmarks | null)[]): FaceDetector & { detections: number } {
  let i = 0;
  const detector = {
    detections: 0,
    start: () => Promise.resolve('wasm'),
    backend: () => 'wasm',
    detectFace: () => {
      detector.detections++;
      return Promise.resolve(looks[Math.min(i++, looks.length - 1)] ?? null);
    },
  };
  return detector;
}

const variants = {
  result: {
    groupId: 'g',
    options: [
      { productId: 128001, label: 'Honey', url: '/y', selected: true },
      { productId: 128002, label: 'Black', url: '/x', selected: false },
    ],
  },
};

function renderTryOn(live: { detector?: FaceDetector; openCamera?: () => Promise<MediaStream> }, onClose = jest.fn()) {
  const api = fakeApi({
    'product.get': ({ params }) => ({
      result: aProduct({ id: Number(params['id']), imageUrlsDetail: [{ url: `/api/v2/images/product/${params['id']}/front.svg`, view: 'front' }] }),
    }),
    'product.buyOptionsGroup': variants,
    'faceProfiles.overlay': { result: { faceProfile: false } },
  });
  renderPage(<TryOn product={aProduct()} onClose={onClose} live={live} />, { api: api.client, session: CUSTOMER });
  return { api, onClose };
}

describe('live try-on', () => {
  it('says what happens to the camera picture before the camera starts, and asks for the front camera only on Start camera', async () => {
    const { stream } = fakeStream();
    const openCamera = jest.fn(() => Promise.resolve(stream));
    const user = userEvent.setup();
    renderTryOn({ openCamera, detector: scriptedDetector([frontal]) });
    const dialog = await screen.findByRole('dialog', { name: pm.tryOnTitle });
    await user.click(within(dialog).getByRole('button', { name: lm.liveMode }));
    expect(within(dialog).getByRole('region', { name: lm.consentTitle })).toHaveTextContent('The camera picture stays on this device');
    expect(within(dialog).getByText(/Nothing from live mode is sent or kept/)).toBeInTheDocument();
    expect(openCamera).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: lm.startCamera }));
    expect(openCamera).toHaveBeenCalledTimes(1);
    expect(await within(dialog).findByRole('img', { name: lm.live })).toBeInTheDocument();
  });

  it('asks getUserMedia for the front camera, without sound', async () => {
    const { stream } = fakeStream();
    const getUserMedia = jest.fn((_constraints: MediaStreamConstraints) => Promise.resolve(stream));
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
    const user = userEvent.setup();
    renderTryOn({ detector: scriptedDetector([frontal]) });
    const dialog = await screen.findByRole('dialog', { name: pm.tryOnTitle });
    await user.click(within(dialog).getByRole('button', { name: lm.liveMode }));
    await user.click(within(dialog).getByRole('button', { name: lm.startCamera }));
    await within(dialog).findByRole('img', { name: lm.live });
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: false, video: expect.objectContaining({ facingMode: 'user' }) }));
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it("shows the face finder's problems live, then places the frame's lenses on the pupils; Stop camera stops the camera", async () => {
    const { stream, track } = fakeStream();
    const detector = scriptedDetector([null, turned, frontal]);
    const user = userEvent.setup();
    renderTryOn({ openCamera: () => Promise.resolve(stream), detector });
    const dialog = await screen.findByRole('dialog', { name: pm.tryOnTitle });
    await user.click(within(dialog).getByRole('button', { name: lm.liveMode }));
    await user.click(within(dialog).getByRole('button', { name: lm.startCamera }));
    expect(await within(dialog).findByText(FACE_PROBLEM_MESSAGES.notFound)).toBeInTheDocument();
    expect(await within(dialog).findByText(FACE_PROBLEM_MESSAGES.turned)).toBeInTheDocument();
    const canvas = within(dialog).getByRole('img', { name: lm.live });
    await waitFor(() => expect(canvas.dataset['placement']).toBeTruthy());
    expect(within(dialog).queryByText(/We could not see your face clearly/)).toBeNull();
    const placed = JSON.parse(canvas.dataset['placement']!) as { lensCentres: { x: number; y: number }[] };
    placed.lensCentres.forEach((centre, eye) => {
      expect(centre.x).toBeCloseTo(frontal.pupils[eye]!.x, 5);
      expect(centre.y).toBeCloseTo(frontal.pupils[eye]!.y, 5);
    });
    expect(canvas.dataset['backend']).toBe('wasm');
    await user.click(within(dialog).getByRole('button', { name: lm.stopCamera }));
    expect(track.stop).toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: lm.startCamera })).toBeInTheDocument();
    const detections = detector.detections;
    await user.click(within(dialog).getByRole('button', { name: lm.photoMode }));
    expect(detector.detections).toBe(detections);
  });

  it("switches the frame's colour without leaving: the other colour's product and its frontal image", async () => {
    const { stream } = fakeStream();
    const user = userEvent.setup();
    const { api } = renderTryOn({ openCamera: () => Promise.resolve(stream), detector: scriptedDetector([frontal]) });
    const dialog = await screen.findByRole('dialog', { name: pm.tryOnTitle });
    await user.click(within(dialog).getByRole('button', { name: lm.liveMode }));
    await user.click(within(dialog).getByRole('button', { name: lm.startCamera }));
    const colours = await within(dialog).findByRole('group', { name: lm.colours });
    expect(within(colours).getByRole('button', { name: 'Show Honey' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(colours).getByRole('button', { name: 'Show Black' }));
    expect(within(colours).getByRole('button', { name: 'Show Black' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(colours).getByRole('button', { name: 'Show Honey' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(api.callsTo('product.get').map((call) => call.params['id'])).toContain('128002'));
    const canvas = within(dialog).getByRole('img', { name: lm.live });
    await waitFor(() => expect(JSON.parse(canvas.dataset['placement'] || '{}')).toMatchObject({ colour: 128002 }));
  });

  it.each([
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['Close', (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: pm.close }))],
  ])('stops every track when the dialog closes (%s)', async (_how, close) => {
    const { stream, track } = fakeStream();
    const user = userEvent.setup();
    const api = fakeApi({ 'product.buyOptionsGroup': variants, 'faceProfiles.overlay': { result: { faceProfile: false } } });
    function Opener() {
      const [open, setOpen] = useState(true);
      return open ? (
        <TryOn
          product={aProduct()}
          onClose={() => setOpen(false)}
          live={{ openCamera: () => Promise.resolve(stream), detector: scriptedDetector([frontal]) }}
        />
      ) : (
        <p>closed</p>
      );
    }
    renderPage(<Opener />, { api: api.client, session: CUSTOMER });
    const dialog = await screen.findByRole('dialog', { name: pm.tryOnTitle });
    await user.click(within(dialog).getByRole('button', { name: lm.liveMode }));
    await user.click(within(dialog).getByRole('button', { name: lm.startCamera }));
    await within(dialog).findByRole('img', { name: lm.live });
    expect(track.stop).not.toHaveBeenCalled();
    await close(user);
    expect(await screen.findByText('closed')).toBeInTheDocument();
    expect(track.stop).toHaveBeenCalled();
  });
});

describe('live try-on where the camera cannot be used: the saved-photo try-on', () => {
  afterEach(() => Reflect.deleteProperty(navigator, 'mediaDevices'));

  async function openLive(api: ReturnType<typeof fakeApi>) {
    const user = userEvent.setup();
    renderPage(<ProductView id={128001} />, { api: api.client, session: CUSTOMER });
    await user.click(await screen.findByRole('button', { name: pm.tryOn }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: pm.tryOnTitle });
    await user.click(within(dialog).getByRole('button', { name: lm.liveMode }));
    await user.click(within(dialog).getByRole('button', { name: lm.startCamera }));
    return dialog;
  }
  const pageApi = () =>
    fakeApi({
      'product.get': { result: aProduct() },
      'reviews.list': emptyReviews,
      'faceProfiles.overlay': { result: { faceProfile: true, overlayed_image_url: '/media/try-on/128001.jpg' } },
    });

  it('the shopper refuses the camera: says so, and shows the frame on the saved face profile photo', async () => {
    const refusal = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: () => Promise.reject(refusal) } });
    const dialog = await openLive(pageApi());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(lm.refused);
    expect(await within(dialog).findByRole('img', { name: /on your face profile photo/ })).toHaveAttribute('src', '/media/try-on/128001.jpg');
    expect(within(dialog).queryByRole('button', { name: lm.liveMode })).toBeNull();
  });

  it('there is no camera (no getUserMedia): says so, and shows the saved-photo try-on', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    const dialog = await openLive(pageApi());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(lm.noCamera);
    expect(await within(dialog).findByRole('img', { name: /on your face profile photo/ })).toBeInTheDocument();
  });
});
