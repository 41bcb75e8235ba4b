import { distance, type FaceLandmarks, type Point } from './geometry';

export type FaceProblemCode = 'notFound' | 'tooSmall' | 'turned';

export interface FaceProblem {
  code: FaceProblemCode;
  /** What the shopper reads: what went wrong and what to do. */
  message: string;
}

export const UNCLEAR_FACE = 'We could not see your face clearly.';

export const FACE_PROBLEM_MESSAGES: Record<FaceProblemCode, string> = {
  notFound: `${UNCLEAR_FACE} We found no face in this photo: face the camera in good light, with your whole face in the picture and nothing covering your eyes, and try again.`,
  tooSmall: `${UNCLEAR_FACE} Your face is too small in the picture: come closer to the camera until your face fills the oval, and try again.`,
  turned: `${UNCLEAR_FACE} Your face is turned: look straight into the camera with your head level, and try again.`,
};

/** Past these a face is too turned to measure or to fit a frame on. */
export const LIMITS = {
  /** Left-right turn, radians (20°). */
  maxYawRad: (20 * Math.PI) / 180,
  /** Head tilt, radians (30°): a tilted head still fits a frame, but not this far. */
  maxRollRad: (30 * Math.PI) / 180,
  /** The face's width (cheekbone to cheekbone) as a share of the photo's shorter side. */
  minFaceShare: 0.2,
  /** The pupils at least this many pixels apart to fit a frame. */
  minEyeDistancePx: 24,
  /** To measure: the pupils at least this many pixels apart (the model answers whole pixels: 1 px is then under 2 %). */
  minMeasureEyeDistancePx: 60,
} as const;

export interface FacePose {
  /** Left-right turn, radians: 0 facing the camera, positive when the nose is nearer the photo's right cheekbone. */
  yawRad: number;
  /** The eye line's tilt, radians (clockwise in image coordinates). */
  rollRad: number;
}

/**
 * How far the nose tip stands in front of the cheekbones' axis, over the cheekbones' half
 * distance, as the 2D landmarks see it. A rigid head gives about 1; on the package's sample
 * faces Human's own yaw (from its 3D mesh) is about 1/2.7 of what 1 gives, as the silhouette's
 * far side slides behind the cheek. 2 sits between: a rough estimate, enough to tell a face
 * turned past 20° from one looking at the camera (the next step checks it on turned photos).
 */
export const NOSE_DEPTH_RATIO = 2;

/**
 * The pose from landmarks alone: the roll is the eye line's angle; the yaw compares where the
 * nose tip falls between the cheekbones along the eye line (at the middle facing the camera;
 * towards one cheekbone as the head turns): tan(yaw) = (d_left - d_right) / (d_left + d_right) / NOSE_DEPTH_RATIO.
 */
export function facePose(landmarks: FaceLandmarks): FacePose {
  const [left, right] = landmarks.pupils;
  const rollRad = Math.atan2(right.y - left.y, right.x - left.x);
  const unit: Point = { x: Math.cos(rollRad), y: Math.sin(rollRad) };
  const along = (p: Point) => p.x * unit.x + p.y * unit.y;
  const dLeft = along(landmarks.noseTip) - along(landmarks.cheekbones[0]);
  const dRight = along(landmarks.cheekbones[1]) - along(landmarks.noseTip);
  const total = dLeft + dRight;
  const yawRad = total > 0 ? Math.atan((dLeft - dRight) / total / NOSE_DEPTH_RATIO) : Math.PI / 2;
  return { yawRad, rollRad };
}

/**
 * What keeps a face from being fitted with a frame (or, `measuring`, from being measured for a
 * frame size: the iris must then be large enough), with what to tell the shopper; [] when none.
 */
export function faceProblems(
  landmarks: FaceLandmarks | null,
  imageSize: { width: number; height: number },
  options: { measuring?: boolean } = {},
): FaceProblem[] {
  const problem = (code: FaceProblemCode): FaceProblem => ({ code, message: FACE_PROBLEM_MESSAGES[code] });
  if (!landmarks) return [problem('notFound')];
  const problems: FaceProblem[] = [];
  const faceWidthPx = distance(landmarks.cheekbones[0], landmarks.cheekbones[1]);
  const eyeDistancePx = distance(landmarks.pupils[0], landmarks.pupils[1]);
  if (
    faceWidthPx < LIMITS.minFaceShare * Math.min(imageSize.width, imageSize.height) ||
    eyeDistancePx < LIMITS.minEyeDistancePx ||
    (options.measuring && eyeDistancePx < LIMITS.minMeasureEyeDistancePx)
  )
    problems.push(problem('tooSmall'));
  const pose = facePose(landmarks);
  if (Math.abs(pose.yawRad) > LIMITS.maxYawRad || Math.abs(pose.rollRad) > LIMITS.maxRollRad) problems.push(problem('turned'));
  return problems;
}
