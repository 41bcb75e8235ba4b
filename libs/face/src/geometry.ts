import { sizeClass, type FrameSizeClass } from './sizes';

/** A point in the photo's pixels (x to the right, y down). */
export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * What the geometry needs of a face, whatever model found it. Pairs are in image order: the
 * eye (or cheekbone) nearer the photo's left edge first, which is the shopper's right one on
 * an unmirrored photo.
 */
export interface FaceLandmarks {
  /** The pupils' centres (the iris centres; the eye corners' midpoints without iris landmarks). */
  pupils: [Point, Point];
  /** Each iris's diameter in pixels, in the pupils' order; absent when the model gives no iris. */
  irisDiametersPx?: [number, number];
  /** The cheekbones: the face outline's widest points at eye level. */
  cheekbones: [Point, Point];
  /** Between the eyes, on the nose (where a frame's bridge rests). */
  noseBridge: Point;
  noseTip: Point;
  /** The face's box in the photo. */
  box: Box;
  /** The model's confidence, 0..1. */
  score: number;
}

/** Where a frame image's lens centres are, in the frame image's own pixels (left one first). */
export interface FrameLenses {
  lensCentres: [Point, Point];
}

/** A frame whose lens centres are 1 unit either side of its origin: the placement's scale is then half the eye distance. */
export const UNIT_FRAME: FrameLenses = {
  lensCentres: [
    { x: -1, y: 0 },
    { x: 1, y: 0 },
  ],
};

/**
 * The storefront's frontal frame image (`GET /v2/images/product/:id/front`, drawn by the API's
 * apps/api/src/images/svg.ts): 600x300, the lenses centred at (180, 150) and (420, 150). The
 * one copy: the drawing places its lenses by it, and both try-ons (the browser's live one and the
 * API's overlay of a saved photo) place the image with it.
 */
export const FRONT_FRAME_IMAGE: Readonly<FrameLenses & { width: number; height: number }> = {
  width: 600,
  height: 300,
  lensCentres: [
    { x: 180, y: 150 },
    { x: 420, y: 150 },
  ],
};

export interface FramePlacement {
  /** Where the frame's lens centres' midpoint goes in the photo (between the pupils, on the nose). */
  centre: Point;
  eyeDistancePx: number;
  /** The eye line's angle, clockwise in image coordinates (y down), radians. */
  angleRad: number;
  /** Photo pixels per frame image pixel. */
  scale: number;
  /** The frame's lens centres in the photo. */
  lensCentres: [Point, Point];
  /** The frame's bridge point (its lens centres' midpoint) moved onto the nose bridge along the eye line. */
  bridge: Point;
  /** Frame image pixels to photo pixels, as canvas `setTransform(a, b, c, d, e, f)` or SVG `matrix(...)` take it. */
  matrix: [number, number, number, number, number, number];
}

/** Adult iris diameter (horizontal visible iris), millimetres: nearly the same in every adult. */
export const IRIS_DIAMETER_MM = 11.7;
/** Adult mean pupil distance, millimetres: the scale when no iris can be trusted (less exact: it varies about 54-74 mm). */
export const PUPIL_DISTANCE_MM = 63;
/** Adult pupil distances: an iris that implies one outside this range was misread. */
export const PUPIL_DISTANCE_RANGE_MM = [54, 74] as const;
/** The iris scale is trusted when the iris is at least this wide, in pixels (the model answers whole pixels)... */
export const MIN_IRIS_PX = 12;
/** ...and the two irises agree within this share (they are the same size; the model misreads blurred or shaded eyes). */
export const IRIS_AGREEMENT = 0.12;

export const distance = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);
const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * Where a frame goes on a face: scaled so its lens centres are as far apart as the pupils,
 * rotated with the eye line, its lens centres' midpoint between the pupils.
 */
