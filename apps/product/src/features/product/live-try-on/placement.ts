import { framePlacement, FRONT_FRAME_IMAGE, type FaceLandmarks, type Point } from '@eyewear/face';

/** Where the live try-on draws the frontal frame image on a camera picture (unmirrored camera pixels). */
export interface LivePlacement {
  /** Frame image pixels to camera pixels (canvas `transform`). */
  matrix: [number, number, number, number, number, number];
  /** The frame's lens centres on the camera picture. */
  lensCentres: [Point, Point];
  pupils: [Point, Point];
  eyeDistancePx: number;
}

/**
 * The frame scaled by the eye distance and turned with the eye line (framePlacement), then moved
 * along the eye line so its bridge sits on the nose: on a face turned a little, the nose (nearer
 * the camera than the eyes) is off the pupils' midpoint, and a frame rests on the nose.
 */
export function livePlacement(landmarks: FaceLandmarks): LivePlacement {
  const placement = framePlacement(landmarks, FRONT_FRAME_IMAGE);
  const dx = placement.bridge.x - placement.centre.x;
  const dy = placement.bridge.y - placement.centre.y;
  const [a, b, c, d, e, f] = placement.matrix;
  const [left, right] = placement.lensCentres;
  return {
    matrix: [a, b, c, d, e + dx, f + dy],
    lensCentres: [
      { x: left.x + dx, y: left.y + dy },
      { x: right.x + dx, y: right.y + dy },
    ],
    pupils: landmarks.pupils,
    eyeDistancePx: placement.eyeDistancePx,
  };
}

/**
 * One picture of the live try-on: the camera's, mirrored like a selfie, and the frame over it.
 * The frame is placed in the camera's own pixels and mirrored with them.
 */
export function drawLive(
  context: CanvasRenderingContext2D,
  video: CanvasImageSource,
  size: { width: number; height: number },
  frame: CanvasImageSource | null,
  placement: LivePlacement | null,
): void {
  context.setTransform(-1, 0, 0, 1, size.width, 0);
  context.drawImage(video, 0, 0, size.width, size.height);
  if (frame && placement) {
    context.transform(...placement.matrix);
    context.drawImage(frame, 0, 0, FRONT_FRAME_IMAGE.width, FRONT_FRAME_IMAGE.height);
  }
  context.setTransform(1, 0, 0, 1, 0, 0);
}
