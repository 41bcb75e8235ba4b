import { FACE_PROBLEM_MESSAGES } from '@eyewear/face/problems';
import { type FaceLandmarks } from '@eyewear/face/geometry';
import { findFace, type FaceFinderDeps } from './find-face';

// The browser's model loader is not reached: each test gives the finder a detector of its own.
jest.mock('@eyewear/face/browser', () => ({
  loadFaceDetector: () => {
    throw new Error('the tests give their own detector');
  },
}));

/** A face looking at the camera, filling a 600x480 photo (landmarks as @eyewear/face finds them). */
const FACE: FaceLandmarks = {
  pupils: [
    { x: 250, y: 220 },
    { x: 350, y: 220 },
  ],
  irisDiametersPx: [18, 18],
  cheekbones: [
    { x: 190, y: 240 },
    { x: 410, y: 240 },
  ],
  noseBridge: { x: 300, y: 218 },
  noseTip: { x: 300, y: 290 },
  box: { x: 170, y: 100, width: 260, height: 320 },
  score: 0.97,
};
const photo = new Blob(['jpeg'], { type: 'image/jpeg' });
const image = {} as HTMLImageElement;
const deps = (found: FaceLandmarks | null | Error, size = { width: 600, height: 480 }): FaceFinderDeps => ({
  detector: { detectFace: async () => (found instanceof Error ? Promise.reject(found) : found) },
  loadImage: async () => ({ image, ...size }),
});

describe('findFace', () => {
  it("answers the face's landmarks with the size of the photo they were found in", async () => {
    expect(await findFace(photo, deps(FACE))).toEqual({ status: 'found', face: { landmarks: FACE, imageSize: { width: 600, height: 480 } } });
  });

  it('answers what the shopper reads when there is no face, a face too small, or a turned one', async () => {
    expect(await findFace(photo, deps(null))).toEqual({ status: 'problem', message: FACE_PROBLEM_MESSAGES.notFound });
    expect(await findFace(photo, deps(FACE, { width: 2400, height: 1920 }))).toEqual({ status: 'problem', message: FACE_PROBLEM_MESSAGES.tooSmall });
    const turned = { ...FACE, noseTip: { x: 400, y: 290 } };
    expect(await findFace(photo, deps(turned))).toEqual({ status: 'problem', message: FACE_PROBLEM_MESSAGES.turned });
  });

  it('takes a photo the browser cannot decode for one without a face, and a finder that cannot start for unavailable', async () => {
    const undecodable: FaceFinderDeps = { ...deps(FACE), loadImage: () => Promise.reject(new Error('EncodingError')) };
    expect(await findFace(photo, undecodable)).toEqual({ status: 'problem', message: FACE_PROBLEM_MESSAGES.notFound });
    expect(await findFace(photo, deps(new Error('No face model backend started (webgl, wasm)')))).toEqual({ status: 'unavailable' });
  });
});
