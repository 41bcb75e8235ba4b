import {
  FACE_PROBLEM_MESSAGES,
  faceProblems,
  facePose,
  faceWidthMm,
  framePlacement,
  measureFrameSize,
  millimetreScale,
  sizeClass,
  SIZE_LIMITS_MM,
  UNCLEAR_FACE,
  type FaceLandmarks,
  type FrameLenses,
} from './index';

/** A face looking at the camera: pupils 100 px apart at y 200, cheekbones 220 px apart, iris 18.57 px (a 63 mm pupil distance). */
function face(overrides: Partial<FaceLandmarks> = {}): FaceLandmarks {
  return {
    pupils: [
      { x: 250, y: 200 },
      { x: 350, y: 200 },
    ],
    irisDiametersPx: [18.57, 18.57],
    cheekbones: [
      { x: 190, y: 215 },
      { x: 410, y: 215 },
    ],
    noseBridge: { x: 300, y: 200 },
    noseTip: { x: 300, y: 260 },
    box: { x: 170, y: 100, width: 260, height: 300 },
    score: 0.99,
    ...overrides,
  };
}

/** Rotates a face's landmarks by `radians` about (300, 200). */
function rotated(landmarks: FaceLandmarks, radians: number): FaceLandmarks {
  const turn = (p: { x: number; y: number }) => ({
    x: 300 + (p.x - 300) * Math.cos(radians) - (p.y - 200) * Math.sin(radians),
    y: 200 + (p.x - 300) * Math.sin(radians) + (p.y - 200) * Math.cos(radians),
  });
  return {
    ...landmarks,
    pupils: [turn(landmarks.pupils[0]), turn(landmarks.pupils[1])],
    cheekbones: [turn(landmarks.cheekbones[0]), turn(landmarks.cheekbones[1])],
    noseBridge: turn(landmarks.noseBridge),
    noseTip: turn(landmarks.noseTip),
  };
}

const FRAME: FrameLenses = {
  lensCentres: [
    { x: 150, y: 120 },
    { x: 450, y: 120 },
  ],
};

describe('framePlacement', () => {
  it('puts the lens centres on the pupils, scaled by the eye distance', () => {
    const placement = framePlacement(face(), FRAME);
    expect(placement.eyeDistancePx).toBe(100);
    expect(placement.scale).toBeCloseTo(100 / 300);
    expect(placement.angleRad).toBe(0);
    expect(placement.centre).toEqual({ x: 300, y: 200 });
    expect(placement.lensCentres[0].x).toBeCloseTo(250);
    expect(placement.lensCentres[1].y).toBeCloseTo(200);
    expect(placement.bridge).toEqual({ x: 300, y: 200 });
  });

  it('rotates the frame with the eye line, and its matrix maps the frame image onto the photo', () => {
    const placement = framePlacement(rotated(face(), 0.3), FRAME);
    expect(placement.angleRad).toBeCloseTo(0.3);
    const [a, b, c, d, e, f] = placement.matrix;
    const map = (p: { x: number; y: number }) => ({ x: a * p.x + c * p.y + e, y: b * p.x + d * p.y + f });
    for (const i of [0, 1] as const) {
      expect(map(FRAME.lensCentres[i]).x).toBeCloseTo(placement.lensCentres[i].x);
      expect(map(FRAME.lensCentres[i]).y).toBeCloseTo(placement.lensCentres[i].y);
      expect(placement.lensCentres[i].x).toBeCloseTo(rotated(face(), 0.3).pupils[i].x);
    }
  });

  it('moves the bridge point along the eye line onto the nose bridge of a turned face', () => {
    const placement = framePlacement(face({ noseBridge: { x: 310, y: 195 } }), FRAME);
    expect(placement.bridge).toEqual({ x: 310, y: 200 });
  });
});

describe('face width and size class', () => {
  it('measures cheekbone to cheekbone with the iris (11.7 mm) as the ruler', () => {
    expect(millimetreScale(face()).by).toBe('iris');
    expect(faceWidthMm(face())).toBeCloseTo(220 * (11.7 / 18.57), 1);
  });

  it('falls back on the pupil distance (63 mm) without an iris, with irises that disagree, or with an implausible one', () => {
    for (const irisDiametersPx of [undefined, [14, 20] as [number, number], [12.5, 12.5] as [number, number], [8, 8] as [number, number]]) {
      const landmarks = face({ irisDiametersPx });
      expect(millimetreScale(landmarks).by).toBe('pupilDistance');
      expect(faceWidthMm(landmarks)).toBe(138.6);
    }
  });

  it('classes widths by the spec limits', () => {
    expect(SIZE_LIMITS_MM.map((limit) => limit.below)).toEqual([118, 126, 134, 142]);
    expect([100, 117.9, 118, 125.9, 126, 133.9, 134, 141.9, 142, 160].map(sizeClass)).toEqual([
      'extraNarrow',
      'extraNarrow',
      'narrow',
      'narrow',
      'medium',
      'medium',
      'wide',
      'wide',
      'extraWide',
      'extraWide',
    ]);
  });

  it('takes the median of several looks, with the iris ruler only when most looks trust it', () => {
    const wider = face({
      cheekbones: [
        { x: 180, y: 215 },
        { x: 420, y: 215 },
      ],
    });
    const narrower = face({
      cheekbones: [
        { x: 200, y: 215 },
        { x: 400, y: 215 },
      ],
    });
    expect(measureFrameSize(face(), wider, narrower)).toEqual({ frameSize: 'wide', faceWidthMm: 138.6, by: 'iris' });
    // 126.0 mm: medium, within the measure's repeatability of narrow.
    expect(measureFrameSize(narrower)).toEqual({ frameSize: 'medium', alsoFits: 'narrow', faceWidthMm: 126, by: 'iris' });
    expect(measureFrameSize(face({ irisDiametersPx: undefined }), face({ irisDiametersPx: undefined }), face())).toEqual({
      frameSize: 'wide',
      faceWidthMm: 138.6,
      by: 'pupilDistance',
    });
  });
});

describe('faceProblems', () => {
  const photo = { width: 600, height: 600 };

  it('has none for a face looking at the camera, even with the head tilted 15°', () => {
    expect(faceProblems(face(), photo)).toEqual([]);
    expect(faceProblems(rotated(face(), (15 * Math.PI) / 180), photo)).toEqual([]);
    expect(facePose(face()).yawRad).toBe(0);
  });

  it('says what to do when there is no face, the face is too small, or turned', () => {
    expect(faceProblems(null, photo)).toEqual([{ code: 'notFound', message: FACE_PROBLEM_MESSAGES.notFound }]);
    expect(faceProblems(face(), { width: 2000, height: 2000 }).map((p) => p.code)).toEqual(['tooSmall']);
    expect(faceProblems(face(), { width: 600, height: 600 }, { measuring: true })).toEqual([]);
    const small = face({
      pupils: [
        { x: 280, y: 200 },
        { x: 330, y: 200 },
      ],
    });
    expect(faceProblems(small, photo, { measuring: true }).map((p) => p.code)).toEqual(['tooSmall']);
    const turned = face({ noseTip: { x: 400, y: 260 } });
    expect(facePose(turned).yawRad).toBeGreaterThan(0.35);
    expect(faceProblems(turned, photo).map((p) => p.code)).toEqual(['turned']);
    expect(faceProblems(rotated(face(), 0.7), photo).map((p) => p.code)).toEqual(['turned']);
    for (const message of Object.values(FACE_PROBLEM_MESSAGES)) {
      expect(message.startsWith(UNCLEAR_FACE)).toBe(true);
      expect(message).toMatch(/try again\.$/);
    }
  });
});