export function framePlacement(landmarks: FaceLandmarks, frame: FrameLenses = UNIT_FRAME): FramePlacement {
  const [left, right] = landmarks.pupils;
  const eyeDistancePx = distance(left, right);
  const angleRad = Math.atan2(right.y - left.y, right.x - left.x);
  const [frameLeft, frameRight] = frame.lensCentres;
  const frameDistance = distance(frameLeft, frameRight);
  if (!(frameDistance > 0)) throw new Error('The frame lens centres must be apart');
  const frameAngle = Math.atan2(frameRight.y - frameLeft.y, frameRight.x - frameLeft.x);
  const frameMid = midpoint(frameLeft, frameRight);
  const centre = midpoint(left, right);
  const scale = eyeDistancePx / frameDistance;
  const rotation = angleRad - frameAngle;
  const a = scale * Math.cos(rotation);
  const b = scale * Math.sin(rotation);
  const matrix: FramePlacement['matrix'] = [a, b, -b, a, centre.x - (a * frameMid.x - b * frameMid.y), centre.y - (b * frameMid.x + a * frameMid.y)];
  const apply = (p: Point): Point => ({ x: matrix[0] * p.x + matrix[2] * p.y + matrix[4], y: matrix[1] * p.x + matrix[3] * p.y + matrix[5] });
  // The nose bridge's position along the eye line: on a turned face it is off the pupils' midpoint.
  const along =
    eyeDistancePx > 0
      ? ((landmarks.noseBridge.x - centre.x) * (right.x - left.x) + (landmarks.noseBridge.y - centre.y) * (right.y - left.y)) / eyeDistancePx
      : 0;
  const bridge = { x: centre.x + along * Math.cos(angleRad), y: centre.y + along * Math.sin(angleRad) };
  return { centre, eyeDistancePx, angleRad, scale, lensCentres: [apply(frameLeft), apply(frameRight)], bridge, matrix };
}

export interface MillimetreScale {
  mmPerPx: number;
  /** What gave the scale: the iris diameter, or the mean pupil distance when no iris was found. */
  by: 'iris' | 'pupilDistance';
}

/** The irises' mean diameter in pixels when it can be trusted (large enough, both eyes agree, a plausible pupil distance), else undefined. */
export function trustedIrisPx(landmarks: FaceLandmarks): number | undefined {
  if (!landmarks.irisDiametersPx) return undefined;
  const [a, b] = landmarks.irisDiametersPx;
  const mean = (a + b) / 2;
  if (!(Math.min(a, b) >= MIN_IRIS_PX) || Math.abs(a - b) / mean > IRIS_AGREEMENT) return undefined;
  const pupilDistanceMm = (distance(landmarks.pupils[0], landmarks.pupils[1]) * IRIS_DIAMETER_MM) / mean;
  return pupilDistanceMm >= PUPIL_DISTANCE_RANGE_MM[0] && pupilDistanceMm <= PUPIL_DISTANCE_RANGE_MM[1] ? mean : undefined;
}

/** Millimetres per photo pixel at the face: from the iris (11.7 mm) when it can be trusted, else the mean pupil distance (63 mm). */
export function millimetreScale(landmarks: FaceLandmarks): MillimetreScale {
  const iris = trustedIrisPx(landmarks);
  if (iris) return { mmPerPx: IRIS_DIAMETER_MM / iris, by: 'iris' };
  return { mmPerPx: PUPIL_DISTANCE_MM / distance(landmarks.pupils[0], landmarks.pupils[1]), by: 'pupilDistance' };
}

/** The face's width cheekbone to cheekbone, in millimetres (one decimal). */
export function faceWidthMm(landmarks: FaceLandmarks): number {
  const widthPx = distance(landmarks.cheekbones[0], landmarks.cheekbones[1]);
  return Math.round(widthPx * millimetreScale(landmarks).mmPerPx * 10) / 10;
}

export interface FrameSizeMeasure {
  frameSize: FrameSizeClass;
  /** The neighbouring class when the width is within the measure's repeatability of a class limit ("medium, also fits wide"). */
  alsoFits?: FrameSizeClass;
  faceWidthMm: number;
  by: MillimetreScale['by'];
}

/** How far apart two measures of one face land (landmarks in whole pixels): about 1 %. */
export const REPEATABILITY_MM = 1.5;

/**
 * Face width and its size class, for the frame-size page and face profiles. Several looks at
 * one face (camera frames; a photo and its mirror image) give the median width: one look's
 * landmarks are whole pixels and wobble by 2-3 %, a size class is 6 % wide. The ruler is the
 * iris when most looks could trust it.
 */
export function measureFrameSize(...looks: [FaceLandmarks, ...FaceLandmarks[]]): FrameSizeMeasure {
  const byIris = looks.filter((look) => trustedIrisPx(look) !== undefined);
  const used = byIris.length * 2 > looks.length ? byIris : looks.filter((look) => trustedIrisPx(look) === undefined);
  const widths = used.map(faceWidthMm).sort((a, b) => a - b);
  const middle = widths.length >> 1;
  const mm = Math.round((widths.length % 2 ? widths[middle]! : (widths[middle - 1]! + widths[middle]!) / 2) * 10) / 10;
  const frameSize = sizeClass(mm);
  const neighbour = [sizeClass(mm - REPEATABILITY_MM), sizeClass(mm + REPEATABILITY_MM)].find((size) => size !== frameSize);
  return { frameSize, ...(neighbour ? { alsoFits: neighbour } : {}), faceWidthMm: mm, by: used === byIris ? 'iris' : 'pupilDistance' };
}
