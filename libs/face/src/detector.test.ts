import { distance, FACE_PROBLEM_MESSAGES, faceProblems, framePlacement, measureFrameSize, type FaceLandmarks, type FrameLenses, type RgbaImage } from './index';
import { applyAffine, crop, onCanvas, rotateMap, sampleImage, scaleMap, shiftMap, warmBackground, warp, type Affine } from './testing/images';
import { nodeFaceDetector } from './testing/node-detector';

/**
 * The detector on real faces: the photos that ship in @vladmandic/human's npm package
 * (assets/screenshot-facematch.jpg, a gallery of faces; assets/screenshot-faceid.jpg), each
 * face cropped, enlarged onto a grey canvas, then copied by the test scaled 0.5x and 2x,
 * rotated ±15° and shifted. Reference: the pupils found on the unchanged canvas, carried
 * through the same transform.
 */
jest.setTimeout(60_000);

type Detector = Awaited<ReturnType<typeof nodeFaceDetector>>;
let node: Detector;

const match = () => sampleImage('screenshot-facematch.jpg');
const SAMPLES: Record<string, () => RgbaImage> = {
  'the gallery photo (lighter skin)': () => onCanvas(crop(match(), 0, 30, 175, 165), 2),
  'the face ID photo (lighter skin, another photo of the same man)': () => onCanvas(crop(sampleImage('screenshot-faceid.jpg'), 10, 136, 150, 150), 2.5),
  'a gallery face (darker skin)': () => onCanvas(crop(match(), 333, 612, 100, 100), 3.5),
};

/** A frame image 600 px wide whose lens centres are 300 px apart. */
const FRAME: FrameLenses = {
  lensCentres: [
    { x: 150, y: 120 },
    { x: 450, y: 120 },
  ],
};

function transforms(base: RgbaImage): [string, Affine, number, number][] {
  const { width: w, height: h } = base;
  return [
    ['scaled 0.5x', scaleMap(0.5), w / 2, h / 2],
    ['scaled 2x', scaleMap(2), w * 2, h * 2],
    ['rotated +15°', rotateMap(15, w / 2, h / 2), w, h],
    ['rotated -15°', rotateMap(-15, w / 2, h / 2), w, h],
    ['shifted', shiftMap(Math.round(w * 0.12), -Math.round(h * 0.1)), w, h],
  ];
}

const mirror = (image: RgbaImage) => warp(image, [-1, 0, 0, 1, image.width, 0], image.width, image.height);

async function detect(image: RgbaImage): Promise<FaceLandmarks> {
  const landmarks = await node.detector.detectFace(image);
  if (!landmarks) throw new Error('no face found');
  return landmarks;
}

beforeAll(async () => {
  node = await nodeFaceDetector();
});
afterAll(() => node?.close());

describe.each(Object.entries(SAMPLES))('on %s', (_name, make) => {
  let base: RgbaImage;
  let reference: FaceLandmarks;
  beforeAll(async () => {
    base = make();
    reference = await detect(base);
  });

  it('finds the face looking at the camera, large enough to measure', () => {
    expect(node.detector.backend()).toBe('wasm');
    expect(reference.score).toBeGreaterThan(0.8);
    expect(faceProblems(reference, base, { measuring: true })).toEqual([]);
  });

  it.each([0, 1, 2, 3, 4])('places the frame on the pupils of a transformed copy (%i)', async (index) => {
    const [label, map, width, height] = transforms(base)[index]!;
    const image = warp(base, map, Math.round(width), Math.round(height));
    const landmarks = await detect(image);
    const placement = framePlacement(landmarks, FRAME);
    const expected = reference.pupils.map((pupil) => applyAffine(map, pupil));
    for (const i of [0, 1] as const) {
      // Against this copy's own pupils, and against the reference pupils carried by the transform.
      expect({ label, share: distance(placement.lensCentres[i], landmarks.pupils[i]) / placement.eyeDistancePx }).toEqual({ label, share: expect.any(Number) });
      expect(distance(placement.lensCentres[i], landmarks.pupils[i]) / placement.eyeDistancePx).toBeLessThan(0.06);
      expect(distance(placement.lensCentres[i], expected[i]!) / placement.eyeDistancePx).toBeLessThan(0.06);
    }
    const angle = label.startsWith('rotated') ? (label.includes('+') ? 15 : -15) : 0;
    expect(Math.abs((placement.angleRad * 180) / Math.PI - angle - (reference.pupils[1].y - reference.pupils[0].y) / 100)).toBeLessThan(4);
    expect(faceProblems(landmarks, image).map((problem) => problem.code)).toEqual([]);
  });

  it('gives the same size class at two scales (1x and 2x, each with its mirror image)', async () => {
    const large = warp(base, scaleMap(2), base.width * 2, base.height * 2);
    const atBase = measureFrameSize(reference, await detect(mirror(base)));
    const atDouble = measureFrameSize(await detect(large), await detect(mirror(large)));
    // The class told the shopper is the same, or, for a face within the measure's repeatability of a
    // class limit, each scale's class is among the other's "also fits".
    const told = (measure: typeof atBase) => [measure.frameSize, measure.alsoFits];
    expect(told(atBase).includes(atDouble.frameSize) && told(atDouble).includes(atBase.frameSize)).toBe(true);
    expect(Math.abs(atDouble.faceWidthMm - atBase.faceWidthMm) / atBase.faceWidthMm).toBeLessThan(0.04);
    expect(atBase.faceWidthMm).toBeGreaterThan(110);
    expect(atBase.faceWidthMm).toBeLessThan(170);
  });
});

describe('a face the shopper must be told about', () => {
  it.each([
    [1697, 285],
    [1062, 392],
  ])('is turned: the gallery face at (%i, %i), turned about 30°', async (x, y) => {
    const image = onCanvas(crop(match(), x, y, 104, 104), 3.5);
    const problems = faceProblems(await detect(image), image);
    expect(problems).toEqual([{ code: 'turned', message: FACE_PROBLEM_MESSAGES.turned }]);
  });

  it('is too small: a gallery face at its own size in a photo four times as wide', async () => {
    const image = onCanvas(crop(match(), 1802, 285, 104, 104), 1, 4);
    expect(faceProblems(await detect(image), image, { measuring: true })).toEqual([{ code: 'tooSmall', message: FACE_PROBLEM_MESSAGES.tooSmall }]);
    // The same face enlarged to fill the picture: nothing to tell.
    const large = onCanvas(crop(match(), 1802, 285, 104, 104), 3.5);
    expect(faceProblems(await detect(large), large, { measuring: true })).toEqual([]);
  });
});

describe('a photo without a face', () => {
  it.each([
    ['a warm, skin-coloured background (the old RGB skin rule measured it as a face)', () => warmBackground(400, 300)],
    ['the warm-lit ceiling of the sample party photo', () => crop(sampleImage('samples.jpg'), 520, 200, 640, 180)],
  ])('is answered null and with the clear message: %s', async (_name, make) => {
    const image = make();
    expect(await node.detector.detectFace(image)).toBeNull();
    expect(faceProblems(null, image)).toEqual([{ code: 'notFound', message: FACE_PROBLEM_MESSAGES.notFound }]);
    expect(FACE_PROBLEM_MESSAGES.notFound).toMatch(/^We could not see your face clearly\./);
  });
});
